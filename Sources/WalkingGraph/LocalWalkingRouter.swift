public import PlaceCore

/// Walking routes from the imported walking graph, offline: the `local` routing provider.
///
/// Thin on purpose: it adapts ``WalkingGraph/route(from:to:)`` to the routing seam and maps "no
/// walk" to ``ProviderError`` `.notFound`, keeping the typed ``WalkingRouteError`` as the
/// underlying error for callers that want both snapped points.
public struct LocalWalkingRouter: RoutingProvider {
    public static let providerID: ProviderID = "local"

    public let id = LocalWalkingRouter.providerID
    public let graph: WalkingGraph

    public init(graph: WalkingGraph) { self.graph = graph }

    public var status: ProviderStatus {
        ProviderStatus(source: .local, reason: .localSource("the walking graph \(graph.path)"), attribution: "OpenStreetMap data, ODbL")
    }

    public func route(_ request: RouteRequest) async throws -> Route {
        guard request.mode == .walking else {
            throw ProviderError(
                provider: id, kind: .unsupported, message: "only walking routes, not \(request.mode.rawValue)")
        }
        do {
            return try graph.route(from: request.origin, to: request.destination).route(provider: id)
        } catch {
            throw ProviderError(
                provider: id, kind: .notFound, message: error.description,
                remedy: .advice("check that both points can be reached on foot in the imported area"), underlyingError: error)
        }
    }
}
