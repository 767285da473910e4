import Synchronization

/// The graph's pedestrian areas by cell of a coarse grid, so that asking whether a point stands
/// on a square looks at the few areas around it instead of every area of the graph (a country has
/// hundreds of thousands, and a ranking asks once per candidate). Built from the areas' boxes on
/// the first question, once per open graph; the file itself is unchanged.
final class AreaCells: Sendable {
    /// A hundredth of a degree (about 1.1 km north–south) in the file's fixed point.
    private static let cellSize: Int64 = 100_000
    /// An area spanning more cells than this (a park of many kilometres) is kept in one list
    /// asked for every point, rather than in each of its cells.
    private static let widest: Int64 = 64

    private struct Cells: Sendable {
        var byCell: [Int64: [Int32]] = [:]
        var wide: [Int32] = []
    }

    private let cells = Mutex<Cells?>(nil)

    init() {}

    /// The areas whose box may hold the point, in the file's order (the order every caller saw
    /// when it read all areas).
    func candidates(latitude: Int32, longitude: Int32, in view: GraphView) -> [Int] {
        cells.withLock { built in
            if built == nil { built = Self.build(view) }
            guard let built else { return [] }
            let found = built.byCell[Self.key(Self.cell(latitude), Self.cell(longitude))] ?? []
            guard !built.wide.isEmpty else { return found.map(Int.init) }
            return (found + built.wide).sorted().map(Int.init)
        }
    }

    private static func build(_ view: GraphView) -> Cells {
        var cells = Cells()
        for index in 0..<view.areaCount {
            let area = view.area(index)
            let (south, north) = (cell(area.south), cell(area.north))
            let (west, east) = (cell(area.west), cell(area.east))
            guard north >= south, east >= west else { continue }
            if (north - south + 1) * (east - west + 1) > widest {
                cells.wide.append(Int32(index))
                continue
            }
            for row in south...north {
                for column in west...east { cells.byCell[key(row, column), default: []].append(Int32(index)) }
            }
        }
        return cells
    }

    /// Rounded down, also below zero (the southern and western hemispheres).
    private static func cell(_ value: Int32) -> Int64 {
        let value = Int64(value)
        return value >= 0 ? value / cellSize : -((-value + cellSize - 1) / cellSize)
    }

    private static func key(_ row: Int64, _ column: Int64) -> Int64 { row << 32 | (column & 0xFFFF_FFFF) }
}
