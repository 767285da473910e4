import Foundation
import PlacesKit
import Testing

/// `route` as a flow, on values: which provider answers, what the route is, and a feed's
/// recommendation as a destination, from the bundled recordings. The CLI's suite keeps the
/// renderings (table, JSON, GeoJSON, GPX) and the exit codes.
@Suite(.timeLimit(.minutes(10))) struct RouteFlowTests {
    static let dam = PositionInput.coordinate(Coordinate(52.3731, 4.8926))

    static func route(_ query: RouteQuery) async throws -> RouteResult {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await service.route(query)
    }

    @Test func withoutAKeyOSRMAnswersWithStepsThatAddUp() async throws {
        let found = try await Self.route(RouteQuery(from: Self.dam, to: "52.3676,4.9041"))
        #expect(found.provider == "osrm")
        #expect(abs(found.route.distance - 1166.4) < 0.1)
        #expect(found.route.steps.count == 20)
        #expect(abs(found.route.steps.reduce(0) { $0 + $1.distance } - found.route.distance) < 1)
        let start = try #require(found.route.path.first)
        #expect(start.distance(to: Coordinate(52.3731, 4.8926)) < 30)
        let end = try #require(found.route.path.last)
        #expect(end.distance(to: Coordinate(52.3676, 4.9041)) < 30)
    }

    @Test func googleAnswersWhenAskedWithItsWarning() async throws {
        let found = try await Self.route(RouteQuery(from: Self.dam, to: "52.3676,4.9041", provider: "google"))
        #expect(found.provider == "google")
        #expect(found.route.warnings.contains { $0.contains("Walking directions are in beta") }, "\(found.route.warnings)")
    }

    @Test func aRecommendationOfAFeedIsADestinationAndAnUnknownOneIsNotFound() async throws {
        let feed = TestService.repository.appendingPathComponent("examples/feed.json").path
        let found = try await Self.route(RouteQuery(from: Self.dam, to: "rec-nieuwmarkt", feed: feed))
        #expect(abs(found.route.distance - 754.9) < 0.1)
        let unknown = await #expect(throws: PlacesError.self) {
            try await Self.route(RouteQuery(from: Self.dam, to: "rec-nowhere", feed: feed))
        }
        #expect(unknown?.kind == .notFound)
        #expect(unknown.map { $0.message.contains("rec-nowhere") && $0.message.contains("rec-nieuwmarkt") } == true, "\(String(describing: unknown))")
    }
}
