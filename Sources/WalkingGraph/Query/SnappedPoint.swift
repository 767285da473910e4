public import PlaceSearch

/// Where a coordinate meets the walking graph: the nearest point on any walkable way.
public struct SnappedPoint: Sendable, Equatable {
    /// The coordinate asked about.
    public var requested: Coordinate
    /// The nearest point on a walkable way.
    public var coordinate: Coordinate
    /// Metres from ``requested`` to ``coordinate``: how far off the ways the point was (in the
    /// water, inside a building, off the extract).
    public var distance: Double
    /// The name of the way it lies on, when it has one.
    public var wayName: String?
    /// What sort of way that is.
    public var wayKind: WayKind

    /// The chain it lies on, and metres along that chain from its start.
    let chain: Int
    let offset: Double
    /// The connected part of the graph it is in.
    let component: Int
}

extension WalkingGraph {
    /// The nearest point on a walkable way to `coordinate`, however far; nil only for a graph
    /// without ways.
    ///
    /// The grid cells around the point are searched ring by ring until no unsearched cell can hold
    /// anything nearer than what was found, so a point in the middle of a lake costs a few more
    /// rings, and one off the extract starts from the grid's edge.
    public func snap(_ coordinate: Coordinate) -> SnappedPoint? { snap(coordinate, inComponent: nil) }

