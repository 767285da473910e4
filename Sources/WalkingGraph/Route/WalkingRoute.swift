public import PlaceCore

/// A walk over the graph: where each end was placed on the ways, the path, and the steps.
public struct WalkingRoute: Sendable, Equatable {
    /// Where the origin was placed on the ways, and how far it was from them.
    public var origin: SnappedPoint
    public var destination: SnappedPoint
    /// Metres along the ways, from the origin's snapped point to the destination's.
    public var distance: Double
    /// Seconds at ``WalkingGraph/walkingSpeed``.
    public var duration: Double
    /// The path, from the origin's snapped point to the destination's.
    public var path: [Coordinate]
    /// One per stretch of the same way, then the arrival.
    public var steps: [RouteStep]
    /// Nodes the search settled: its work, for benchmarks.
    public var settledNodes: Int

    /// Snapped points further than this from the asked point are said in the route's warnings.
    public static let noticeableSnap = 25.0

    /// The walk as PlaceCore's ``Route`` (one leg), for the renderers and the route monitor.
    public func route(provider: ProviderID = LocalWalkingRouter.providerID) -> Route {
        var warnings: [String] = []
        if let warning = Self.warning(origin, end: "start", verb: "begins") { warnings.append(warning) }
        if let warning = Self.warning(destination, end: "destination", verb: "ends") { warnings.append(warning) }
        let leg = RouteLeg(distance: distance, duration: duration, steps: steps)
        return Route(
            provider: provider, path: path, distance: distance, duration: duration, legs: [leg], summary: summary,
            warnings: warnings,
            attribution: WalkingGraph.attribution, start: origin.routeEnd, end: destination.routeEnd)
    }

    /// What to say about where one end was placed: far off the ways, or only on a way nobody in
    /// the open is on.
    private static func warning(_ point: SnappedPoint, end: String, verb: String) -> String? {
        let metres = Int(point.distance.rounded())
        if let reach = point.fallbackReach {
            let ground = point.routeEnd.ground == .tunnel ? "in a tunnel" : point.routeEnd.ground == .indoors ? "indoors" : "on a way not open to all"
            return "The \(end) is \(metres) m from the nearest way, \(ground): no street or path open to all under the sky is within "
                + "\(Int(reach.rounded())) m; the walk \(verb) there."
        }
        guard point.distance > noticeableSnap else { return nil }
        return "The \(end) is \(metres) m from the nearest walkable way; the walk \(verb) there."
    }

    /// The two streets walked longest, in walking order, as OSRM summarises: "Damrak, Rokin". A
    /// street walked in two stretches (a turn between) counts once, with both ("Rokin, Rokin" was said).
    var summary: String? { Self.summary(of: steps) }

    static func summary(of steps: [RouteStep]) -> String? {
        var metres: [String: Double] = [:]
        var first: [String: Int] = [:]
        for (offset, step) in steps.enumerated() where step.maneuver != "arrive" {
            guard let name = step.name else { continue }
            metres[name, default: 0] += step.distance
            if first[name] == nil { first[name] = offset }
        }
        let longest = metres.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(2).map(\.key)
        let names = longest.sorted { (first[$0] ?? 0) < (first[$1] ?? 0) }
        return names.isEmpty ? nil : names.joined(separator: ", ")
    }
}

/// How far a walk to one place is, from ``WalkingGraph/distances(from:to:within:)``.
public struct WalkDistance: Sendable, Equatable {
    /// Metres along the ways, between the two snapped points.
    public var alongWays: Double
    /// Metres off the ways: from the origin to its nearest way, and from the target's nearest way
    /// to the target (a café's door is rarely on the street's centre line).
    public var offWays: Double
    /// Where the walk joined the ways at each end, when known.
    public var ends: WalkEnds?

    /// The whole walk, in metres.
    public var metres: Double { alongWays + offWays }
    /// Seconds at ``WalkingGraph/walkingSpeed``.
    public var seconds: Double { metres / WalkingGraph.walkingSpeed }

    public init(alongWays: Double, offWays: Double, ends: WalkEnds? = nil) {
        self.alongWays = alongWays
        self.offWays = offWays
        self.ends = ends
    }
}

