import Foundation
import PlaceBytes
import PlaceCore
import PlaceRanking
import Testing

/// Recommendations ranked by points, walk and points per minute, with expectations worked out by hand.
struct RecommendationsProfileTests {
    static let focus = Coordinate(52.3731, 4.8926)
    static let now = ISO8601Text.parse("2026-11-21T10:30:00Z")!

    /// A recommendation somewhere near the focus; its walk is pinned by `minutes` through a routed distance.
    static func recommendation(_ id: String, points: Int, expires: Date? = nil, radius: Double? = nil) -> Place {
        Place(
            id: PlaceID(provider: "feed", nativeID: id), name: id, coordinate: Geodesy.destination(from: focus, distance: 100, bearing: 45),
            recommendation: RecommendationOffer(points: points, radius: radius, expires: expires, feed: "test feed"))
    }

    /// At 1.4 m/s: `minutes` of walking is 84 m per minute.
    static func context(_ minutes: [String: Double]) -> RankingContext {
        var routed: [PlaceID: Double] = [:]
        for (id, value) in minutes { routed[PlaceID(provider: "feed", nativeID: id)] = value * 60 * 1.4 }
        return RankingContext(focus: focus, now: now, timeZone: TimeZone(identifier: "Europe/Amsterdam")!, routedMeters: routed)
    }

    static func component(_ item: RankedPlace, _ name: String) -> ScoreComponent? { item.components.first { $0.name == name } }

    @Test func fiftyPointsTwoMinutesAwayBeatSixtyPointsTwentyFiveMinutesAway() throws {
        let places = [Self.recommendation("far", points: 60), Self.recommendation("near", points: 50)]
        let result = RecommendationsProfile().rank(places, context: Self.context(["near": 2, "far": 25]))
        #expect(result.ranked.map(\.place.name) == ["near", "far"])
        // By hand, weights 0.4 points, 0.3 walk, 0.3 rate; the walk limit is 30 min: free 120 s, half at 840 s more.
        //   near: points 50/60 = 0.8333; walk 120 s → 1; rate 50/2 = 25 per min, the best → 1.
        //         score 0.3333 + 0.3 + 0.3 = 0.9333
        //   far:  points 1; walk 1500 s, 1380 s past free: exp(−ln 2 · (1380/840)²) = 0.1540; rate 60/25 = 2.4 → 0.096.
        //         score 0.4 + 0.0462 + 0.0288 = 0.4750
        let near = try #require(result.ranked.first)
        let far = try #require(result.ranked.last)
        #expect(abs(near.score - 0.9333) < 0.0005)
        #expect(abs(far.score - 0.4750) < 0.0005)
        #expect(abs((Self.component(far, "walk")?.value ?? 0) - 0.1540) < 0.0005)
        #expect(abs((Self.component(far, "rate")?.value ?? 0) - 0.096) < 0.0005)
        #expect(Self.component(far, "rate")?.detail == "60 points for 25.0 min: 2.4 points/min; the best here is 25.0")
        #expect(Self.component(near, "points")?.detail == "50 points; the best here is 60")
    }

    @Test func atTheSameRateMorePointsWin() throws {
        // Both earn 10 points a minute; the bigger reward is worth its longer walk.
        let places = [Self.recommendation("small", points: 20), Self.recommendation("big", points: 100)]
        let result = RecommendationsProfile().rank(places, context: Self.context(["small": 2, "big": 10]))
        #expect(result.ranked.map(\.place.name) == ["big", "small"])
        // big: 0.4 + 0.3 · exp(−ln 2 · (480/840)²) + 0.3 = 0.4 + 0.3 · 0.7975 + 0.3 = 0.9392; small: 0.08 + 0.3 + 0.3 = 0.68.
        #expect(abs(result.ranked[0].score - 0.9392) < 0.0005)
        #expect(abs(result.ranked[1].score - 0.68) < 0.0005)
    }

