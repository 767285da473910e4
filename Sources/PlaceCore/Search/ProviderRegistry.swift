/// Every provider the program knows, by id, in a stable order: place providers, routers and
/// geocoders alike.
public struct ProviderRegistry: Sendable {
    /// Every registered provider, in the order registered; one that replaces another goes to the end.
    public private(set) var all: [any Provider]

    /// Makes a registry of `providers`, registered in order: a later one replaces an earlier one with the same id.
    public init(_ providers: [any Provider] = []) {
        self.all = []
        for provider in providers { register(provider) }
    }

    /// Adds a provider, replacing one with the same id.
    public mutating func register(_ provider: any Provider) {
        all.removeAll { $0.id == provider.id }
        all.append(provider)
    }

    /// The ids of every provider, in registry order.
    public var ids: [ProviderID] { all.map(\.id) }

    /// The provider with `id`, or nil when none is registered.
    public func provider(_ id: ProviderID) -> (any Provider)? {
        all.first { $0.id == id }
    }

    /// The providers that search places.
    public var placeProviders: [any PlaceProvider] { all.compactMap { $0 as? any PlaceProvider } }

    /// The providers that route, in registry order.
    public var routingProviders: [any RoutingProvider] { all.compactMap { $0 as? any RoutingProvider } }

    /// The providers that geocode, in registry order.
    public var geocodingProviders: [any GeocodingProvider] { all.compactMap { $0 as? any GeocodingProvider } }

    /// The providers that answer `category`, optionally only those in `selection` (in registry order).
    /// Without a selection, those that answer it only on request are left out.
    public func providers(for category: SearchCategory, among selection: Set<ProviderID>? = nil) -> [any PlaceProvider] {
        placeProviders.filter { provider in
            guard provider.answers(category) else { return false }
            guard let selection else { return !provider.capabilities.onRequest.contains(category) }
            return selection.contains(provider.id)
        }
    }
}
