import Foundation
import PlaceCore

/// Where each record lies, for the records that do not say: the town around it and its country,
/// from the settlements written before it (places come first in the file, the most important
/// first, so every town is known before the first street), and the centre of the imported data.
///
/// A query's qualifier ("Senaatintori, Helsinki") is checked against a record's locality, so a
/// record needs one whether its import knew it (an address's `addr:city`) or not (a café in an
/// extract whose towns came from GeoNames).
struct Localities {
    private struct Settlement {
        /// Where its name lies in `names`.
        var name: Range<Int>
        /// Two letters, or none.
        var country: (UInt8, UInt8)?
        var latitude: Double
        var longitude: Double
        /// Metres its name reaches from its point.
        var reach: Double
    }

    private var settlements: [Settlement] = []
    /// The settlements' names end to end: a country's places are hundreds of thousands of
    /// settlements, and an array of each one's name and one of its country were two allocations each.
    private var names: [UInt8] = []
    /// Settlements by cell of ``cellDegrees``.
    private var cells: [Int: [Int32]] = [:]
    /// Records with a position by cell of ``dataCellDegrees``: count and sums of latitude and longitude.
    private var data: [Int: (count: Int, latitude: Double, longitude: Double)] = [:]

    static let cellDegrees = 0.25
    static let dataCellDegrees = 0.5
    /// The farthest any settlement reaches (a city), metres.
    static let longestReach = 15_000.0

    /// How far a settlement's name reaches: a city 15 km, a town 5 km, a village 2 km, a hamlet
    /// 1 km (as Nominatim's search ranks size them); a gazetteer's row ("place=city" for every
    /// town of GeoNames) by its importance, which its population set.
    static func reach(category: UnsafeRawBufferPointer?, importance: Float) -> Double? {
        guard let category, category.starts(with: "place=".utf8) else { return nil }
        // Compared as bytes, not made a string: this is asked twice for every record written.
        let value = category.dropFirst(6)
        if value.elementsEqual("city".utf8) {
            return importance >= 0.8 ? 15_000 : importance >= 0.7 ? 8_000 : importance >= 0.6 ? 4_000 : 2_000
        }
        if value.elementsEqual("town".utf8) || value.elementsEqual("municipality".utf8) { return 5_000 }
        if value.elementsEqual("village".utf8) { return 2_000 }
        if value.elementsEqual("hamlet".utf8) { return 1_000 }
        return nil
    }

    /// Notes a place record as a settlement when it is one.
    mutating func note(place record: PayloadReader) {
        guard let position = record.position, let reach = Self.reach(category: record.category, importance: record.importance) else {
            return
        }
        add(name: record.name, country: record.country, latitude: Double(position.0) / 1e7, longitude: Double(position.1) / 1e7, reach: reach)
    }

    /// Notes a town of another index (another import's segment), as a place record of this one
    /// would be noted.
    mutating func note(town name: [UInt8], country: [UInt8], latitude: Double, longitude: Double, reach: Double) {
        name.withUnsafeBytes { name in
            country.withUnsafeBytes { country in add(name: name, country: country, latitude: latitude, longitude: longitude, reach: reach) }
        }
    }

    private mutating func add(
        name: some Collection<UInt8>, country: UnsafeRawBufferPointer, latitude: Double, longitude: Double, reach: Double
    ) {
        let start = names.count
        names.append(contentsOf: name)
        let settlement = Settlement(
            name: start..<names.count, country: country.count == 2 ? (country[0], country[1]) : nil, latitude: latitude,
            longitude: longitude, reach: reach)
        cells[Self.cell(latitude, longitude), default: []].append(Int32(settlements.count))
        settlements.append(settlement)
    }

    /// The town `position` lies in (the one whose reach it is deepest inside) and that town's
    /// country. The name is a slice of the settlements' names: let go of it before noting
    /// another settlement, or noting it copies them all.
    func locality(latitude: Double, longitude: Double) -> (name: ArraySlice<UInt8>, country: (UInt8, UInt8)?)? {
        guard !settlements.isEmpty else { return nil }
        let row = Int((latitude / Self.cellDegrees).rounded(.down))
        let column = Int((longitude / Self.cellDegrees).rounded(.down))
        let cosine = max(0.05, cos(latitude * .pi / 180))
        let columns = min(8, Int((Self.longestReach / (Self.cellDegrees * 111_195 * cosine)).rounded(.up)))
        var best: (settlement: Int, ratio: Double)?
        for dy in -1...1 {
            for dx in -columns...columns {
                for number in cells[(row + dy) &* 100_000 &+ (column + dx)] ?? [] {
                    let settlement = settlements[Int(number)]
                    let metres = Self.roughDistance(latitude, longitude, settlement.latitude, settlement.longitude, cosine: cosine)
                    let ratio = metres / settlement.reach
                    guard ratio <= 1, ratio < best?.ratio ?? .infinity else { continue }
                    best = (Int(number), ratio)
                }
            }
        }
        return best.map { (names[settlements[$0.settlement].name], settlements[$0.settlement].country) }
    }

    /// Counts a record of the imported data towards its centre.
    mutating func note(data latitude: Double, _ longitude: Double) {
        let key = Int((latitude / Self.dataCellDegrees).rounded(.down)) &* 100_000 &+ Int((longitude / Self.dataCellDegrees).rounded(.down))
        let sums = data[key] ?? (0, 0, 0)
        data[key] = (sums.count + 1, sums.latitude + latitude, sums.longitude + longitude)
    }

    /// The middle of the densest half-degree cell of streets, POIs and addresses: the extract most
    /// of them came from. Nil when there are none (only name lists).
    var dataCentre: (latitude: Double, longitude: Double)? {
        guard let densest = data.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) })?.value else { return nil }
        return (densest.latitude / Double(densest.count), densest.longitude / Double(densest.count))
    }

    private static func cell(_ latitude: Double, _ longitude: Double) -> Int {
        Int((latitude / cellDegrees).rounded(.down)) &* 100_000 &+ Int((longitude / cellDegrees).rounded(.down))
    }

    private static func roughDistance(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double, cosine: Double) -> Double {
        let dx = (lon2 - lon1) * cosine
        let dy = lat2 - lat1
        return (dx * dx + dy * dy).squareRoot() * 111_195
    }
}
