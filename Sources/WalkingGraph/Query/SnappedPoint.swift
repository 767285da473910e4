public import PlaceCore

/// Where a coordinate meets the walking graph: inside a pedestrian area it stands in, else the
/// nearest point on a way a person standing there could walk (see ``WalkingGraph/snap(_:)``).
public struct SnappedPoint: Sendable, Equatable {
    /// The coordinate asked about.
    public var requested: Coordinate
    /// Where the walk starts or ends: on a way, or ``requested`` itself inside a pedestrian area.
    public var coordinate: Coordinate
    /// Metres from ``requested`` to ``coordinate``: how far off the ways the point was (in the
    /// water, inside a building, off the extract); 0 inside a pedestrian area.
    public var distance: Double
    /// The name of the way or area it lies on, when it has one.
    public var wayName: String?
    /// What sort of way that is.
    public var wayKind: WayKind
    /// What the way is like: a tunnel, indoors, open to some only, across a square.
    public var traits: WayTraits
    /// When no way under the sky and open to all was near, so a tunnel, an indoor or a restricted
    /// way was taken: how far such a way was looked for, in metres (``WalkingGraph/openWayReach``).
    public var fallbackReach: Double?

    /// The chain it lies on (−1 in an area), and metres along that chain from its start.
    let chain: Int
    let offset: Double
    /// The connected part of the graph it is in.
    let component: Int
    /// The pedestrian areas it stands in or on the edge of (two squares that share an edge), the
    /// one it is inside first: walked straight across from the point itself.
    let areas: [Int]
    var area: Int? { areas.first }

    /// True when the point stands inside a pedestrian area (a square) and the walk crosses it
    /// straight from there.
    public var isInArea: Bool { area != nil }

    /// True when only a tunnel, an indoor or a restricted way was near enough to start from.
    public var fellBack: Bool { fallbackReach != nil }
}

extension WalkingGraph {
    /// How far a way under the sky and open to all is looked for before a start or an end is put
    /// on a tunnel, an indoor corridor or a way open to some only: at least this many metres…
    public static let openWayReach = 150.0
    /// …and at least this many times as far as the nearest way of any sort.
    public static let openWayFactor = 3.0

    /// Where a walk from or to `coordinate` starts or ends; nil only for a graph without ways.
    ///
    /// - Inside a pedestrian area (a square, open to all and under the sky) the point itself, at
    ///   0 m: the walk crosses the area straight to where ways meet it.
    /// - Else the nearest point on a way under the sky and open to all, when one is within
    ///   ``openWayReach`` metres or ``openWayFactor`` times the distance to the nearest way of any
    ///   sort, whichever is farther: standing on a square above a tunnel is standing on the square.
    /// - Else the nearest way of any sort (a tunnel, an indoor corridor, a way for customers
    ///   only), and the point says so (``SnappedPoint/fallbackReach``).
    ///
    /// The grid cells around the point are searched ring by ring until no unsearched cell can hold
    /// anything nearer than what was found, so a point in the middle of a lake costs a few more
    /// rings, and one off the extract starts from the grid's edge.
    public func snap(_ coordinate: Coordinate) -> SnappedPoint? {
        if let inArea = snapInArea(coordinate) { return inArea }
        return snap(coordinate, inComponent: nil)
    }

    /// The nearest point on a way of `component` (any, when nil), by the same preference: a point
    /// whose nearest way is a fragment no other way joins (a footway inside a building, a pier) is
    /// placed on the network the rest of the walk is on instead, as OSRM does.
    ///
    /// Only cells within `radius` metres are looked at: a way of `component` farther than that is
    /// not found (nil), however large the graph. Ways nearer than `radius` are found as without it,
    /// and so is the open one when ``reach(nearest:)`` of the nearest is within `radius`.
    func snap(_ coordinate: Coordinate, inComponent component: Int?, within radius: Double = .infinity)
        -> SnappedPoint?
    {
        nearest(coordinate, inComponent: component, within: radius).point
    }

