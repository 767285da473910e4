/// Every provider the program knows, by id, in a stable order.
public struct ProviderRegistry: Sendable {
    public private(set) var providers: [any PlaceProvider]

    public init(_ providers: [any PlaceProvider] = []) {
        self.providers = []
        for provider in providers { register(provider) }
    }

    /// Adds a provider, replacing one with the same id.
    public mutating func register(_ provider: any PlaceProvider) {
        providers.removeAll { $0.id == provider.id }
        providers.append(provider)
    }

    public var ids: [ProviderID] { providers.map(\.id) }

    public func provider(_ id: ProviderID) -> (any PlaceProvider)? {
        providers.first { $0.id == id }
    }

    /// The providers that answer `category`, optionally only those in `selection` (in registry order).
    /// Without a selection, those that answer it only on request are left out.
    public func providers(for category: SearchCategory, among selection: Set<ProviderID>? = nil) -> [any PlaceProvider] {
        providers.filter { provider in
            guard provider.answers(category) else { return false }
            guard let selection else { return !provider.capabilities.onRequest.contains(category) }
            return selection.contains(provider.id)
        }
    }
}
