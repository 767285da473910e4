import Foundation
import PlaceCore

/// Points by name and cell, for "the same name within so many metres" (a city's node and its
/// boundary, a square and the street of its name). A list per name grows with the country — every
/// town has its "Dorpsstraat", every tile of a tiled extract its own "Dam" — and comparing each
/// place with every other of its name made the merge quadratic; here a point is compared only with
/// the points of its name in the cells around it.
///
/// Entries are numbers the caller gives (its own array's indices); ``candidates(named:near:)`` may
/// return some beyond the reach, and the caller measures them as before, so the answers are exactly
/// those of comparing with every point of the name.
struct NamesNearby {
    private struct Key: Hashable {
        var name: String
        var row: Int32
        var column: Int32
    }

    /// Metres that count as near.
    let reach: Double
    /// Cell edge in degrees, of latitude and of longitude: at least `reach` north to south, so a
    /// point within reach is at most one row away.
    private let cellDegrees: Double
    /// Columns round the globe: the cells east and west wrap at the antimeridian.
    private let columns: Int
    private var cells: [Key: [Int]] = [:]

    init(reach: Double) {
        self.reach = reach
        // A degree of latitude is 110.57–111.69 km on the ellipsoid: 110 km keeps a margin.
        cellDegrees = max(reach / 110_000, 1e-6)
        columns = Int((360 / cellDegrees).rounded(.up))
    }

    var isEmpty: Bool { cells.isEmpty }

    mutating func insert(_ number: Int, named name: String, at point: Coordinate) {
        cells[key(name, point), default: []].append(number)
    }

    /// Takes an entry out, for moving it: `point` must be where it was inserted.
    mutating func remove(_ number: Int, named name: String, at point: Coordinate) {
        let key = key(name, point)
        cells[key]?.removeAll { $0 == number }
        if cells[key]?.isEmpty == true { cells[key] = nil }
    }

    /// Every entry of `name` that may be within ``reach`` of `point`, in no particular order.
    func candidates(named name: String, near point: Coordinate) -> [Int] {
        let row = Self.row(point.latitude, cellDegrees)
        // A degree of longitude is narrowest on the parallel nearest the pole that a point within
        // reach can lie on; 0.9 of it covers the geodesic's bow toward the pole.
        let poleward = min(89.999, abs(point.latitude) + 2 * cellDegrees)
        let metresPerColumn = cellDegrees * 111_000 * cos(poleward * .pi / 180) * 0.9
        let span = Int((reach / metresPerColumn).rounded(.up))
        let column = Self.column(point.longitude, cellDegrees, columns)
        let columnOffsets: [Int] = 2 * span + 1 >= columns ? Array(0..<columns).map { $0 - column } : Array(-span...span)
        var found: [Int] = []
        for dy in -1...1 {
            for dx in columnOffsets {
                let wrapped = ((column + dx) % columns + columns) % columns
                if let numbers = cells[Key(name: name, row: Int32(row + dy), column: Int32(wrapped))] { found += numbers }
            }
        }
        return found
    }

    private func key(_ name: String, _ point: Coordinate) -> Key {
        Key(name: name, row: Int32(Self.row(point.latitude, cellDegrees)), column: Int32(Self.column(point.longitude, cellDegrees, columns)))
    }

    private static func row(_ latitude: Double, _ cellDegrees: Double) -> Int {
        Int(((latitude + 90) / cellDegrees).rounded(.down))
    }

    private static func column(_ longitude: Double, _ cellDegrees: Double, _ columns: Int) -> Int {
        min(columns - 1, max(0, Int(((longitude + 180) / cellDegrees).rounded(.down))))
    }
}
