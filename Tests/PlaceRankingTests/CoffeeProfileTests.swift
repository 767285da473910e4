import Foundation
import PlaceCore
import PlaceSearchTesting
import PlaceRanking
import Testing

struct CoffeeProfileTests {
    static let focus = Coordinate(52.37, 4.89)
    /// Saturday 2026-11-21, 10:46:40 in Amsterdam.
    static let saturdayMorning = (try? Date("2026-11-21T09:46:40Z", strategy: .iso8601)) ?? Date()
    static let context = RankingContext(focus: focus, now: saturdayMorning, timeZone: TimeZone(identifier: "Europe/Amsterdam") ?? .current)

    /// A place `metres` east of the focus (straight line).
    static func place(
        _ id: String, _ name: String, metres: Double, rating: Double? = nil, count: Int? = nil,
        concepts: Set<PlaceConcept> = [.coffeeShop], provider: ProviderID = "test"
    ) -> Place {
        Place.sample(
            provider, id, name: name, at: Geodesy.destination(from: focus, distance: metres, bearing: 90), concepts: concepts, rating: rating,
            ratingCount: count)
    }

    @Test func ranksByRatingAndWalkAsComputedByHand() throws {
        // 100 m and 500 m due east of the focus on the WGS 84 ellipsoid (GeographicLib's direct solution).
        let near = Place.sample("test", "a", name: "Near, 8.0", at: Coordinate(52.369999991, 4.891468205), rating: 8.0, ratingCount: 100)
        let far = Place.sample("test", "b", name: "Far, 9.0", at: Coordinate(52.369999772, 4.897341027), rating: 9.0, ratingCount: 100)
        let result = CoffeeProfile().rank([far, near], context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["Near, 8.0", "Far, 9.0"])
        // By hand: mean rating C = 8.5, prior weight 10.
        //   near: (100·8 + 10·8.5)/110 = 8.0455 → (8.0455−5)/5 = 0.6091; 130 m on foot = 92.9 s ≤ 120 s free → walk 1
        //         score = 0.5·0.6091 + 0.4·1 + 0.1·1 = 0.8045
        //   far:  (100·9 + 10·8.5)/110 = 8.9545 → 0.7909; 650 m = 464.3 s, 344.3 s past the free 2 min,
        //         σ² = 390²/(2 ln 2) → walk exp(−344.3²/(2σ²)) = 0.5826; score = 0.3955 + 0.2330 + 0.1 = 0.7285
        let first = try #require(result.ranked.first)
        let second = try #require(result.ranked.last)
        #expect(abs(first.score - 0.8045) < 0.0005)
        #expect(abs(second.score - 0.7285) < 0.0005)
        #expect(abs((second.components.first { $0.name == "walk" }?.value ?? 0) - 0.5826) < 0.0005)
        #expect(abs(first.walk.meters - 130) < 0.5)
        #expect(abs(second.walk.seconds - 464.3) < 0.5)
    }

    @Test func aMissingRatingCountsAsTheLowerQuartileNotZeroAndNotTen() throws {
        let ratings: [Double] = [8.0, 8.4, 8.8, 9.2]
        let rated = ratings.enumerated().map { Self.place("r\($0.offset)", "Rated \($0.element)", metres: 300, rating: $0.element, count: 50) }
        let unknown = Self.place("u", "Unknown", metres: 300)
        let result = CoffeeProfile().rank(rated + [unknown], context: Self.context)
        let component = try #require(result.ranked.first { $0.place.name == "Unknown" }?.components.first { $0.name == "rating" })
        // Lower quartile of 8.0, 8.4, 8.8, 9.2 = 8.0 + 0.75·0.4 = 8.3 → (8.3 − 5)/5 = 0.66.
        #expect(abs(component.value - 0.66) < 1e-9)
        #expect(component.detail.contains("lower quartile of 4 rated places"))
        let names = result.ranked.map(\.place.name)
        let position = try #require(names.firstIndex(of: "Unknown"))
        #expect(try position > #require(names.firstIndex(of: "Rated 8.8")))
        #expect(try position < #require(names.firstIndex(of: "Rated 8.0")))
    }

