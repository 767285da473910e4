/// How to travel. Only walking is asked for today; the others exist so that a provider can say
/// it cannot.
public enum TravelMode: String, Sendable, CaseIterable, Codable {
    case walking, cycling, driving
}

/// A route asked for: from where, to where, how.
public struct RouteRequest: Sendable, Equatable {
    /// Where the route starts.
    public var origin: Coordinate
    /// Where the route ends.
    public var destination: Coordinate
    /// How to travel; walking unless said otherwise.
    public var mode: TravelMode

    /// Makes a request for a route from `origin` to `destination` by `mode`, walking unless said otherwise.
    public init(origin: Coordinate, destination: Coordinate, mode: TravelMode = .walking) {
        self.origin = origin
        self.destination = destination
        self.mode = mode
    }
}

/// A provider of routes (Google Directions, OSRM, the local walking graph). It is a ``Provider``
/// like the others, so it shares the catalog, the cassettes and `places providers`, but it
/// searches no places.
public protocol RoutingProvider: Provider {
    /// The best route for `request`.
    /// - Throws: ``ProviderError``: `.notFound` when there is no route between the points, other
    ///   kinds as for search.
    func route(_ request: RouteRequest) async throws -> Route
}
