import PlaceBytes
public import PlaceCore

/// Scores the cost of the stay against the cheapest in the list: `(cheapest + k) / (cost + k)`,
/// so the cheapest scores 1, twice its price (plus the cushion `k`) about 0.5. The cushion keeps
/// a free meter from making every €1 stay look worthless.
///
/// A place whose cost nobody knows counts at the upper quartile of the known costs: an unpriced
/// garage is a gamble, as an unrated café is for coffee, but it is not the dearest either.
public struct StayCostScorer: Scorer {
    /// The component's name.
    public let name = "cost"
    /// The stay to price.
    public let stay: Stay
    /// Euros added to both sides of the ratio.
    public var cushion: Double

    /// A scorer pricing `stay`, with `cushion` euros (raised to at least 0.01) added to both sides of the ratio.
    public init(stay: Stay, cushion: Double = 1) {
        self.stay = stay
        self.cushion = max(0.01, cushion)
    }

    /// Each place's ``value(_:cheapest:)``; an unknown cost counts at the upper quartile of the known ones, and when no
    /// cost is known every place scores 0.5.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        let prices = candidates.map { StayPricing.price($0.place, for: stay) }
        let known = prices.compactMap(\.amount).sorted()
        guard let cheapest = known.first else {
            return prices.map { _ in Score(0.5, "cost unknown (no place here has a known price)") }
        }
        let unknown = RatingScorer.quantile(known, 0.75)
        let duration = stay.durationText
        return prices.map { price in
            guard let amount = price.amount else {
                return Score(
                    value(unknown, cheapest: cheapest),
                    "cost unknown; counted as €\(NumberText.fixed(unknown, 2)), the upper quartile of \(known.count) priced")
            }
            let how = price.source == .provider ? "for \(duration), as the provider calculated" : "for \(duration), from the tariff"
            return Score(value(amount, cheapest: cheapest), "€\(NumberText.fixed(amount, 2)) \(how); cheapest here €\(NumberText.fixed(cheapest, 2))")
        }
    }

    /// `(cheapest + cushion) / (amount + cushion)`: 1 for the cheapest, less the dearer `amount` is.
    public func value(_ amount: Double, cheapest: Double) -> Double {
        (cheapest + cushion) / (amount + cushion)
    }
}
