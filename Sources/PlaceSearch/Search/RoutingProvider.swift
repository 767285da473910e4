/// How to travel. Only walking is asked for today; the others exist so that a provider can say
/// it cannot.
public enum TravelMode: String, Sendable, CaseIterable, Codable {
    case walking, cycling, driving
}

/// A route asked for: from where, to where, how.
public struct RouteRequest: Sendable, Equatable {
    public var origin: Coordinate
    public var destination: Coordinate
    public var mode: TravelMode

    public init(origin: Coordinate, destination: Coordinate, mode: TravelMode = .walking) {
        self.origin = origin
        self.destination = destination
        self.mode = mode
    }
}

/// A provider that can also compute routes (Google Directions, OSRM). It is a ``PlaceProvider``
/// so that it shares the registry, the cassettes and `places providers`; a routing-only
/// provider answers no search category.
public protocol RoutingProvider: PlaceProvider {
    /// The best route for `request`.
    /// - Throws: ``ProviderError``: `.notFound` when there is no route between the points, other
    ///   kinds as for search.
    func route(_ request: RouteRequest) async throws -> Route
}
