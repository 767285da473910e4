import Foundation
import PlaceCore
import SeededRandom

/// The towns of the seeded synthetic names, for runs with localities and addresses
/// (``SyntheticPlaces``): one per cell of a lattice over the names' area (47–55 N, 5.5–15 E),
/// about one per 250 names (4,015 cells of 12 × 12 km at a million), each at a seeded point in
/// its cell. A name's locality is the town of its cell, as a municipality holds every street and
/// café inside its borders: then a qualifier ("Dammar Straße, Kölau") names a town the lookup
/// finds, and that town holds the records the qualifier keeps. The lattice is a function of the
/// position, so that the names stay the same records as ``SyntheticNames/record(_:seed:)``.
public struct SyntheticTowns: Sendable {
    public let rows: Int
    public let columns: Int
    let names: [String]
    let categories: [String]
    let importances: [Float]
    let points: [Coordinate]

    static let south = 47.0, north = 55.0, west = 5.5, east = 15.0
    /// Endings a town's name takes, or none: what tells a town from a street to a reader.
    static let endings = ["", "", "", "dorf", "heim", "hausen", "stadt", "feld", "au", "ingen", "beek", "wijk"]

    public var count: Int { rows * columns }

    public init(names: Int, seed: UInt64 = 43) {
        let wanted = max(64, names / 250)
        // Cells about square on the ground: at 51 N a degree of longitude is 0.63 of one of
        // latitude, so columns ≈ rows × (9.5 × 0.63) / 8.
        rows = max(1, Int((Double(wanted) / 0.748).squareRoot().rounded()))
        columns = max(1, (wanted + rows - 1) / rows)
        var names: [String] = []
        var categories: [String] = []
        var importances: [Float] = []
        var points: [Coordinate] = []
        let height = (Self.north - Self.south) / Double(rows)
        let width = (Self.east - Self.west) / Double(columns)
        for number in 0..<(rows * columns) {
            var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D ^ UInt64(number))
            _ = random.next()
            var word = ""
            for _ in 0..<(2 + Int(random.next() % 2)) {
                word += SyntheticNames.syllables[Int(random.next() % UInt64(SyntheticNames.syllables.count))]
            }
            word += Self.endings[Int(random.next() % UInt64(Self.endings.count))]
            names.append(word.prefix(1).uppercased() + word.dropFirst())
            // A few cities, some towns, mostly villages: the reach the lookup gives each differs.
            let u = random.unit()
            let v = Float(random.unit())
            if u < 0.03 {
                categories.append("place=city")
                importances.append(0.6 + 0.35 * v)
            } else if u < 0.25 {
                categories.append("place=town")
                importances.append(0.3 + 0.3 * v)
            } else {
                categories.append("place=village")
                importances.append(0.05 + 0.25 * v)
            }
            let row = Double(number / columns), column = Double(number % columns)
            points.append(
                Coordinate(
                    Self.south + (row + 0.2 + 0.6 * random.unit()) * height,
                    Self.west + (column + 0.2 + 0.6 * random.unit()) * width))
        }
        self.names = names
        self.categories = categories
        self.importances = importances
        self.points = points
    }

    /// The number of the town whose cell holds `coordinate`.
    public func town(containing coordinate: Coordinate) -> Int {
        let row = Int((coordinate.latitude - Self.south) / (Self.north - Self.south) * Double(rows))
        let column = Int((coordinate.longitude - Self.west) / (Self.east - Self.west) * Double(columns))
        return min(max(row, 0), rows - 1) * columns + min(max(column, 0), columns - 1)
    }

    public func name(_ town: Int) -> String { names[town] }

    public func country(_ town: Int) -> String { Self.country(points[town]) }

    /// Town number `town` as a place: "Kölau", a village, "place=village".
    public func record(_ town: Int) -> NameRecord {
        let category = categories[town]
        return NameRecord(
            id: "town\(town)", name: names[town], kind: .place, importance: importances[town], coordinate: points[town],
            detail: String(category.dropFirst(6)).capitalized, countryCode: country(town), category: category)
    }

    /// A rough map of the region, so that the builder's country records (and a trailing
    /// "… Österreich") have countries to stand for: not borders, eight codes by box.
    static func country(_ point: Coordinate) -> String {
        let (latitude, longitude) = (point.latitude, point.longitude)
        if longitude < 6.2, latitude > 51.3 { return "NL" }
        if longitude < 6.2, latitude > 49.5 { return "BE" }
        if longitude < 7.5, latitude < 49.5 { return "FR" }
        if latitude < 47.8 { return longitude < 9.6 ? "CH" : "AT" }
        if longitude > 14.2, latitude > 51 { return "PL" }
        if longitude > 12.1, latitude > 48.6, latitude < 51 { return "CZ" }
        return "DE"
    }
}
