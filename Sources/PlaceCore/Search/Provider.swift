/// Anything `places` asks for answers: a source of places, of routes or of names.
///
/// What a provider can do is what it conforms to: ``PlaceProvider`` (search, and
/// ``PlaceDetailsProvider`` for details), ``RoutingProvider``, ``GeocodingProvider``. The catalog
/// and `places providers` list them all alike, by ``id`` and ``status``.
public protocol Provider: Sendable {
    /// The provider's short name; it prefixes the ids of the places it returns.
    var id: ProviderID { get }
    /// Whether it can answer now, where its answers come from, and why. Must not touch the network.
    var status: ProviderStatus { get }
}

/// What a provider can do, named for listings: `search`, `details`, `routing`, `geocoding`.
public enum ProviderFeature: String, Sendable, CaseIterable, Comparable {
    case search, details, routing, geocoding

    /// Orders features by name: details, geocoding, routing, search.
    public static func < (lhs: ProviderFeature, rhs: ProviderFeature) -> Bool { lhs.rawValue < rhs.rawValue }
}

// MARK: - Default implementations

extension Provider {
    /// Derived from what the provider conforms to, so there is no second list to keep in step.
    public var features: [ProviderFeature] {
        var features: [ProviderFeature] = []
        if let places = self as? any PlaceProvider, !places.capabilities.categories.isEmpty { features.append(.search) }
        if self is any PlaceDetailsProvider { features.append(.details) }
        if self is any RoutingProvider { features.append(.routing) }
        if self is any GeocodingProvider { features.append(.geocoding) }
        return features
    }
}
