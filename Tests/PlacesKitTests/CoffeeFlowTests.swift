import Foundation
import PlacesKit
import Testing

/// `coffee` as a flow, on values: ranked from the bundled recordings with the clock pinned
/// (Saturday 21 November 2026, 11:30 in Amsterdam), as an app gets it. What only a process shows
/// (rendering, the exit code, the note on stderr) stays in PlacesCLITests.
@Suite(.timeLimit(.minutes(10))) struct CoffeeFlowTests {
    static let dam = PositionInput.coordinate(Coordinate(52.37, 4.89))

    static func coffee(_ query: CoffeeQuery, now: String? = nil, notices: NoticeSink = .ignore) async throws -> RankedSearch {
        let (service, folder) = try TestService.make(notices: notices, now: now)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await service.coffee(query)
    }

    @Test func theTopThreeAreMergedFromBothProvidersAndEachScoreIsItsParts() async throws {
        let found = try await Self.coffee(CoffeeQuery(near: Self.dam, top: 3))
        #expect(found.ranking.ranked.map(\.place.name) == ["Het Groene Paleis - Coffee and Bakery", "Vascobelo V-bar", "Coffee & Cakes"])
        #expect(found.ranking.ranked.map(\.rank) == [1, 2, 3])
        #expect(found.outcome.reports.map(\.provider) == ["foursquare", "osm"])
        #expect(found.outcome.failures.isEmpty)
        // The first is one café that both know: merged, with both sources.
        #expect(Set(found.ranking.ranked[0].place.sources.map(\.provider)) == ["foursquare", "osm"])
        for item in found.ranking.ranked {
            #expect(item.components.map(\.name) == ["rating", "walk", "coffee"])
            #expect(abs(item.components.reduce(0) { $0 + $1.contribution } - item.score) < 1e-9)
            #expect(abs(item.components.reduce(0) { $0 + $1.weight } - 1) < 1e-9)
            #expect(item.walk.meters > 0)
        }
        #expect(zip(found.ranking.ranked, found.ranking.ranked.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func whatIsNotCoffeeIsLeftOutWithTheReason() async throws {
        let found = try await Self.coffee(CoffeeQuery(near: Self.dam, top: 50))
        let kept = Set(found.ranking.ranked.map(\.place.name))
        #expect(kept.count > 20)
        let unwanted = ["SooTea", "Chatime", "YOYO!", "Abraxas", "Bluebird Coffeeshop", "The Jolly Joker", "Greenhouse Effect", "Coffeshop Reefer"]
        #expect(kept.isDisjoint(with: unwanted))
        let reasons = Dictionary(found.ranking.excluded.map { ($0.place.name, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(reasons["SooTea"]?.stage == "coffee")
        #expect(reasons["SooTea"]?.reason.contains("bubble tea, not coffee") == true)
        #expect(reasons["Abraxas"]?.reason.contains("cannabis shop, not coffee") == true)
        #expect(reasons["Bluebird Coffeeshop"]?.reason.contains("a Dutch \"coffeeshop\" sells cannabis") == true)
    }

    @Test func openNowKeepsOnlyPlacesOpenAtThePinnedMoment() async throws {
        let open = try await Self.coffee(CoffeeQuery(near: Self.dam, top: 50, openNow: true))
        #expect(!open.ranking.ranked.isEmpty)
        #expect(open.ranking.ranked.allSatisfy { $0.isOpen == true })
        #expect(open.ranking.excluded.contains { $0.stage == "open" })
        // 05:00 in Amsterdam: none is open, which is an empty answer, said, not a failure.
        let said = SaidNotices()
        let early = try await Self.coffee(CoffeeQuery(near: Self.dam, openNow: true), now: "2026-11-21T04:00:00Z", notices: said.sink)
        #expect(early.ranking.ranked.isEmpty)
        #expect(early.outcome.failures.isEmpty)
        #expect(said.lines.contains { $0.contains("no coffee place open now and within 15 min walk") }, "\(said.lines)")
    }

    @Test func aShorterWalkingLimitLeavesFarPlacesOut() async throws {
        let near = try await Self.coffee(CoffeeQuery(near: Self.dam, top: 50, maxWalk: StatedDuration(seconds: 240, text: "4")))
        #expect(!near.ranking.ranked.isEmpty)
        #expect(near.ranking.ranked.allSatisfy { $0.walk.seconds <= 4 * 60 })
        #expect(near.ranking.excluded.contains { $0.stage == "walk" })
    }
}
