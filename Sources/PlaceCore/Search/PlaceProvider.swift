/// A source of places: an API, a feed, an imported data set.
///
/// ## Implementing a provider
/// A provider is a `Sendable` value (a struct holding its configuration and an `HTTPClient`, from PlaceHTTP)
/// that the ``Aggregator`` calls concurrently with others, under a deadline.
///
/// - ``search(_:)`` returns the places the source knows for the request, mapped to ``Place``:
///   the provider's categories also become ``PlaceConcept``s, ratings are given with their own
///   scale, and opening hours carry the place's time zone when the source says it.
/// - Throw ``ProviderError`` for anything that went wrong (use ``ProviderError/init(provider:wrapping:)``
///   for errors from the HTTP client), never trap and never return partial garbage: the aggregator
///   reports the failure by name while the other providers still answer.
/// - Honour task cancellation: the aggregator cancels a provider at its deadline.
/// - Send every request through the `HTTPClient` you were given, so that cassettes, retries and
///   logging apply; do not branch on recording or replay yourself.
///
/// A minimal provider, and the test every provider should pass:
///
/// ```swift
/// struct FixedProvider: PlaceProvider {
///     let id: ProviderID = "fixed"
///     let capabilities = ProviderCapabilities(categories: [.coffee])
///     let places: [Place]
///     var status: ProviderStatus { .local("a fixed list") }
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
public protocol PlaceProvider: Provider {
    /// The categories it answers.
    var capabilities: ProviderCapabilities { get }
    /// The places the source knows for `request`; throws ``ProviderError`` when it cannot answer.
    func search(_ request: SearchRequest) async throws -> [Place]
}

/// A provider that can also tell everything it knows about one of its places.
public protocol PlaceDetailsProvider: PlaceProvider {
    /// The place with hours, tips and photos filled where the source has them.
    /// - Throws: ``ProviderError`` with kind `.notFound` when the id is unknown.
    func details(for id: PlaceID) async throws -> Place

    /// Why `id` cannot be one of this provider's ids (`osm:banana/1`), or nil: a malformed id is a
    /// usage error, not a place that does not exist. Checked before anything is asked.
    func idProblem(_ id: PlaceID) -> String?
}

extension ProviderCapabilities.Coverage {
    /// Amsterdam and its surroundings: what ParkShark and the city's garage feed know.
    public static let amsterdam = Self(name: "Amsterdam", box: BoundingBox(south: 52.25, west: 4.70, north: 52.45, east: 5.10))
}

/// A provider whose answers come from different sources depending on the request: the live
/// service or the imported files, and of those only the files that cover the area and hold such
/// places. It says whose data each answer is, so that an answer credits what it came from and
/// nothing else (``ProviderStatus/credits`` names everything it might use).
public protocol CreditingPlaceProvider: PlaceProvider {
    /// ``search(_:)``, with whose data the places are.
    func creditedSearch(_ request: SearchRequest) async throws -> CreditedPlaces
}

/// Places and whose data they are.
public struct CreditedPlaces: Sendable {
    /// The places found.
    public var places: [Place]
    /// Whose data the places are, for the output to credit.
    public var credits: [DataCredit]

    /// Pairs places with whose data they are.
    public init(places: [Place], credits: [DataCredit]) {
        self.places = places
        self.credits = credits
    }
}

/// The categories a provider answers.
public struct ProviderCapabilities: Sendable, Equatable {
    /// Every category the provider answers, those in ``onRequest`` included.
    public var categories: Set<SearchCategory>
    /// Categories it answers only when the user names it (`--provider osm`): it can, but its
    /// answers would mostly add noise to the others' (OpenStreetMap car parks have no prices).
    public var onRequest: Set<SearchCategory>
    /// Where its service knows anything (a city's parking feed: that city); nil for anywhere.
    public var coverage: Coverage?

    /// An area a provider's service covers, named for messages.
    public struct Coverage: Sendable, Equatable {
        /// The area's name for messages: "Amsterdam".
        public var name: String
        /// The area's bounds.
        public var box: BoundingBox

        /// Makes a named area from its name and bounds.
        public init(name: String, box: BoundingBox) {
            self.name = name
            self.box = box
        }
    }

    /// Makes capabilities from the categories answered; those `onRequest` are added to `categories` too, and nil `coverage` is anywhere.
    public init(categories: Set<SearchCategory>, onRequest: Set<SearchCategory> = [], coverage: Coverage? = nil) {
        self.categories = categories.union(onRequest)
        self.onRequest = onRequest
        self.coverage = coverage
    }

    /// Whether it could know anything at `point`.
    public func covers(_ point: Coordinate) -> Bool { coverage?.box.contains(point) ?? true }
}

// MARK: - Default implementations

extension PlaceDetailsProvider {
    /// By default no id is turned away before it is asked for: nil.
    public func idProblem(_ id: PlaceID) -> String? { nil }
}

extension PlaceProvider {
    /// Whether this provider should be asked for `category`.
    public func answers(_ category: SearchCategory) -> Bool { capabilities.categories.contains(category) }

    /// The places for `request` and whose data they are: a ``CreditingPlaceProvider`` says,
    /// any other credits what its status names.
    public func searchWithCredits(_ request: SearchRequest) async throws -> CreditedPlaces {
        if let crediting = self as? any CreditingPlaceProvider { return try await crediting.creditedSearch(request) }
        return CreditedPlaces(places: try await search(request), credits: status.credits)
    }
}
