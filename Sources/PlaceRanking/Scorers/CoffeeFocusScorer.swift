import PlaceCore

/// Prefers places whose trade is coffee over cafés that also pour it.
public struct CoffeeFocusScorer: Scorer {
    /// The component's name.
    public let name = "coffee"

    /// A scorer; it has no settings.
    public init() {}

    /// 1 when coffee is the trade (a coffee shop or roaster), 0.5 for another café, 0.25 for anything else.
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