    /// ``snap(_:inComponent:within:)``, and how many grid cells it looked at (its work).
    func nearest(_ coordinate: Coordinate, inComponent component: Int?, within radius: Double = .infinity)
        -> (point: SnappedPoint?, cells: Int)
    {
        guard view.chainCount > 0, view.pointCount > 1 else { return (nil, 0) }
        var cells = 0
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
        typealias Best = (squared: Double, point: Int, fraction: Double)
        var nearest: Best = (.infinity, -1, 0)
        var open: Best = (.infinity, -1, 0)

        func examine(row: Int, column: Int) {
            cells += 1
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
                // The nearest open way is never nearer than the nearest way: only a point that beats
                // the open one can change either, and only then is its chain looked up.
                guard squared < open.squared || (squared == open.squared && point < open.point) else { continue }
                guard let chain = view.chain(containingPoint: point) else { continue }
                if let component, componentOfChain(chain) != component { continue }
                if squared < nearest.squared || (squared == nearest.squared && point < nearest.point) {
                    nearest = (squared, point, fraction)
                }
                if view.chainTraits(chain).isOpen { open = (squared, point, fraction) }
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
            // Nothing farther than `radius` is wanted: a restricted search stays near the point.
            if outside == .infinity || outside > radius { break }
            // Done when the nearest way is settled, and so is the open one or how far it may be.
            let squaredOutside = outside * outside
            if squaredOutside >= nearest.squared
                && (squaredOutside >= open.squared || outside >= reach(nearest: nearest.squared.squareRoot()))
            {
                break
            }
            ring += 1
        }
        let limit = reach(nearest: nearest.squared.squareRoot())
        let fellBack = open.point < 0 || open.squared.squareRoot() > limit
        let best = fellBack ? nearest : open
        guard best.point >= 0, best.squared <= radius * radius,
            let chainIndex = view.chain(containingPoint: best.point)
        else { return (nil, cells) }
        let point = snappedPoint(
            requested: coordinate, chain: view.chain(chainIndex), point: best.point, fraction: best.fraction,
            distance: best.squared.squareRoot(), fallbackReach: fellBack ? limit : nil)
        return (point, cells)
    }

    /// How far an open way may be for a point whose nearest way of any sort is `nearest` metres off.
    func reach(nearest: Double) -> Double { max(Self.openWayReach, Self.openWayFactor * nearest) }

    /// The component of a chain.
    func componentOfChain(_ index: Int) -> Int? {
        let chain = view.chain(index)
        return (chain.start ?? chain.end).map { view.component($0) }
    }

    /// How much farther the main network may be than a fragment for a point to be put on it: a
    /// footway inside a building or a stub of path a few metres nearer than the street is not
    /// where a walk should start, but an island across the water is.
    static let fragmentSlack = 50.0

    /// `point` moved onto a larger network when one passes within ``fragmentSlack`` metres farther
    /// than its own way: the largest of those, the nearest way on it; else `point` as it is. Routes
    /// and one-to-many searches place their ends alike, so they agree.
    ///
    /// "Larger" is among the networks near the point, not the graph's largest: a country has many
    /// islands and exclaves (and a tiled test country thousands of equal towns), and the point
    /// belongs on the town's streets it stands in, wherever the country's largest network is. Both
    /// searches look only at cells within those metres, so the cost does not grow with the graph.
    func onMainNetwork(_ point: SnappedPoint) -> SnappedPoint {
        let radius = point.distance + Self.fragmentSlack
        let ownSize = view.componentSize(point.component)
        let larger = componentsNear(point.requested, within: radius)
            .map { (component: $0, size: view.componentSize($0)) }
            .filter { $0.size > ownSize }
            .sorted { ($0.size, -$0.component) > ($1.size, -$1.component) }
        for candidate in larger {
            // The open way is looked for as far as the nearest way's reach, so that the point lands
            // where ``snap(_:)`` would put it on that network alone.
            if let moved = snap(point.requested, inComponent: candidate.component, within: reach(nearest: radius)),
                moved.distance <= radius
            {
                return moved
            }
        }
        return point
    }

