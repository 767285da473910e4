import Foundation
import PlaceRanking
import PlaceCore
import PlaceSearchTesting
import Testing

/// Properties of merging and ranking over random answers: the result does not depend on the order in
/// which the providers answered (nor on the order the ranking is given the places in), and every
/// score is in 0…1 and the sum of its parts.
struct OrderIndependenceTests {
    static let focus = Coordinate(52.37, 4.89)
    static let context = RankingContext(
        focus: focus, now: Date(timeIntervalSince1970: 1_795_170_000),
        timeZone: TimeZone(identifier: "Europe/Amsterdam") ?? .current)
    static let words = ["Koffie", "Café", "Bar", "Espresso", "Huis", "de", "Bakkerij", "Roast", "Lab", "’t", "Hoek", "Zuid"]

    /// Places from three providers around the focus; some are the same café seen by two of them
    /// (the same name a few metres apart), so that the merger has work to do.
    static func answers(using random: inout SeededRandom) -> [ProviderID: [Place]] {
        let providers: [ProviderID] = ["alpha", "beta", "gamma"]
        var answers: [ProviderID: [Place]] = [:]
        var shared: [(String, Coordinate)] = []
        for provider in providers {
            var places: [Place] = []
            for index in 0..<Int.random(in: 0...12, using: &random) {
                let name: String
                let coordinate: Coordinate
                if let seen = shared.randomElement(using: &random), Bool.random(using: &random) {
                    name = seen.0
                    coordinate = Geodesy.destination(
                        from: seen.1, distance: Double.random(in: 0...20, using: &random),
                        bearing: Double.random(in: 0..<360, using: &random))
                } else {
                    name = (0..<Int.random(in: 1...3, using: &random)).map { _ in words.randomElement(using: &random) ?? "" }
                        .joined(separator: " ")
                    coordinate = Geodesy.destination(
                        from: focus, distance: Double.random(in: 0...1500, using: &random),
                        bearing: Double.random(in: 0..<360, using: &random))
                    shared.append((name, coordinate))
                }
                let rating = Bool.random(using: &random) ? Double(Int.random(in: 50...100, using: &random)) / 10 : nil
                places.append(
                    Place.sample(
                        provider, "\(index)", name: name, at: coordinate, rating: rating,
                        ratingCount: rating == nil ? nil : Int.random(in: 1...500, using: &random)))
            }
            answers[provider] = places
        }
        return answers
    }

    /// What a ranking says, in a form two rankings can be compared by.
    static func summary(_ result: RankingResult) -> [String] {
        result.ranked.map { "\($0.rank) \($0.place.id) \($0.place.name) \($0.score)" }
    }

    @Test func mergingAndRankingDoNotDependOnWhichProviderAnsweredFirst() async throws {
        var random = SeededRandom(printingSeedFor: "mergingAndRankingDoNotDependOnWhichProviderAnsweredFirst")
        let request = SearchRequest(category: .coffee, focus: Self.focus, radius: 2000)
        for round in 0..<8 {
            let answers = Self.answers(using: &random)
            var outcomes: [[String]] = []
            var rankings: [[String]] = []
            // The same answers, arriving in a different order each time (delays of 0–40 ms).
            for _ in 0..<3 {
                let providers = answers.keys.sorted().map { id in
                    StaticProvider(id: id, places: answers[id] ?? [], delay: .milliseconds(Int.random(in: 0...40, using: &random)))
                }
                let outcome = await Aggregator().search(request, providers: providers)
                outcomes.append(outcome.places.map { "\($0.id) \($0.name) \($0.sources.map(\.description))" })
                rankings.append(Self.summary(CoffeeProfile().rank(outcome.places, context: Self.context)))
            }
            #expect(Set(outcomes.map { $0.joined(separator: "\n") }).count == 1, "seed \(random.seed), round \(round)")
            #expect(Set(rankings.map { $0.joined(separator: "\n") }).count == 1, "seed \(random.seed), round \(round)")
        }
    }

    @Test func rankingDoesNotDependOnTheOrderOfItsInputAndEveryScoreIsTheSumOfItsParts() throws {
        var random = SeededRandom(printingSeedFor: "rankingDoesNotDependOnTheOrderOfItsInput")
        var ranked = 0
        for round in 0..<30 {
            let places = Self.answers(using: &random).values.flatMap { $0 }
            let result = CoffeeProfile().rank(places, context: Self.context)
            let shuffled = CoffeeProfile().rank(places.shuffled(using: &random), context: Self.context)
            #expect(Self.summary(shuffled) == Self.summary(result), "seed \(random.seed), round \(round)")
            for item in result.ranked {
                ranked += 1
                #expect((0...1).contains(item.score), "seed \(random.seed): \(item.place.name) scores \(item.score)")
                let sum = item.components.reduce(0) { $0 + $1.contribution }
                #expect(abs(sum - item.score) < 1e-12, "seed \(random.seed): \(item.place.name)")
                #expect(!item.components.isEmpty)
                #expect(item.components.allSatisfy { (0...1).contains($0.value) }, "seed \(random.seed): \(item.components)")
            }
        }
        #expect(ranked > 0, "no place was ranked: the generator makes nothing a coffee profile keeps")
    }
}
