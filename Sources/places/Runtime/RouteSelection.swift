import Foundation
import PlaceSearch
import PlaceProviders

extension Runtime {
    /// The routing providers of the catalog, in catalog order.
    var routingProviders: [any RoutingProvider] { registry.providers.compactMap { $0 as? any RoutingProvider } }

    /// The provider to route with: the one named, else the first that is ready with its own key
    /// (Google, when GOOGLE_MAPS_API_KEY is set), else the first keyless one (OSRM).
    func routingProvider(named name: String?) throws -> any RoutingProvider {
        let providers = routingProviders
        if let name {
            guard let provider = providers.first(where: { $0.id.rawValue == name }) else {
                throw CLIError(
                    "unknown routing provider '\(name)'; use one of \(providers.map(\.id.rawValue).joined(separator: ", "))", status: .usage)
            }
            guard provider.status.isReady else { throw CLIError("\(provider.id) cannot route: \(provider.status.detail)", status: .config) }
            return provider
        }
        if let keyed = providers.first(where: { credential(for: $0.id) != nil && $0.status.isReady }) { return keyed }
        // Without a key, the keyless one (a replayed Google answer would not be what the user has);
        // a keyless one that is misconfigured is said, not passed over.
        let keyless = Set(ProviderCatalog.all.filter { $0.keyVariable == nil }.map(\.id))
        guard let fallback = providers.first(where: { keyless.contains($0.id) }) ?? providers.first(where: { $0.status.isReady }) else {
            throw CLIError("no routing provider is ready; see 'places providers'", status: .config)
        }
        guard fallback.status.isReady else { throw CLIError("\(fallback.id) cannot route: \(fallback.status.detail)", status: .config) }
        return fallback
    }

    /// A route from the provider, under its deadline, with failures as one line and an exit code.
    func route(_ request: RouteRequest, with provider: any RoutingProvider) async throws -> Route {
        do {
            let route = try await withDeadline(aggregator.deadline(for: provider.id)) { try await provider.route(request) }
            if let note = await replayNote() { StandardError.line("places: \(note)") }
            if let note = await recordNote() { StandardError.line("places: \(note)") }
            return route
        } catch {
            if let note = await replayNote() { StandardError.line("places: \(note)") }
            let failure = ProviderError(provider: provider.id, wrapping: error)
            throw CLIError(failure.description, status: ExitStatus.forFailure(failure.kind))
        }
    }
}
