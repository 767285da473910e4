import PlaceCore

/// Prefers places whose trade is coffee over cafés that also pour it.
public struct CoffeeFocusScorer: Scorer {
    public let name = "coffee"

    public init() {}

    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        candidates.map { candidate in
            let concepts = candidate.place.concepts
            if concepts.contains(.coffeeShop) || concepts.contains(.coffeeRoaster) {
                return Score(1, "coffee is their trade")
            }
            if concepts.contains(.cafe) { return Score(0.5, "a café that serves coffee") }
            return Score(0.25, "serves coffee among other things")
        }
    }
}
