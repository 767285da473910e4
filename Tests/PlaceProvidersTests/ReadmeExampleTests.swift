import Foundation
import PlaceCore
import PlaceHTTP
import PlaceProviders
import PlaceRanking
import Testing

/// The library example (docs/library.md), with the bundled cassettes in place of URLSession.
struct ReadmeExampleTests {
    @Test func theLibraryExampleFindsTheTopThree() async throws {
        let folder = BundledCassetteTests.root
        let files = ["foursquare", "osm"].flatMap { provider in
            CassetteMiddleware.cassetteFiles(in: folder.appendingPathComponent(provider)).map { ($0, $0.lastPathComponent) }
        }
        let client = HTTPClient(
            transport: OfflineTransport(), middlewares: [CassetteMiddleware(mode: .replay, files: files), RetryMiddleware()], mode: .replay)
        let providers: [any PlaceProvider] = [
            FoursquareProvider(client: client, key: Credential(value: "any-key-works-offline", source: "keychain")),
            OverpassProvider(client: client),
        ]
        let here = try Coordinate(parsing: "52.37,4.89")
        let profile = CoffeeProfile(top: 3)
        let outcome = await Aggregator(deadline: .seconds(8))
            .search(SearchRequest(category: .coffee, focus: here, radius: profile.searchRadius), providers: providers)
        let ranked = profile.rank(outcome.places, context: RankingContext(focus: here, now: .now))
        #expect(outcome.failures.isEmpty)
        #expect(ranked.ranked.map(\.place.name) == ["Het Groene Paleis - Coffee and Bakery", "Vascobelo V-bar", "Coffee & Cakes"])
    }
}
