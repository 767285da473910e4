public import PlaceCore
public import PlaceHTTP

/// What a provider needs to be built: its HTTP client, its key and its config section.
public struct ProviderContext: Sendable {
    /// The HTTP client it sends every request through.
    public let client: HTTPClient
    /// Its service key; nil when none was given.
    public let credential: Credential?
    /// The provider's config section, `key → value`.
    public let settings: [String: String]

    /// A context of a client, a key and the provider's config section (empty by default).
    public init(client: HTTPClient, credential: Credential?, settings: [String: String] = [:]) {
        self.client = client
        self.credential = credential
        self.settings = settings
    }
}

/// How one provider is made, and what is known of it before it is made: enough to validate
/// options, choose its HTTP mode and list it.
public struct ProviderFactory: Sendable {
    /// How its live service is reached.
    public enum Access: Sendable, Equatable {
        /// A public service that needs no key: asked live by default.
        case keyless
        /// A service that needs a key: asked live when the key is set, else recordings answer.
        case keyed(variable: String, configSection: String)
        /// A service that no longer exists (`why`): the recordings it ships with answer.
        case retired(why: String)
        /// No network at all (a file, the store, a plugin on this machine).
        case local
    }

    /// The id of the provider it makes.
    public let id: ProviderID
    /// What it answers, known before it is built (for option validation and help).
    public let categories: Set<SearchCategory>
    /// How its live service is reached.
    public let access: Access
    /// Its API takes queries by POST (Overpass does), so a POST may be retried and cached like a GET.
    public var postIsRead: Bool
    /// How long an answer may be reused when the service says nothing about it (no Cache-Control
    /// or Expires); nil to reuse only what the service allows.
    public var defaultFreshness: Duration?
    /// The largest answer taken from its service, counted while it arrives (decoded, when it comes
    /// compressed); a larger one fails this provider alone, with memory to spare.
    public var maximumAnswerBytes: Int
    /// Makes the provider from its context.
    public let make: @Sendable (ProviderContext) -> any Provider

    /// What ``maximumAnswerBytes`` is unless a provider says otherwise: some thirty times the largest
    /// answer the bundled recordings hold.
    public static let standardMaximumAnswerBytes = 4 << 20

    /// A factory for the provider `id` that answers `categories` and is reached as `access`; `make` builds it from a
    /// ``ProviderContext``. The other parameters set the properties of the same names.
    public init(
        id: ProviderID, categories: Set<SearchCategory>, access: Access, postIsRead: Bool = false, defaultFreshness: Duration? = nil,
        maximumAnswerBytes: Int = ProviderFactory.standardMaximumAnswerBytes,
        make: @escaping @Sendable (ProviderContext) -> any Provider
    ) {
        self.id = id
        self.categories = categories
        self.access = access
        self.postIsRead = postIsRead
        self.defaultFreshness = defaultFreshness
        self.maximumAnswerBytes = maximumAnswerBytes
        self.make = make
    }

    /// The environment variable holding its key, when it needs one.
    public var keyVariable: String? {
        if case .keyed(let variable, _) = access { return variable }
        return nil
    }
}

/// The providers a program knows how to make: those `places` ships, and any an app or a plugin
/// adds. Adding a built-in one is a folder in Sources/PlaceProviders and a line in ``builtIn``.
public struct ProviderCatalog: Sendable {
    /// One factory per id, in the order they were registered (a replacement goes last).
    public private(set) var factories: [ProviderFactory]

    /// A catalog of `factories`, the built-in ones by default; a later factory replaces an earlier one with the same id.
    public init(_ factories: [ProviderFactory] = ProviderCatalog.builtIn) {
        self.factories = []
        for factory in factories { register(factory) }
    }

    /// Adds a provider, replacing a factory with the same id.
    public mutating func register(_ factory: ProviderFactory) {
        factories.removeAll { $0.id == factory.id }
        factories.append(factory)
    }

    /// The id of every provider it can make, in catalog order.
    public var ids: [ProviderID] { factories.map(\.id) }

    /// The factory for `id`, or nil when the catalog has none.
    public func factory(_ id: ProviderID) -> ProviderFactory? { factories.first { $0.id == id } }

    /// The ids of the providers that answer `category`, in catalog order.
    public func ids(answering category: SearchCategory) -> [ProviderID] {
        factories.filter { $0.categories.contains(category) }.map(\.id)
    }

    /// Every provider places ships.
    public static let builtIn: [ProviderFactory] = [
        ProviderFactory(
            id: FoursquareProvider.providerID, categories: [.coffee],
            access: .keyed(variable: FoursquareProvider.keyVariable, configSection: "foursquare")
        ) { FoursquareProvider(client: $0.client, key: $0.credential, endpoint: $0.settings["endpoint"]) },
        ProviderFactory(
            id: OverpassProvider.providerID, categories: [.coffee, .parking], access: .keyless, postIsRead: true,
            // Car parks with their outlines over a wide radius run to megabytes.
            defaultFreshness: .seconds(3600), maximumAnswerBytes: 32 << 20
        ) { OverpassProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? OverpassProvider.defaultEndpoint) },
        ProviderFactory(
            id: ParkSharkProvider.providerID, categories: [.parking], access: .retired(why: "the service went offline after 2014")
        ) { ParkSharkProvider(client: $0.client) },
        ProviderFactory(id: AmsterdamGaragesProvider.providerID, categories: [.parking], access: .keyless) {
            AmsterdamGaragesProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? AmsterdamGaragesProvider.defaultEndpoint)
        },
        ProviderFactory(id: RecommendationFeedProvider.providerID, categories: [.recommendations], access: .keyless) {
            RecommendationFeedProvider.configured(settings: $0.settings, client: $0.client)
        },
        // Routing only: they answer no search category.
        ProviderFactory(
            id: GoogleDirectionsProvider.providerID, categories: [],
            access: .keyed(variable: GoogleDirectionsProvider.keyVariable, configSection: "google")
        ) { GoogleDirectionsProvider(client: $0.client, key: $0.credential, endpoint: $0.settings["endpoint"]) },
        ProviderFactory(id: OSRMProvider.providerID, categories: [], access: .keyless, defaultFreshness: .seconds(86_400)) {
            OSRMProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? OSRMProvider.defaultEndpoint)
        },
        // Geocoding only: names to positions and back.
        ProviderFactory(id: PhotonProvider.providerID, categories: [], access: .keyless, defaultFreshness: .seconds(86_400)) {
            PhotonProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? PhotonProvider.defaultEndpoint)
        },
    ]
}
