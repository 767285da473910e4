public import PlaceCore

/// A walk that starts on one graph's ways and ends on another's: two OpenStreetMap extracts
/// imported separately (two neighbouring regions) whose streets meet where the extracts touch.
///
/// Where they meet is where a point of one graph's ways lies on the other's (``meetingTolerance``):
/// the same OSM node in both files, or the same position. Only points near the way between the two
/// ends are looked at (within ``detourFactor`` of the straight line, as an ellipse), so the work
/// grows with the walk, not with the graphs.
extension WalkingGraph {
    /// Metres within which a point of one graph's way counts as on the other's: positions are kept
    /// to 1e-7 degrees (1 cm), so the same node read from two files lies well within it.
    public static let meetingTolerance = 0.5
    /// How much longer than the straight line a joined walk may be: the meeting points looked at lie
    /// where a walk through them would be at most this many times as long (plus ``detourSlack``).
    static let detourFactor = 2.0
    static let detourSlack = 1_000.0
    /// Most meeting points weighed (evenly thinned beyond): a long shared border has many.
    static let mostMeetingPoints = 400

    /// The shortest walk from `origin`, on this graph's ways, to `destination`, on `other`'s, through
    /// a point where their ways meet.
    /// - Throws: ``WalkingRouteError``: `.noPath` when their ways do not meet between the two ends
    ///   (or no walk reaches a meeting point), `.emptyGraph` for a graph without ways.
    public func route(from origin: Coordinate, to destination: Coordinate, continuingOn other: WalkingGraph)
        throws(WalkingRouteError) -> WalkingRoute
    {
        guard let start = snap(origin).map(onMainNetwork), let end = other.snap(destination).map(other.onMainNetwork)
        else { throw WalkingRouteError(.emptyGraph) }
        let limit = Self.detourFactor * origin.distance(to: destination) + Self.detourSlack
        let meetings = meetingPoints(
            with: other, from: start, to: end, origin: origin, destination: destination, within: limit)
        guard !meetings.isEmpty else { throw WalkingRouteError(.noPath(from: start, to: end)) }
        // One search on each side weighs every meeting point: from the origin on this graph, and
        // from the destination on the other (ways walked the other way round: a one-way footpath
        // may make the chosen point's walk longer than weighed, never impossible, as it is routed
        // properly below).
        let here = distances(from: origin, to: meetings, within: limit)
        let there = other.distances(from: destination, to: meetings, within: limit)
        var best: (index: Int, metres: Double)?
        for index in meetings.indices {
            guard let first = here[index], let second = there[index] else { continue }
            let metres = first.alongWays + second.alongWays
            if metres < best?.metres ?? .infinity { best = (index, metres) }
        }
        guard let best,
            let leaving = snap(meetings[best.index], inComponent: start.component, within: Self.meetingTolerance),
            let arriving = other.snap(meetings[best.index], inComponent: end.component, within: Self.meetingTolerance)
        else { throw WalkingRouteError(.noPath(from: start, to: end)) }
        let first = try stretches(from: start, to: leaving)
        let second = try other.stretches(from: arriving, to: end)
        let stretches = first.stretches + second.stretches
        var path: [Coordinate] = []
        for stretch in stretches { path.appendJoining(stretch.path) }
        if path.isEmpty { path = [start.coordinate, end.coordinate] }
        let metres = first.metres + second.metres
        return WalkingRoute(
            origin: start, destination: end, distance: metres, duration: metres / Self.walkingSpeed, path: path,
            steps: Instructions.steps(for: stretches, speed: Self.walkingSpeed),
            settledNodes: first.settled + second.settled)
    }

    /// The points of this graph's ways, on `start`'s network, that lie on `other`'s ways on `end`'s
    /// network, among those where a walk from `origin` through them to `destination` would be at
    /// most `limit` metres as the crow flies: only the grid cells around that ellipse are read.
    func meetingPoints(
        with other: WalkingGraph, from start: SnappedPoint, to end: SnappedPoint, origin: Coordinate,
        destination: Coordinate, within limit: Double
    ) -> [Coordinate] {
        guard let here = bounds, let there = other.bounds, view.pointCount > 1 else { return [] }
        let pad = Self.meetingTolerance
        let overlap = (
            south: max(here.south, there.south), west: max(here.west, there.west),
            north: min(here.north, there.north), east: min(here.east, there.east)
        )
        let middle = Coordinate(
            (origin.latitude + destination.latitude) / 2, (origin.longitude + destination.longitude) / 2)
        let scale = LocalScale(latitude: middle.latitude)
        let halfLatitude = (limit / 2 + pad) / scale.metresPerDegreeLatitude
        let halfLongitude = (limit / 2 + pad) / max(scale.metresPerDegreeLongitude, 1)
        let padLatitude = pad / scale.metresPerDegreeLatitude
        let padLongitude = pad / max(scale.metresPerDegreeLongitude, 1)
        let south = max(overlap.south - padLatitude, middle.latitude - halfLatitude)
        let north = min(overlap.north + padLatitude, middle.latitude + halfLatitude)
        let west = max(overlap.west - padLongitude, middle.longitude - halfLongitude)
        let east = min(overlap.east + padLongitude, middle.longitude + halfLongitude)
        guard south <= north, west <= east else { return [] }
        let grid = view.grid
        let top = grid.row(FixedPoint.value(south))
        let bottom = grid.row(FixedPoint.value(north))
        let left = grid.column(FixedPoint.value(west))
        let right = grid.column(FixedPoint.value(east))
        let box = (
            south: FixedPoint.value(south), west: FixedPoint.value(west), north: FixedPoint.value(north),
            east: FixedPoint.value(east)
        )
        var seen = Set<Int64>()
        var found: [Coordinate] = []
        for row in top...bottom {
            for column in left...right {
                for entry in view.cellEntries(row: row, column: column) {
                    let first = view.cellEntry(entry)
                    for point in [first, first + 1] where point < view.pointCount {
                        let latitude = view.pointLatitude(point)
                        let longitude = view.pointLongitude(point)
                        guard latitude >= box.south, latitude <= box.north, longitude >= box.west,
                            longitude <= box.east,
                            seen.insert(Int64(latitude) << 32 | Int64(UInt32(bitPattern: longitude))).inserted
                        else { continue }
                        let coordinate = Coordinate(FixedPoint.degrees(latitude), FixedPoint.degrees(longitude))
                        guard origin.distance(to: coordinate) + coordinate.distance(to: destination) <= limit,
                            let chain = view.chain(containingPoint: first),
                            componentOfChain(chain) == start.component,
                            other.snap(coordinate, inComponent: end.component, within: pad) != nil
                        else { continue }
                        found.append(coordinate)
                    }
                }
            }
        }
        guard found.count > Self.mostMeetingPoints else { return found }
        let step = Double(found.count) / Double(Self.mostMeetingPoints)
        return (0..<Self.mostMeetingPoints).map { found[Int(Double($0) * step)] }
    }
}
