import Foundation
import HTTPTypes
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import PlaceProviders
import Testing

/// The recommendation feed: every shape it accepts, every reason an entry is left out, files and URLs.
struct RecommendationFeedTests {
    static let source = FeedSource.url(URL(string: "https://feeds.example.org/amsterdam.json?v=2")!)

    static func read(_ text: String, source: FeedSource = source) throws(ProviderError) -> RecommendationFeed {
        try RecommendationFeedProvider.read(Data(text.utf8), source: source)
    }

    /// One valid entry, with `fields` replacing or (as `null`) removing its fields.
    static func entry(_ fields: [String: String] = [:]) -> String {
        var members: [(String, String)] = [
            ("id", #""rec-1""#), ("name", #""Nieuwmarkt""#), ("description", #""De Waag""#), ("latitude", "52.3727"),
            ("longitude", "4.9006"), ("points", "25"),
        ]
        for (key, value) in fields.sorted(by: { $0.key < $1.key }) {
            if let index = members.firstIndex(where: { $0.0 == key }) {
                members[index].1 = value
            } else {
                members.append((key, value))
            }
        }
        return "{" + members.filter { $0.1 != "null" }.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    // MARK: - Shapes

    @Test func readsANamedFeedWithAListOfRecommendations() throws {
        let feed = try Self.read(
            #"""
            {"name": "Amsterdam centrum quiet spots", "recommendations": [
              {"id": "rec-waterlooplein", "name": "Waterlooplein market", "description": "Flea market", "latitude": 52.3676, "longitude": 4.9041, "points": 40},
              {"id": "rec-begijnhof", "name": "Begijnhof garden", "description": "A hidden courtyard", "latitude": 52.3663, "longitude": 4.8967, "points": 30, "radius": 30}
            ]}
            """#)
        #expect(feed.name == "Amsterdam centrum quiet spots")
        #expect(feed.skipped.isEmpty)
        #expect(feed.places.map(\.id.description) == ["feed:rec-waterlooplein", "feed:rec-begijnhof"])
        let market = try #require(feed.places.first)
        #expect(market.name == "Waterlooplein market")
        #expect(market.summary == "Flea market")
        #expect(market.coordinate == Coordinate(52.3676, 4.9041))
        #expect(market.recommendation == RecommendationOffer(points: 40, feed: "Amsterdam centrum quiet spots"))
        #expect(market.recommendation?.arrivalRadius == 50)
        #expect(feed.places.last?.recommendation?.radius == 30)
    }

    @Test func aTopLevelArrayIsAFeedNamedByItsSource() throws {
        let feed = try Self.read("[\(Self.entry()), \(Self.entry(["id": #""rec-2""#]))]")
        #expect(feed.places.map(\.id.nativeID) == ["rec-1", "rec-2"])
        // No name of its own: the URL scopes the ids in the points ledger.
        #expect(feed.name == "https://feeds.example.org/amsterdam.json?v=2")
        #expect(feed.places.allSatisfy { $0.recommendation?.feed == feed.name })
    }

    @Test func aFileFeedWithoutANameIsScopedByItsAbsolutePath() throws {
        let feed = try Self.read("[\(Self.entry())]", source: .file(path: "examples/../examples/feed.json"))
        let expected = FileManager.default.currentDirectoryPath + "/examples/feed.json"
        #expect(feed.name == expected)
        #expect(feed.places.first?.recommendation?.feed == expected)
    }

    @Test func readsReCrowdsFirebaseExportKeyedByRecommendation() throws {
        let feed = try Self.read(
            #"""
            {"-Nabc": {"name": "Nieuwmarkt", "description": "De Waag", "latitude": 52.3727, "longitude": 4.9006, "points": 25},
             "-Nabd": {"name": "Begijnhof", "description": "Courtyard", "latitude": 52.3663, "longitude": 4.8967, "points": 30},
             "-Nabe": null}
            """#)
        #expect(feed.places.map(\.id.description) == ["feed:-Nabc", "feed:-Nabd"])
        // Firebase writes null for a deleted child: not an entry, so not a skipped one either.
        #expect(feed.skipped.isEmpty)
    }

    @Test func readsTheNestedExportWithTheEventsEndAsExpiry() throws {
        let feed = try Self.read(
            #"""
            {"events": {"1": {"name": "Koningsdag", "latitude": 52.37, "longitude": 4.89, "range": 2000, "start": 1795240800, "end": 1795269600},
                        "2": {"name": "Open end", "start": 1795240800}},
             "recommendations": {
               "event-1": {"-Nabc": {"name": "Nieuwmarkt", "description": "De Waag", "latitude": 52.3727, "longitude": 4.9006, "points": 25},
                           "-Nabd": {"name": "Begijnhof", "description": "Courtyard", "latitude": 52.3663, "longitude": 4.8967, "points": 30,
                                     "expires": "2026-11-21T12:00:00Z"}},
               "event-2": {"-Nabe": {"name": "Hortus", "description": "Garden", "latitude": 52.3667, "longitude": 4.908, "points": 35}},
               "-Nabf": {"name": "Loose", "description": "Not in an event", "latitude": 52.37, "longitude": 4.9, "points": 5}}}
            """#)
        #expect(feed.places.map(\.id.nativeID) == ["-Nabc", "-Nabd", "-Nabe", "-Nabf"])
        let expiries = feed.places.map { $0.recommendation?.expires }
        // 1795269600 = 2026-11-21T14:00:00Z, the end of event 1; an entry's own expiry wins.
        #expect(expiries == [ISO8601Text.parse("2026-11-21T14:00:00Z"), ISO8601Text.parse("2026-11-21T12:00:00Z"), nil, nil])
        #expect(feed.places.first?.tags["event"] == "event-1")
        #expect(feed.places.last?.tags["event"] == nil)
    }

    @Test(arguments: [
        #"{"event-1": {"end": 1795269600}}"#,
        #"[null, {"end": 1795269600}]"#,
        #"{"koningsdag": {"id": 1, "end": 1795269600}}"#,
        #"[{"id": "1", "end": "2026-11-21T15:00:00+01:00"}]"#,
    ])
    func findsTheEventHoweverTheExportListsIt(events: String) throws {
        let feed = try Self.read(#"{"events": \#(events), "recommendations": {"event-1": {"-Nabc": \#(Self.entry(["id": "null"]))}}}"#)
        #expect(feed.places.first?.recommendation?.expires == ISO8601Text.parse("2026-11-21T14:00:00Z"))
    }

    @Test func anEventWhoseEndIsNotATimeSkipsItsEntries() throws {
        let feed = try Self.read(
            #"{"events": {"1": {"end": "soon"}}, "recommendations": {"event-1": {"-Nabc": \#(Self.entry())}, "-Nabd": \#(Self.entry())}}"#)
        #expect(feed.places.map(\.id.nativeID) == ["-Nabd"])
        #expect(
            feed.skipped.map(\.description) == [
                "entry 1 (-Nabc): its event event-1 ends at 'soon', which is neither an ISO 8601 time nor Unix seconds"
            ])
    }

    @Test func acceptsTheShortFieldNamesAndNumericIDs() throws {
        let feed = try Self.read(
            #"[{"id": 7, "name": "Spui", "desc": "Book market", "lat": 52.3686, "lng": 4.8896, "points": 10},"#
                + #" {"id": "8", "name": "Dam", "desc": "", "lat": "52.3731", "lon": "4.8926", "points": 0}]"#)
        #expect(feed.places.map(\.id.description) == ["feed:7", "feed:8"])
        #expect(feed.places.first?.summary == "Book market")
        // An empty description is no summary; numbers written as strings are read.
        #expect(feed.places.last?.summary == nil)
        #expect(feed.places.last?.coordinate == Coordinate(52.3731, 4.8926))
        #expect(feed.places.last?.recommendation?.points == 0)
    }

    @Test func findsARecommendationByItsIDOrItsPlaceID() throws {
        let feed = try Self.read("[\(Self.entry()), \(Self.entry(["id": #""feed:odd""#, "name": #""Odd""#]))]")
        #expect(feed.recommendation("rec-1")?.name == "Nieuwmarkt")
        #expect(feed.recommendation("feed:rec-1")?.name == "Nieuwmarkt")
        #expect(feed.recommendation(" rec-1 ")?.name == "Nieuwmarkt")
        // An id that itself starts with feed: is found as written, and as a place id.
        #expect(feed.recommendation("feed:odd")?.name == "Odd")
        #expect(feed.recommendation("feed:feed:odd")?.name == "Odd")
        #expect(feed.recommendation("rec-2") == nil)
        #expect(feed.recommendation("osm:rec-1") == nil)
    }

    // MARK: - Entries left out

    @Test(arguments: [
        (["id": "null"], "no id"),
        (["id": "1.5"], "id: expected a string or a whole number, found 1.5"),
        (["id": "true"], "id: expected a string or a whole number, found a boolean"),
        (["id": #""rec 1""#], "the id has spaces; ids are used as feed:ID"),
        (["name": "null"], "no name"),
        (["name": "12"], "name: expected a string, found a number"),
        (["name": #""  ""#], "the name is empty"),
        (["description": "null"], "no description"),
        (["description": "[]"], "description: expected a string, found an array"),
        (["latitude": "null"], "no latitude"),
        (["latitude": #""north""#], "latitude: expected a number, found a string"),
        (["latitude": "95"], "latitude 95 is out of range (-90…90)"),
        (["longitude": "null"], "no longitude"),
        (["longitude": "-181.5"], "longitude -181.5 is out of range (-180…180)"),
        (["points": "null"], "no points"),
        (["points": "-5"], "negative points (-5)"),
        (["points": "2.5"], "points: expected a whole number, found 2.5"),
        (["points": #""many""#], "points: expected a whole number, found a string"),
        (["points": "5000000"], "points 5000000 is more than 1000000"),
        (["radius": "0"], "radius 0 m is out of range (above 0, at most 5000 m)"),
        (["radius": "5001"], "radius 5001 m is out of range (above 0, at most 5000 m)"),
        (["expires": #""tomorrow""#], "expires 'tomorrow' is neither an ISO 8601 time nor Unix seconds"),
        (["end": "-1"], "end -1 is neither an ISO 8601 time nor Unix seconds"),
        (["expires": "1e300"], "expires 1e300 is neither an ISO 8601 time nor Unix seconds"),
    ])
    func aBadEntryIsSkippedAndNamedWhileTheRestAreUsed(fields: [String: String], reason: String) throws {
        let bad = Self.entry(fields.merging(["id": fields["id"] ?? #""rec-x""#]) { $1 })
        let feed = try Self.read("[\(Self.entry()), \(bad)]")
        #expect(feed.places.map(\.id.nativeID) == ["rec-1"])
        let issue = try #require(feed.skipped.first)
        #expect(feed.skipped.count == 1)
        #expect(issue.reason == reason)
        #expect(issue.position == 2)
        let id = fields["id"].map { $0.hasPrefix("\"") ? String($0.dropFirst().dropLast()) : nil } ?? "rec-x"
        #expect(issue.id == (reason.hasPrefix("id:") || reason == "no id" ? nil : id))
    }

    @Test func anEntryThatIsNotAnObjectIsSkipped() throws {
        let feed = try Self.read(#"[\#(Self.entry()), "rec-2", 3]"#)
        #expect(feed.skipped.map(\.description) == ["entry 2: expected an object, found a string", "entry 3: expected an object, found a number"])
    }

    @Test func aRepeatedIDKeepsTheFirstAndNamesTheRepeat() throws {
        let feed = try Self.read(
            "[\(Self.entry()), \(Self.entry(["name": #""Other""#])), \(Self.entry(["id": "2"])), \(Self.entry(["id": #""2""#]))]")
        #expect(feed.places.map(\.name) == ["Nieuwmarkt", "Nieuwmarkt"])
        #expect(feed.places.map(\.id.nativeID) == ["rec-1", "2"])
        #expect(
            feed.skipped.map(\.description) == [
                "entry 2 (rec-1): duplicate id rec-1 (entry 1 has it)", "entry 4 (2): duplicate id 2 (entry 3 has it)",
            ])
    }

    // MARK: - Expiry

    @Test(arguments: [
        (#""2026-11-21T18:00:00+01:00""#, "2026-11-21T17:00:00Z"),
        (#""2026-11-21T17:00:00.500Z""#, "2026-11-21T17:00:00Z"),
        ("1795280400", "2026-11-21T17:00:00Z"),
        (#""1795280400""#, "2026-11-21T17:00:00Z"),
        // Firebase server timestamps are milliseconds.
        ("1795280400000", "2026-11-21T17:00:00Z"),
    ])
    func expiryIsISO8601OrUnixSeconds(value: String, expected: String) throws {
        let feed = try Self.read("[\(Self.entry(["expires": value]))]")
        let expires = try #require(feed.places.first?.recommendation?.expires)
        #expect(ISO8601Text.format(expires) == expected)
        let end = try Self.read("[\(Self.entry(["end": value]))]")
        #expect(end.places.first?.recommendation?.expires == expires)
    }

    // MARK: - Whole feeds that cannot be used

    @Test(arguments: [
        ("not json", "is not JSON (1:1: expected a value, found 'n')"),
        ("", "is not JSON (1:1: the document is empty)"),
        (
            "42",
            #"is not a recommendation feed: expected {"recommendations": [...]}, an array of recommendations, or an object keyed by recommendation id (a Firebase export), not a number"#
        ),
        (#"{"type": "FeatureCollection", "features": []}"#, "is not a recommendation feed: expected"),
        (#"{"recommendations": "none"}"#, "\"recommendations\" must be an array or an object keyed by id, not a string"),
        ("[]", "has no usable recommendation; each needs name, description, latitude, longitude and points"),
        (#"[{"id": "a", "name": "A"}]"#, "has no usable recommendation (entry 1 (a): no description)"),
    ])
    func aFeedWithNothingUsableIsAnError(text: String, message: String) throws {
        do {
            _ = try Self.read(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.kind == .unexpectedResponse)
            #expect(error.provider == "feed")
            #expect(error.description.contains(message), "\(error.description)")
            #expect(error.description.hasPrefix("feed: https://feeds.example.org/amsterdam.json?v=2 "))
        }
    }

    // MARK: - Files

    static func temporaryFile(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func readsAFileDirectlyWithoutTheNetwork() async throws {
        let url = try Self.temporaryFile("[\(Self.entry())]")
        defer { try? FileManager.default.removeItem(at: url) }
        let provider = RecommendationFeedProvider(source: .file(path: url.path), client: HTTPClient(transport: ClosureTransport.unreachable()))
        let feed = try await provider.load()
        #expect(feed.places.count == 1)
        #expect(feed.name == url.path)
        #expect(provider.status.isReady)
        #expect(provider.status.reason == .localSource("the feed file \(url.path)"))
    }

    @Test func aMissingFileOrAFolderIsNotFound() async throws {
        let client = HTTPClient(transport: ClosureTransport.unreachable())
        for path in ["/nonexistent/feed.json", FileManager.default.temporaryDirectory.path] {
            let provider = RecommendationFeedProvider(source: .file(path: path), client: client)
            let error = await #expect(throws: ProviderError.self) { try await provider.load() }
            #expect(error?.kind == .notFound)
            #expect(error?.description.contains(path) == true)
        }
    }

    // MARK: - URLs

    @Test func aURLFeedIsFetchedThroughTheHTTPClient() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("[\(Self.entry()), \(Self.entry(["id": #""far""#, "latitude": "52.1"]))]") }
        let provider = RecommendationFeedProvider(source: Self.source, client: HTTPClient(transport: transport))
        let feed = try await provider.load()
        #expect(feed.places.count == 2)
        let request = try #require(transport.requests.first)
        #expect(request.method == .get)
        #expect(request.scheme == "https")
        #expect(request.authority == "feeds.example.org")
        #expect(request.path == "/amsterdam.json?v=2")
        #expect(request.headerFields[.accept] == "application/json")

        // search: what is within the radius, nearest first; everything when the radius is huge.
        let near = try await provider.search(SearchRequest(category: .recommendations, focus: Coordinate(52.3731, 4.8926), radius: 2000))
        #expect(near.map(\.id.nativeID) == ["rec-1"])
        let all = try await provider.search(SearchRequest(category: .recommendations, focus: Coordinate(52.3731, 4.8926), radius: 1e9))
        #expect(all.map(\.id.nativeID) == ["rec-1", "far"])
        let unsupported = await #expect(throws: ProviderError.self) {
            try await provider.search(SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000))
        }
        #expect(unsupported?.kind == .unsupported)
        let details = try await provider.details(for: PlaceID(provider: "feed", nativeID: "far"))
        #expect(details.coordinate.latitude == 52.1)
    }

    @Test(arguments: [(404, ProviderError.Kind.notFound), (500, .httpError), (200, .unexpectedResponse)])
    func aURLThatFailsIsAProviderError(status: Int, kind: ProviderError.Kind) async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json(status == 200 ? "<html>" : #"{"error": "gone"}"#, status: status) }
        let provider = RecommendationFeedProvider(source: Self.source, client: HTTPClient(transport: transport))
        let error = await #expect(throws: ProviderError.self) { try await provider.load() }
        #expect(error?.kind == kind)
    }

    // MARK: - Sources and configuration

    @Test(arguments: [
        ("https://example.org/feed.json", FeedSource.url(URL(string: "https://example.org/feed.json")!)),
        ("HTTP://example.org/f", .url(URL(string: "HTTP://example.org/f")!)),
        ("file:///tmp/feed.json", .file(path: "/tmp/feed.json")),
        ("examples/feed.json", .file(path: "examples/feed.json")),
        ("my:feed.json", .file(path: "my:feed.json")),
    ])
    func parsesWhatAPersonTypes(text: String, expected: FeedSource) {
        #expect(FeedSource(parsing: text) == expected)
    }

    @Test(arguments: ["", "  ", "ftp://example.org/feed.json", "https://"])
    func rejectsWhatIsNeitherAFileNorAnHTTPURL(text: String) {
        #expect(FeedSource(parsing: text) == nil)
    }

    @Test func theCatalogsFeedIsConfiguredByURLOrFileOrIsNotReady() throws {
        let factory = try #require(ProviderCatalog.builtIn.first { $0.id == "feed" })
        #expect(factory.categories == [.recommendations])
        #expect(factory.keyVariable == nil)
        let client = HTTPClient(transport: ClosureTransport.unreachable())
        let unconfigured = factory.make(ProviderContext(client: client, credential: nil, settings: [:]))
        #expect(!unconfigured.status.isReady)
        #expect(unconfigured.status.reason == .unconfigured(RecommendationFeedProvider.unconfiguredAdvice))
        let byFile = factory.make(ProviderContext(client: client, credential: nil, settings: ["file": "/tmp/feed.json"]))
        #expect((byFile as? RecommendationFeedProvider)?.source == .file(path: "/tmp/feed.json"))
        // url wins when both are set.
        let both = try RecommendationFeedProvider.configuredSource(["url": "https://example.org/f.json", "file": "/tmp/feed.json"])
        #expect(both == .url(URL(string: "https://example.org/f.json")!))
        #expect(throws: ProviderError.self) { try RecommendationFeedProvider.configuredSource(["url": "feed.json"]) }
        let broken = factory.make(ProviderContext(client: client, credential: nil, settings: ["url": "ftp://x"]))
        #expect(!broken.status.isReady)
        guard case .unconfigured(let why) = broken.status.reason else {
            Issue.record("expected an unconfigured feed, got \(broken.status.reason)")
            return
        }
        #expect(why.contains("url 'ftp://x' in [feed] is not an http(s) URL"))
    }
}
