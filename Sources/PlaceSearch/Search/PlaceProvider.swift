/// A source of places: an API, a feed, an imported data set.
///
/// ## Implementing a provider
/// A provider is a `Sendable` value (a struct holding its configuration and an ``HTTPClient``)
/// that the ``Aggregator`` calls concurrently with others, under a deadline.
///
/// - ``search(_:)`` returns the places the source knows for the request, mapped to ``Place``:
///   the provider's categories also become ``PlaceConcept``s, ratings are given with their own
///   scale, and opening hours carry the place's time zone when the source says it.
/// - Throw ``ProviderError`` for anything that went wrong (use ``ProviderError/init(provider:wrapping:)``
///   for errors from the HTTP client), never trap and never return partial garbage: the aggregator
///   reports the failure by name while the other providers still answer.
/// - Honour task cancellation: the aggregator cancels a provider at its deadline.
/// - Send every request through the ``HTTPClient`` you were given, so that cassettes, retries and
///   logging apply; do not branch on recording or replay yourself.
///
/// A minimal provider, and the test every provider should pass:
///
/// ```swift
/// struct FixedProvider: PlaceProvider {
///     let id: ProviderID = "fixed"
///     let capabilities = ProviderCapabilities(categories: [.coffee])
///     let places: [Place]
///     func search(_ request: SearchRequest) async throws -> [Place] {
///         places.filter { $0.coordinate.distance(to: request.focus) <= request.radius }
///     }
/// }
///
/// @Test func answersWithinItsRadius() async throws {
///     let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 500)
///     let places = try await provider.search(request)
///     #expect(places.allSatisfy { $0.id.provider == provider.id })
///     #expect(places.allSatisfy { $0.coordinate.distance(to: request.focus) <= request.radius * 1.1 })
/// }
/// ```
public protocol PlaceProvider: Sendable {
    /// The provider's short name; it prefixes the ids of the places it returns.
    var id: ProviderID { get }
    /// What it can answer.
    var capabilities: ProviderCapabilities { get }
    /// Whether it can answer now, and why not. Must not touch the network.
    var status: ProviderStatus { get }
    func search(_ request: SearchRequest) async throws -> [Place]
}

/// A provider that can also tell everything it knows about one of its places.
public protocol PlaceDetailsProvider: PlaceProvider {
    /// The place with hours, tips and photos filled where the source has them.
    /// - Throws: ``ProviderError`` with kind `.notFound` when the id is unknown.
    func details(for id: PlaceID) async throws -> Place
}

/// The categories a provider answers and the extra things it can do.
public struct ProviderCapabilities: Sendable, Equatable {
    public enum Feature: String, Sendable, CaseIterable, Comparable {
        case search, details, autocomplete, routing

        public static func < (lhs: Feature, rhs: Feature) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    public var categories: Set<SearchCategory>
    public var features: Set<Feature>
    /// Categories it answers only when the user names it (`--provider osm`): it can, but its
    /// answers would mostly add noise to the others' (OpenStreetMap car parks have no prices).
    public var onRequest: Set<SearchCategory>

    public init(categories: Set<SearchCategory>, features: Set<Feature> = [.search], onRequest: Set<SearchCategory> = []) {
        self.categories = categories.union(onRequest)
        // A routing-only provider answers no category, so it does not search.
        self.features = self.categories.isEmpty ? features.subtracting([.search]) : features.union([.search])
        self.onRequest = onRequest
    }
}

/// Whether a provider can answer, in words for `places providers`.
public struct ProviderStatus: Sendable, Equatable {
    public var isReady: Bool
    /// One word: `live`, `replay`, `record`, `missing`, or why it cannot answer (`no key`).
    public var mode: String
    /// A sentence: where answers come from, or what to do to make it ready.
    public var detail: String
    /// Whose data its answers are, where a licence asks to say so (OpenStreetMap's ODbL); each
    /// source once, with its own licence.
    public var credits: [DataCredit]

    public init(isReady: Bool, mode: String, detail: String, credits: [DataCredit] = []) {
        self.isReady = isReady
        self.mode = mode
        self.detail = detail
        self.credits = credits
    }
}

extension ProviderStatus {
    /// The status of a provider that needs no key: always ready; where its answers come from in
    /// `client`'s mode. `about` says whose data the live service serves ("OpenStreetMap data, ODbL").
    public static func keyless(_ client: HTTPClient, host: String, about: String) -> ProviderStatus {
        let recordings = client.cassetteLocation ?? "cassettes"
        return switch client.mode {
        case .replay: ProviderStatus(isReady: true, mode: "replay", detail: "keyless; answers from \(recordings)")
        case .live: ProviderStatus(isReady: true, mode: "live", detail: "keyless; \(host) (\(about))")
        case .record, .missing: ProviderStatus(isReady: true, mode: client.mode.rawValue, detail: "keyless; \(host), recording into \(recordings)")
        }
    }
}

extension ProviderStatus {
    /// The status of a provider that needs a key: replay answers without one; the other modes need
    /// it, and say where to put it. `service` names what the key opens ("api.foursquare.com").
    public static func keyed(
        _ client: HTTPClient, key: Credential?, keyVariable: String, configSection: String, service: String
    ) -> ProviderStatus {
        let replaySource = client.cassetteLocation.map { "answers from \($0)" } ?? "answers from cassettes"
        return switch (client.mode, key) {
        case (.replay, nil):
            ProviderStatus(isReady: true, mode: "replay", detail: "no \(keyVariable); \(replaySource); set \(keyVariable) to go live")
        case (.replay, let key?):
            ProviderStatus(isReady: true, mode: "replay", detail: "\(replaySource) (\(key) is not used in replay mode)")
        case (_, nil):
            ProviderStatus(
                isReady: false, mode: "no key", detail: "set \(keyVariable) or api_key in the [\(configSection)] section of the config file")
        case (.live, let key?):
            ProviderStatus(isReady: true, mode: "live", detail: "\(service) with \(key)")
        case (let mode, let key?):
            ProviderStatus(
                isReady: true, mode: mode.rawValue, detail: "\(service) with \(key), recording into \(client.cassetteLocation ?? "cassettes")")
        }
    }
}

// MARK: - Default implementations

extension PlaceProvider {
    public var status: ProviderStatus { ProviderStatus(isReady: true, mode: "local", detail: "") }

    /// Whether this provider should be asked for `category`.
    public func answers(_ category: SearchCategory) -> Bool { capabilities.categories.contains(category) }
}
