import Foundation
import PlaceImport
public import PlaceCore
import WalkingGraph

/// Walking routes over the imported streets, offline: the `local` routing provider. It routes on
/// the graph that covers both ends (each imported OpenStreetMap file has its own); when none does
/// but one covers the start and another the end, through where their ways meet
/// (``WalkingGraph/route(from:to:continuingOn:)``).
public struct LocalRouting: RoutingProvider {
    /// `local`, as `--provider local` and `route --offline` name it.
    public static let providerID: ProviderID = "local"

    /// The provider's id: ``providerID``.
    public let id = LocalRouting.providerID
    let storePath: String
    let graphs: @Sendable () -> WalkingGraphs

    /// Ready once an import has left a walking graph beside the store.
    public var status: ProviderStatus {
        guard WalkingGraphFiles.exist(storePath: storePath) else {
            return .notReady(.nothingImported(store: storePath))
        }
        return ProviderStatus(
            source: .local, reason: .localSource("the walking graphs of the imported streets"), attribution: "OpenStreetMap data, ODbL")
    }

    /// A walking route over the imported ways; ends off the ways are joined to them on foot.
    /// - Throws: ``ProviderError``: `unsupported` for a mode other than walking, `notFound` when no
    ///   graph covers the ends or no walk joins them.
    public func route(_ request: RouteRequest) async throws -> Route {
        guard request.mode == .walking else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only walking routes, not \(request.mode.rawValue)")
        }
        let graphs = graphs()
        guard let graph = graphs.covering(request.origin, request.destination) else {
            // Each end on another import's streets (two neighbouring extracts): a walk through where
            // their ways meet.
            if let first = graphs.covering(request.origin), let second = graphs.covering(request.destination),
                first !== second
            {
                do {
                    return try first.route(from: request.origin, to: request.destination, continuingOn: second)
                        .route(provider: id)
                } catch {
                    throw ProviderError(
                        provider: id, kind: .notFound,
                        message: "the start is on the streets of one import and the end on another's, and no walk joins "
                            + "them where those streets meet (\(error.description))",
                        remedy: .advice("import an OpenStreetMap extract that covers both ends, or route with the network"),
                        underlyingError: error)
                }
            }
            throw ProviderError(
                provider: id, kind: .notFound, message: Self.uncovered(request, graphs),
                remedy: .advice("import an OpenStreetMap extract that covers both ends, or route with the network"))
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

extension LocalRouting {
    /// Which end of a walk the imported streets do not reach, and how far the nearest are: "the
    /// imported streets do not reach the start, 52.3641,4.883: the nearest, amsterdam_centrum.osm's,
    /// are 468 m away". (A name list adds no streets: only OpenStreetMap files are named.)
    static func uncovered(_ request: RouteRequest, _ graphs: WalkingGraphs) -> String {
        var parts: [String] = []
        for (end, point) in [("the start", request.origin), ("the end", request.destination)] where graphs.covering(point) == nil {
            guard let nearest = graphs.nearest(to: point) else { continue }
            let name = URL(fileURLWithPath: nearest.source).lastPathComponent
            parts.append("\(end), \(point): the nearest, \(name)'s, are \(PlacesService.distanceWords(nearest.metres)) away")
        }
        guard !parts.isEmpty else {
            return "the imported streets reach \(request.origin) and \(request.destination), but not both in one import's streets"
        }
        return "the imported streets do not reach " + parts.joined(separator: "; nor ")
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