    /// The nearest point on a way of `component` (any, when nil): a point whose nearest way is a
    /// fragment no other way joins (a footway inside a building, a pier) is placed on the network
    /// the rest of the walk is on instead, as OSRM does.
    func snap(_ coordinate: Coordinate, inComponent component: Int?) -> SnappedPoint? {
        guard view.chainCount > 0, view.pointCount > 1 else { return nil }
        let grid = view.grid
        let latitude = FixedPoint.value(coordinate.latitude)
        let longitude = FixedPoint.value(coordinate.longitude)
        let scale = LocalScale(latitude: coordinate.latitude)
        let perUnitLatitude = scale.metresPerDegreeLatitude / FixedPoint.perDegree
        let perUnitLongitude = scale.metresPerDegreeLongitude / FixedPoint.perDegree
        let centreRow = grid.row(latitude)
        let centreColumn = grid.column(longitude)
        let rows = Int(grid.rows)
        let columns = Int(grid.columns)
        var best = (squared: Double.infinity, point: -1, fraction: 0.0)

        func examine(row: Int, column: Int) {
            for entry in view.cellEntries(row: row, column: column) {
                let point = view.cellEntry(entry)
                guard point + 1 < view.pointCount else { continue }
                let ay = Double(Int64(view.pointLatitude(point)) - Int64(latitude)) * perUnitLatitude
                let ax = Double(Int64(view.pointLongitude(point)) - Int64(longitude)) * perUnitLongitude
                let dy = Double(Int64(view.pointLatitude(point + 1)) - Int64(latitude)) * perUnitLatitude - ay
                let dx = Double(Int64(view.pointLongitude(point + 1)) - Int64(longitude)) * perUnitLongitude - ax
                let squaredLength = dx * dx + dy * dy
                let fraction = squaredLength > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squaredLength)) : 0
                let px = ax + fraction * dx
                let py = ay + fraction * dy
                let squared = px * px + py * py
                if squared < best.squared || (squared == best.squared && point < best.point) {
                    // The component is looked up only for a point that would win: a binary search each.
                    if let component, componentOfPoint(point) != component { continue }
                    best = (squared, point, fraction)
                }
            }
        }

        var ring = 0
        while true {
            let top = max(0, centreRow - ring), bottom = min(rows - 1, centreRow + ring)
            let left = max(0, centreColumn - ring), right = min(columns - 1, centreColumn + ring)
            for row in top...bottom {
                if row == centreRow - ring || row == centreRow + ring {
                    for column in left...right { examine(row: row, column: column) }
                } else {
                    if centreColumn - ring >= 0 { examine(row: row, column: centreColumn - ring) }
                    if ring > 0, centreColumn + ring < columns { examine(row: row, column: centreColumn + ring) }
                }
            }
            // The nearest any cell outside this box can be: the distance past its nearest open side.
            var outside = Double.infinity
            if top > 0 {
                let edge = Int64(grid.south) + Int64(top) * Int64(grid.cellHeight)
                outside = min(outside, max(0, Double(Int64(latitude) - edge) * perUnitLatitude))
            }
            if bottom < rows - 1 {
                let edge = Int64(grid.south) + Int64(bottom + 1) * Int64(grid.cellHeight)
                outside = min(outside, max(0, Double(edge - Int64(latitude)) * perUnitLatitude))
            }
            if left > 0 {
                let edge = Int64(grid.west) + Int64(left) * Int64(grid.cellWidth)
                outside = min(outside, max(0, Double(Int64(longitude) - edge) * perUnitLongitude))
            }
            if right < columns - 1 {
                let edge = Int64(grid.west) + Int64(right + 1) * Int64(grid.cellWidth)
                outside = min(outside, max(0, Double(edge - Int64(longitude)) * perUnitLongitude))
            }
            if outside == .infinity || outside * outside >= best.squared { break }
            ring += 1
        }
        guard best.point >= 0, let chainIndex = view.chain(containingPoint: best.point) else { return nil }
        return snappedPoint(
            requested: coordinate, chain: view.chain(chainIndex), point: best.point, fraction: best.fraction,
            distance: best.squared.squareRoot())
    }

    /// The component of the chain `point` is on.
    private func componentOfPoint(_ point: Int) -> Int? {
        guard let index = view.chain(containingPoint: point) else { return nil }
        let chain = view.chain(index)
        return (chain.start ?? chain.end).map { view.component($0) }
    }

    /// How much farther the main network may be than a fragment for a point to be put on it: a
    /// footway inside a building or a stub of path a few metres nearer than the street is not
    /// where a walk should start, but an island across the water is.
    static let fragmentSlack = 50.0

    /// `point` moved onto the largest component when it lies on another and that network is at
    /// most ``fragmentSlack`` farther than its own way; else `point` as it is. Routes and
    /// one-to-many searches place their ends alike, so they agree.
    func onMainNetwork(_ point: SnappedPoint) -> SnappedPoint {
        let main = largestComponent
        guard point.component != main, let moved = snap(point.requested, inComponent: main),
            moved.distance <= point.distance + Self.fragmentSlack
        else { return point }
        return moved
    }

    /// The largest component: the network most walks are on.
    var largestComponent: Int {
        var largest = (component: 0, size: -1)
        for component in 0..<view.componentCount where view.componentSize(component) > largest.size {
            largest = (component, view.componentSize(component))
        }
        return largest.component
    }

    private func snappedPoint(requested: Coordinate, chain: Chain, point: Int, fraction: Double, distance: Double)
        -> SnappedPoint?
    {
        let last = chain.firstPoint + chain.pointCount - 1
        guard chain.pointCount >= 2, point >= chain.firstPoint, point < last else { return nil }
        var offset = 0.0
        for index in chain.firstPoint..<point { offset += view.segmentLength(index) }
        offset += view.segmentLength(point) * fraction
        let latitude =
            Double(view.pointLatitude(point))
            + (Double(view.pointLatitude(point + 1)) - Double(view.pointLatitude(point))) * fraction
        let longitude =
            Double(view.pointLongitude(point))
            + (Double(view.pointLongitude(point + 1)) - Double(view.pointLongitude(point))) * fraction
        guard let node = chain.start ?? chain.end,
            let coordinate = try? Coordinate(
                latitude: latitude / FixedPoint.perDegree, longitude: longitude / FixedPoint.perDegree)
        else { return nil }
        return SnappedPoint(
            requested: requested, coordinate: coordinate, distance: distance, wayName: view.name(chain.name),
            wayKind: chain.kind,
            chain: chain.index, offset: min(offset, chain.length), component: view.component(node))
    }
}

extension GraphView {
    /// Metres of the segment from `point` to the next, measured as the builder measured it.
    @inline(__always) func segmentLength(_ point: Int) -> Double {
        guard point + 1 < pointCount else { return 0 }
        return LocalScale.segmentLength(
            pointLatitude(point), pointLongitude(point), pointLatitude(point + 1), pointLongitude(point + 1))
    }
}
