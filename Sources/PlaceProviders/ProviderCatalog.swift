public import PlaceSearch

/// What a provider needs to be built: its HTTP client, its key and its config section.
public struct ProviderContext: Sendable {
    public let client: HTTPClient
    public let credential: Credential?
    /// The provider's config section, `key → value`.
    public let settings: [String: String]

    public init(client: HTTPClient, credential: Credential?, settings: [String: String] = [:]) {
        self.client = client
        self.credential = credential
        self.settings = settings
    }
}

/// How to make one provider.
public struct ProviderFactory: Sendable {
    public let id: ProviderID
    /// What it answers, known before it is built (for option validation and help).
    public let categories: Set<SearchCategory>
    /// The environment variable holding its key, when it needs one.
    public let keyVariable: String?
    /// Its API takes queries by POST (Overpass does), so a failed POST may be retried like a GET.
    public var postIsRead: Bool = false
    public let make: @Sendable (ProviderContext) -> any PlaceProvider
}

/// Every provider places ships. Adding one is a folder in Sources/Providers and a line here.
public enum ProviderCatalog {
    public static let all: [ProviderFactory] = [
        ProviderFactory(id: FoursquareProvider.providerID, categories: [.coffee], keyVariable: FoursquareProvider.keyVariable) {
            FoursquareProvider(client: $0.client, key: $0.credential)
        },
        ProviderFactory(id: OverpassProvider.providerID, categories: [.coffee, .parking], keyVariable: nil, postIsRead: true) {
            OverpassProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? OverpassProvider.defaultEndpoint)
        },
        ProviderFactory(id: ParkSharkProvider.providerID, categories: [.parking], keyVariable: nil) {
            ParkSharkProvider(client: $0.client)
        },
        ProviderFactory(id: AmsterdamGaragesProvider.providerID, categories: [.parking], keyVariable: nil) {
            AmsterdamGaragesProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? AmsterdamGaragesProvider.defaultEndpoint)
        },
        ProviderFactory(id: RecommendationFeedProvider.providerID, categories: [.recommendations], keyVariable: nil) {
            RecommendationFeedProvider.configured(settings: $0.settings, client: $0.client)
        },
        // Routing only: they answer no search category.
        ProviderFactory(id: GoogleDirectionsProvider.providerID, categories: [], keyVariable: GoogleDirectionsProvider.keyVariable) {
            GoogleDirectionsProvider(client: $0.client, key: $0.credential)
        },
        ProviderFactory(id: OSRMProvider.providerID, categories: [], keyVariable: nil) {
            OSRMProvider(client: $0.client, endpoint: $0.settings["endpoint"] ?? OSRMProvider.defaultEndpoint)
        },
    ]

    public static var ids: [ProviderID] { all.map(\.id) }
}