extension WalkingGraph {
    /// The shortest walk from `origin` to `destination`, each placed where a person standing there
    /// can walk (``snap(_:)``: inside a square, else the nearest way under the sky and open to all).
    /// - Throws: ``WalkingRouteError``: `.noPath` when no walk joins them (different islands, or
    ///   one-way paths), `.emptyGraph` for a graph without ways.
    public func route(from origin: Coordinate, to destination: Coordinate) throws(WalkingRouteError) -> WalkingRoute {
        guard var start = snap(origin).map(onMainNetwork), var end = snap(destination).map(onMainNetwork) else {
            throw WalkingRouteError(.emptyGraph)
        }
        if start.component != end.component {
            // Each end went to the largest network near it; when those differ, one end may still
            // stand within a few metres of the other's (two towns whose streets nearly touch).
            if let joined = moved(end, toComponent: start.component) {
                end = joined
            } else if let joined = moved(start, toComponent: end.component) {
                start = joined
            }
        }
        return try route(from: start, to: end)
    }

    /// The shortest walk between two points already snapped (``snap(_:)``).
    public func route(from origin: SnappedPoint, to destination: SnappedPoint) throws(WalkingRouteError) -> WalkingRoute {
        let walk = try stretches(from: origin, to: destination)
        var path: [Coordinate] = []
        for stretch in walk.stretches { path.appendJoining(stretch.path) }
        if path.isEmpty { path = [origin.coordinate, destination.coordinate] }
        let steps = Instructions.steps(for: walk.stretches, speed: Self.walkingSpeed)
        return WalkingRoute(
            origin: origin, destination: destination, distance: walk.metres,
            duration: walk.metres / Self.walkingSpeed, path: path,
            steps: steps, settledNodes: walk.settled)
    }

    /// The shortest walk between two snapped points as stretches of way, each with its name and
    /// points: what a route's steps are made of.
    func stretches(from origin: SnappedPoint, to destination: SnappedPoint) throws(WalkingRouteError)
        -> (metres: Double, stretches: [Instructions.Stretch], settled: Int)
    {
        guard origin.component == destination.component else {
            throw WalkingRouteError(.noPath(from: origin, to: destination))
        }
        let view = self.view
        let scale = heuristicScale
        let found = try pool.withSpace { space throws(WalkingRouteError) in
            guard
                let found = PointToPointSearch(view: view, scale: scale, space: space).run(
                    from: origin, to: destination)
            else {
                throw WalkingRouteError(.noPath(from: origin, to: destination))
            }
            return found
        }
        var stretches: [Instructions.Stretch] = []
        for piece in found.pieces {
            let points = view.coordinates(of: piece)
            let label = view.label(of: piece)
            stretches.append(
                Instructions.Stretch(name: label.name, kind: label.kind, path: points, metres: piece.length))
        }
        return (found.metres, stretches, found.settled)
    }

    /// Walking distances from `origin` to each of `targets`, in one search that stops when all are
    /// settled: what ranking needs for a list of candidates.
    ///
    /// Each target is placed as ``snap(_:)`` places it; nil where no walk reaches it (another
    /// island, or further than `limit` metres along the ways).
    public func distances(from origin: Coordinate, to targets: [Coordinate], within limit: Double = .infinity)
        -> [WalkDistance?]
    {
        guard let start = snap(origin).map(onMainNetwork) else { return targets.map { _ in nil } }
        // A target on another network than the origin's is placed on the origin's when that is
        // within a few metres more (a café between two towns' streets).
        let snapped = targets.map { target in
            snap(target).map(onMainNetwork).map { moved($0, toComponent: start.component) ?? $0 }
        }
        let view = self.view
        let metres =
            (try? pool.withSpace { space throws(WalkingRouteError) in
                OneToManySearch(view: view, space: space).run(from: start, to: snapped, limit: limit)
            }) ?? targets.map { _ in nil }
        return zip(metres, snapped).map { along, end in
            guard let along, let end else { return nil }
            return WalkDistance(
                alongWays: along, offWays: start.distance + end.distance,
                ends: WalkEnds(start: start.routeEnd, end: end.routeEnd))
        }
    }
}

extension SnappedPoint {
    /// Where the walk joins the ways, as PlaceCore's routes say it.
    public var routeEnd: RouteEnd {
        let ground: RouteEnd.Ground =
            if isInArea { .area } else if traits.contains(.underground) { .tunnel } else if traits.contains(.indoor) {
                .indoors
            } else if traits.contains(.restricted) { .restricted } else { .way }
        return RouteEnd(
            distance: distance, name: wayName, wayDescription: wayKind.unnamedDescription, ground: ground,
            fallbackReach: fallbackReach)
    }
}