    /// `point` placed on `component` instead when a way of it passes within ``fragmentSlack`` metres
    /// farther than its own: the other end of a walk is there, and a few metres more at this end
    /// join the two. Nil when no way of `component` is that near.
    func moved(_ point: SnappedPoint, toComponent component: Int) -> SnappedPoint? {
        if point.component == component { return point }
        let radius = point.distance + Self.fragmentSlack
        guard let moved = snap(point.requested, inComponent: component, within: reach(nearest: radius)),
            moved.distance <= radius
        else { return nil }
        return moved
    }

    /// The components with a way within `radius` metres of `coordinate`, in ascending order: the
    /// cells within those metres are looked at, no more.
    func componentsNear(_ coordinate: Coordinate, within radius: Double) -> [Int] {
        guard view.chainCount > 0, view.pointCount > 1, radius >= 0, radius.isFinite else { return [] }
        let grid = view.grid
        let latitude = FixedPoint.value(coordinate.latitude)
        let longitude = FixedPoint.value(coordinate.longitude)
        let scale = LocalScale(latitude: coordinate.latitude)
        let perUnitLatitude = scale.metresPerDegreeLatitude / FixedPoint.perDegree
        let perUnitLongitude = scale.metresPerDegreeLongitude / FixedPoint.perDegree
        let spanLatitude = Int64((radius / max(perUnitLatitude, .leastNonzeroMagnitude)).rounded(.up))
        let spanLongitude = Int64((radius / max(perUnitLongitude, .leastNonzeroMagnitude)).rounded(.up))
        let top = grid.row(Int32(clamping: Int64(latitude) - spanLatitude))
        let bottom = grid.row(Int32(clamping: Int64(latitude) + spanLatitude))
        let left = grid.column(Int32(clamping: Int64(longitude) - spanLongitude))
        let right = grid.column(Int32(clamping: Int64(longitude) + spanLongitude))
        let squaredRadius = radius * radius
        var found = Set<Int>()
        var chainsSeen = Set<Int>()
        for row in min(top, bottom)...max(top, bottom) {
            for column in min(left, right)...max(left, right) {
                for entry in view.cellEntries(row: row, column: column) {
                    let point = view.cellEntry(entry)
                    guard point + 1 < view.pointCount else { continue }
                    let ay = Double(Int64(view.pointLatitude(point)) - Int64(latitude)) * perUnitLatitude
                    let ax = Double(Int64(view.pointLongitude(point)) - Int64(longitude)) * perUnitLongitude
                    let dy = Double(Int64(view.pointLatitude(point + 1)) - Int64(latitude)) * perUnitLatitude - ay
                    let dx =
                        Double(Int64(view.pointLongitude(point + 1)) - Int64(longitude)) * perUnitLongitude - ax
                    let squaredLength = dx * dx + dy * dy
                    let fraction =
                        squaredLength > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squaredLength)) : 0
                    let px = ax + fraction * dx
                    let py = ay + fraction * dy
                    guard px * px + py * py <= squaredRadius, let chain = view.chain(containingPoint: point),
                        chainsSeen.insert(chain).inserted, let component = componentOfChain(chain)
                    else { continue }
                    found.insert(component)
                }
            }
        }
        return found.sorted()
    }

    private func snappedPoint(
        requested: Coordinate, chain: Chain, point: Int, fraction: Double, distance: Double, fallbackReach: Double?
    ) -> SnappedPoint? {
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
            wayKind: chain.kind, traits: chain.traits, fallbackReach: fallbackReach,
            chain: chain.index, offset: min(offset, chain.length), component: view.component(node), areas: [])
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
