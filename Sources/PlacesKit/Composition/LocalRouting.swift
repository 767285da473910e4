import Foundation
public import PlaceSearch
import WalkingGraph

/// Walking routes over the imported streets, offline: the `local` routing provider. It routes on
/// the graph that covers both ends (each imported OpenStreetMap file has its own).
public struct LocalRouting: RoutingProvider {
    public static let providerID: ProviderID = "local"

    public let id = LocalRouting.providerID
    let storePath: String
    let graphs: @Sendable () -> WalkingGraphs

    public var status: ProviderStatus {
        guard WalkingGraphs.exist(storePath: storePath) else {
            return .notReady(.nothingImported(store: storePath))
        }
        return ProviderStatus(
            source: .local, reason: .localSource("the walking graphs of the imported streets"), attribution: "OpenStreetMap data, ODbL")
    }

    public func route(_ request: RouteRequest) async throws -> Route {
        guard request.mode == .walking else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only walking routes, not \(request.mode.rawValue)")
        }
        guard let graph = graphs().covering(request.origin, request.destination) else {
            throw ProviderError(
                provider: id, kind: .notFound,
                message: "the imported streets do not reach both \(request.origin) and \(request.destination)",
                remedy: Remedy(.importData))
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

/// A live router that, when neither the network nor a recording can answer, routes over the
/// imported streets instead (said once).
struct LocalFallbackRouting: RoutingProvider {
    let live: any RoutingProvider
    let local: LocalRouting
    let notices: NoticeSink

    var id: ProviderID { live.id }
    var status: ProviderStatus { live.status }

    func route(_ request: RouteRequest) async throws -> Route {
        do {
            return try await live.route(request)
        } catch let failure as ProviderError where ImportedFallbackProvider.fallsBack(failure) {
            let route = try await local.route(request)
            notices.say("\(live.id): \(failure.message); routed over the imported streets instead")
            return route
        }
    }
}