    @Test func withNoRatingsAtAllTheWalkDecides() {
        let result = CoffeeProfile().rank(
            [Self.place("b", "Further", metres: 600), Self.place("a", "Closer", metres: 400)], context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["Closer", "Further"])
        #expect(result.notes.first?.contains("no place here is rated, so the walk decides: walk 0.90") == true, "\(result.notes)")
        #expect(!result.ranked.contains { $0.components.contains { $0.name == "rating" } }, "a weight of 0 is no part of the score")
    }

    /// Offline nothing is rated: a café a fifth of the walk away is not put behind a coffee
    /// shop because coffee is the other's trade (Dam Good Coffee at 79 m, Starbucks at 400 m).
    @Test func withoutRatingsANearCafeBeatsAFarCoffeeShop() {
        let far = Self.place("far", "Starbucks", metres: 400, concepts: [.coffeeShop])
        let near = Self.place("near", "Dam Good Coffee", metres: 79, concepts: [.cafe])
        let result = CoffeeProfile().rank([far, near], context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["Dam Good Coffee", "Starbucks"])
        let rated = CoffeeProfile().rank(
            [Self.place("far", "Starbucks", metres: 400, rating: 8, count: 50), near], context: Self.context)
        #expect(rated.notes == ["weights: rating 0.50, walk 0.40, coffee 0.10"])
    }

    @Test func explanationsAddUpToTheScoreAndWeightsToOne() {
        let places = (0..<12).map {
            Self.place("p\($0)", "Place \($0)", metres: Double($0) * 80, rating: $0 % 3 == 0 ? nil : 6 + Double($0) / 4, count: $0 * 7)
        }
        let result = CoffeeProfile().rank(places, context: Self.context)
        #expect(!result.ranked.isEmpty)
        for item in result.ranked {
            let sum = item.components.reduce(0) { $0 + $1.contribution }
            #expect(abs(sum - item.score) < 1e-12)
            #expect(abs(item.components.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
            #expect(item.components.allSatisfy { (0...1).contains($0.value) && !$0.detail.isEmpty })
            #expect((0...1).contains(item.score))
        }
        #expect(zip(result.ranked, result.ranked.dropFirst()).allSatisfy { $0.score >= $1.score })
    }

    @Test func tiesGoToTheShorterWalkThenTheNameThenTheID() {
        let places = [
            Self.place("3", "Bravo", metres: 50),
            Self.place("2", "Alpha", metres: 50),
            Self.place("1", "Alpha", metres: 50),
            Self.place("4", "Zulu", metres: 40),
        ]
        // Within 2 minutes every walk scores 1, so all four tie on score.
        let result = CoffeeProfile().rank(places, context: Self.context)
        #expect(result.ranked.map(\.place.id.nativeID) == ["4", "1", "2", "3"])
        let shuffled = CoffeeProfile().rank(places.reversed(), context: Self.context)
        #expect(shuffled.ranked.map(\.place.id.nativeID) == ["4", "1", "2", "3"])
    }

    @Test func topNCutsTheListAndALargerNReturnsEverything() {
        let places = (0..<5).map { Self.place("\($0)", "P\($0)", metres: Double($0) * 100 + 10) }
        #expect(CoffeeProfile(top: 3).rank(places, context: Self.context).ranked.map(\.rank) == [1, 2, 3])
        #expect(CoffeeProfile(top: 50).rank(places, context: Self.context).ranked.count == 5)
        #expect(CoffeeProfile(top: 3).rank([], context: Self.context).ranked.isEmpty)
    }

    @Test func placesBeyondTheWalkingLimitAreLeftOutWithTheReason() throws {
        let result = CoffeeProfile(maximumWalkSeconds: 5 * 60).rank(
            [Self.place("n", "Near", metres: 200), Self.place("f", "Far", metres: 400)], context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["Near"])
        let exclusion = try #require(result.excluded.first)
        #expect(exclusion.place.name == "Far")
        #expect(exclusion.stage == "walk")
        #expect(exclusion.reason == "6.2 min walk, over the 5 min limit")
    }