    @Test func aWalkUnderTwoMinutesEarnsAtTheTwoMinuteRate() throws {
        let places = [Self.recommendation("door", points: 10), Self.recommendation("corner", points: 10)]
        let result = RecommendationsProfile().rank(places, context: Self.context(["door": 0.2, "corner": 1.5]))
        // Equal scores: the shorter walk first.
        #expect(result.ranked.map(\.score) == [result.ranked[0].score, result.ranked[0].score])
        #expect(result.ranked.map(\.place.name) == ["door", "corner"])
        #expect(Self.component(result.ranked[0], "rate")?.value == 1)
    }

    @Test func expiredAndTooFarAreLeftOutWithReasons() throws {
        let places = [
            Self.recommendation("gone", points: 50, expires: ISO8601Text.parse("2026-11-14T15:00:00Z")),
            Self.recommendation("today", points: 30, expires: ISO8601Text.parse("2026-11-21T16:00:00Z")),
            Self.recommendation("hike", points: 60),
            Self.recommendation("ok", points: 25),
            Place(id: PlaceID(provider: "osm", nativeID: "node/1"), name: "A café", coordinate: Self.focus),
        ]
        let result = RecommendationsProfile().rank(places, context: Self.context(["gone": 5, "today": 5, "hike": 40.5, "ok": 8]))
        #expect(result.ranked.map(\.place.name) == ["today", "ok"])
        let reasons = result.excluded.map { "\($0.place.name) [\($0.stage)]: \($0.reason)" }
        #expect(
            reasons == [
                "A café [recommendation]: not a recommendation (no points)",
                "gone [expired]: expired at 2026-11-14T15:00:00Z",
                "hike [walk]: 40.5 min walk, over the 30 min limit",
            ])
        // Points are judged against what is left: the expired 50 and the far 60 do not count.
        #expect(Self.component(result.ranked[0], "points")?.detail == "30 points; the best here is 30")
    }

    @Test func theWalkingLimitTopAndWeightsCanBeChanged() {
        let places = (1...5).map { Self.recommendation("r\($0)", points: $0 * 10) }
        let minutes = Dictionary(uniqueKeysWithValues: (1...5).map { ("r\($0)", Double($0 * 4)) })
        let result = RecommendationsProfile(maximumWalkSeconds: 15 * 60, top: 2, pointsWeight: 1, walkWeight: 0, rateWeight: 0)
            .rank(places, context: Self.context(minutes))
        // 16 and 20 minutes are over 15; by points alone r3 then r2.
        #expect(result.ranked.map(\.place.name) == ["r3", "r2"])
        #expect(result.excluded.map(\.place.name) == ["r4", "r5"])
        #expect(result.ranked[0].components.map(\.name) == ["points"])
        #expect(result.ranked[0].score == 1)
    }

    @Test func explanationsAddUpAndNameEveryPart() throws {
        let places = [Self.recommendation("a", points: 40), Self.recommendation("b", points: 25)]
        let result = RecommendationsProfile().rank(places, context: Self.context(["a": 15.4, "b": 8.5]))
        for item in result.ranked {
            #expect(item.components.map(\.name) == ["points", "walk", "rate"])
            #expect(item.components.map(\.weight) == [0.4, 0.3, 0.3])
            #expect(abs(item.components.reduce(0) { $0 + $1.contribution } - item.score) < 1e-12)
            #expect(Self.component(item, "walk")?.detail.contains("routed") == true)
        }
    }

    @Test func nothingWorthAnyPointsScoresNoPoints() throws {
        let result = RecommendationsProfile().rank([Self.recommendation("zero", points: 0)], context: Self.context(["zero": 3]))
        let item = try #require(result.ranked.first)
        #expect(Self.component(item, "points")?.value == 0)
        #expect(Self.component(item, "rate")?.value == 0)
        #expect(Self.component(item, "points")?.detail == "0 points; nothing here is worth any")
    }

    @Test func theSearchRadiusCoversTheWalkingLimit() {
        // 30 min at 1.4 m/s is 2520 m on foot, 1938 m straight: rounded up to 2 km.
        #expect(RecommendationsProfile().searchRadius == 2000)
    }
}
