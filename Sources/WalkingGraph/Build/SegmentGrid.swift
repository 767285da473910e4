/// A uniform grid over the graph's points for snapping: each cell lists every segment of way that
/// passes through it, so the nearest way to a point is found by looking at the cells around it
/// ring by ring.
enum SegmentGrid {
    /// Where the grid lies, in fixed-point degrees (``FixedPoint``).
    struct Layout: Equatable {
        var south: Int32
        var west: Int32
        var cellHeight: Int32
        var cellWidth: Int32
        var rows: UInt32
        var columns: UInt32

        static let empty = Layout(south: 0, west: 0, cellHeight: 1_000_000, cellWidth: 1_000_000, rows: 1, columns: 1)

        var cellCount: Int { Int(rows) * Int(columns) }

        /// The cell row of a latitude, clamped to the grid (a point outside is searched from the edge).
        @inline(__always) func row(_ latitude: Int32) -> Int {
            let row = (Int64(latitude) - Int64(south)) / Int64(cellHeight)
            return Int(max(0, min(Int64(rows) - 1, row)))
        }

        @inline(__always) func column(_ longitude: Int32) -> Int {
            let column = (Int64(longitude) - Int64(west)) / Int64(cellWidth)
            return Int(max(0, min(Int64(columns) - 1, column)))
        }
    }

    /// Metres a cell is on each side at least: below this, cells hold so few segments that the
    /// ring search costs more than it saves.
    static let smallestCell = 25.0
    /// Segments per cell aimed at.
    static let segmentsPerCell = 6.0
    /// Most cells a grid may have (16 MB of cell offsets), for a graph the size of a country.
    static let mostCells = 1 << 22

    static func build(into graph: inout AssembledGraph) {
        let pointCount = graph.points.count / 2
        guard pointCount > 0 else { return }
        let bounds = GraphWriter.bounds(of: graph.points)
        let middle = (Double(bounds.south) + Double(bounds.north)) / 2 / FixedPoint.perDegree
        let scale = LocalScale(latitude: middle)
        let height =
            Double(Int64(bounds.north) - Int64(bounds.south)) / FixedPoint.perDegree * scale.metresPerDegreeLatitude
        let width =
            Double(Int64(bounds.east) - Int64(bounds.west)) / FixedPoint.perDegree * scale.metresPerDegreeLongitude
        let segments = Double(max(1, pointCount - graph.chains.count))
        var edge = max(smallestCell, ((height * width) / max(1, segments / segmentsPerCell)).squareRoot())
        var layout = Layout.empty
        repeat {
            let cellHeight = Int32(clamping: max(1, Int64(edge / scale.metresPerDegreeLatitude * FixedPoint.perDegree)))
            let cellWidth = Int32(
                clamping: max(1, Int64(edge / max(1, scale.metresPerDegreeLongitude) * FixedPoint.perDegree)))
            let rows = (Int64(bounds.north) - Int64(bounds.south)) / Int64(cellHeight) + 1
            let columns = (Int64(bounds.east) - Int64(bounds.west)) / Int64(cellWidth) + 1
            layout = Layout(
                south: bounds.south, west: bounds.west, cellHeight: cellHeight, cellWidth: cellWidth,
                rows: UInt32(rows),
                columns: UInt32(columns))
            edge *= 1.5
        } while layout.cellCount > mostCells
        graph.grid = layout

        // Two passes over the same enumeration: count, then fill.
        var counts = [UInt32](repeating: 0, count: layout.cellCount + 1)
        var lastSegment = [UInt32](repeating: UInt32.max, count: layout.cellCount)
        forEachSegmentCell(graph, layout) { cell, segment in
            if lastSegment[cell] != segment {
                lastSegment[cell] = segment
                counts[cell + 1] += 1
            }
        }
        for cell in 0..<layout.cellCount { counts[cell + 1] += counts[cell] }
        graph.cellFirst = counts
        var entries = [UInt32](repeating: 0, count: Int(counts[layout.cellCount]))
        var next = counts
        lastSegment = [UInt32](repeating: UInt32.max, count: layout.cellCount)
        forEachSegmentCell(graph, layout) { cell, segment in
            if lastSegment[cell] != segment {
                lastSegment[cell] = segment
                entries[Int(next[cell])] = segment
                next[cell] += 1
            }
        }
        graph.cellEntries = entries
    }

    /// Calls `visit` with every cell a segment passes through (and possibly a neighbour or two),
    /// for every segment. A long segment is cut into pieces no longer than a cell, and each piece
    /// covers the cells of its box, so no cell the segment crosses is missed.
    private static func forEachSegmentCell(_ graph: AssembledGraph, _ layout: Layout, _ visit: (Int, UInt32) -> Void) {
        let points = graph.points
        for chain in graph.chains {
            let first = Int(chain.firstPoint)
            for point in first..<(first + Int(chain.pointCount) - 1) {
                let latitude1 = points[point * 2], longitude1 = points[point * 2 + 1]
                let latitude2 = points[point * 2 + 2], longitude2 = points[point * 2 + 3]
                let steps = max(
                    1,
                    Int(abs(Int64(latitude2) - Int64(latitude1)) / Int64(layout.cellHeight)),
                    Int(abs(Int64(longitude2) - Int64(longitude1)) / Int64(layout.cellWidth)))
                var previous = (latitude1, longitude1)
                for step in 1...steps {
                    let fraction = Double(step) / Double(steps)
                    let current =
                        step == steps
                        ? (latitude2, longitude2)
                        : (
                            Int32(Double(latitude1) + (Double(latitude2) - Double(latitude1)) * fraction),
                            Int32(Double(longitude1) + (Double(longitude2) - Double(longitude1)) * fraction)
                        )
                    let rows = layout.row(min(previous.0, current.0))...layout.row(max(previous.0, current.0))
                    let columns = layout.column(min(previous.1, current.1))...layout.column(max(previous.1, current.1))
                    for row in rows {
                        for column in columns { visit(row * Int(layout.columns) + column, UInt32(point)) }
                    }
                    previous = current
                }
            }
        }
    }
}