    @Test func aRoutedDistanceReplacesTheEstimate() throws {
        let place = Self.place("r", "Across the canal", metres: 100)
        var context = Self.context
        context.routedMeters = [place.id: 900]
        let item = try #require(CoffeeProfile().rank([place], context: context).ranked.first)
        #expect(item.walk.isRouted)
        #expect(item.walk.meters == 900)
        #expect(abs(item.walk.straightLineMeters - 100) < 0.5)
        #expect(item.components.first { $0.name == "walk" }?.detail.contains("routed") == true)
    }

    @Test func openNowKeepsOnlyPlacesKnownToBeOpen() {
        var open = Self.place("o", "Open", metres: 100)
        open.hours = OpeningHours(intervals: [.init(weekday: .saturday, opens: 480, closes: 1080)], timeZoneIdentifier: "Europe/Amsterdam")
        var closed = Self.place("c", "Closed", metres: 100)
        closed.hours = OpeningHours(intervals: [.init(weekday: .saturday, opens: 720, closes: 1080)], timeZoneIdentifier: "Europe/Amsterdam")
        let unknown = Self.place("u", "Unknown", metres: 100)
        let result = CoffeeProfile(requireOpen: true).rank([open, closed, unknown], context: Self.context)
        #expect(result.ranked.map(\.place.name) == ["Open"])
        #expect(result.ranked.first?.isOpen == true)
        #expect(result.excluded.map(\.reason) == ["closed, opens 12:00", "opening hours unknown"])
        // Without --open-now all three stay, and the table can say which are open.
        #expect(CoffeeProfile().rank([open, closed, unknown], context: Self.context).ranked.count == 3)
    }

    @Test(arguments: [(15.0, 1000.0), (10, 1000), (20, 1500), (1, 1000), (60, 4000)])
    func theSearchRadiusCoversTheWalkingLimit(minutes: Double, radius: Double) {
        let profile = CoffeeProfile(maximumWalkSeconds: minutes * 60)
        #expect(profile.searchRadius == radius)
        #expect(profile.searchRadius >= WalkingModel().reach(inSeconds: minutes * 60))
    }
}

struct ScorerTests {
    @Test func walkScoreIsFullForTwoMinutesAndHalfAtTheScale() {
        let scorer = WalkScorer(limitSeconds: 900)
        #expect(scorer.value(forSeconds: 0) == 1)
        #expect(scorer.value(forSeconds: 120) == 1)
        #expect(abs(scorer.value(forSeconds: 120 + 390) - 0.5) < 1e-12)
        #expect(scorer.value(forSeconds: 900) < 0.1)
        let values = stride(from: 0.0, through: 1800, by: 30).map(scorer.value(forSeconds:))
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func bayesianShrinkageTrustsManyVotesMoreThanFew() {
        let scorer = RatingScorer()
        let focus = Coordinate(0, 0)
        let context = RankingContext(focus: focus, now: Date())
        let walk = WalkingModel().walk(from: focus, to: focus)
        let candidates = [
            Candidate(place: .sample("t", "1", name: "Ten from three", at: focus, rating: 10, ratingCount: 3), walk: walk),
            Candidate(place: .sample("t", "2", name: "9.2 from 300", at: focus, rating: 9.2, ratingCount: 300), walk: walk),
            Candidate(place: .sample("t", "3", name: "7 from 300", at: focus, rating: 7, ratingCount: 300), walk: walk),
        ]
        let scores = scorer.score(candidates, context: context).map(\.value)
        // Mean 8.733: ten-from-three → (30 + 87.33)/13 = 9.026; 9.2-from-300 → (2760 + 87.33)/310 = 9.185.
        #expect(scores[1] > scores[0])
        #expect(abs(scores[0] - (9.026 - 5) / 5) < 0.001)
        #expect(abs(scores[1] - (9.185 - 5) / 5) < 0.001)
    }

    @Test func ratingsBelowTheFloorScoreZero() {
        #expect(RatingScorer().normalise(3) == 0)
        #expect(RatingScorer().normalise(10) == 1)
        #expect(RatingScorer.quantile([1, 2, 3, 4, 5], 0.25) == 2)
        #expect(RatingScorer.quantile([7], 0.25) == 7)
    }
}
