import PlaceBytes
public import PlaceCore

/// The cost of one stay at a parking place, wherever it comes from.
public struct PricedStay: Sendable, Equatable {
    /// Where an amount came from.
    public enum Source: String, Sendable, Equatable {
        /// The provider calculated the total for this stay.
        case provider
        /// Worked out from the place's tariff.
        case tariff
        /// Nobody knows.
        case unknown
    }

    /// Euros for the whole stay, or nil when unknown.
    public let amount: Double?
    /// Where ``amount`` came from; `.unknown` when nothing priced the stay.
    public let source: Source
    /// The stay is longer than the place allows.
    public let exceedsMaximumStay: Bool

    /// A priced stay of `amount` euros (nil when unknown), from `source`.
    public init(amount: Double?, source: Source, exceedsMaximumStay: Bool) {
        self.amount = amount
        self.source = source
        self.exceedsMaximumStay = exceedsMaximumStay
    }

    /// "€7.50", or "unknown".
    public var text: String {
        guard let amount else { return "unknown" }
        return "€" + NumberText.fixed(amount, 2)
    }
}

/// Works out what a stay costs: the provider's total for exactly this stay when it gave one,
/// else the place's tariff applied to the stay, else unknown (never an hourly rate posing as a total).
public enum StayPricing {
    /// What `stay` costs at `place`: the offer's total for exactly this stay when it has one, else its tariff applied to
    /// the stay, else unknown (also when `place` is not a parking place).
    public static func price(_ place: Place, for stay: Stay) -> PricedStay {
        guard let offer = place.parking else { return PricedStay(amount: nil, source: .unknown, exceedsMaximumStay: false) }
        let exceeds = offer.tariff.map { !$0.allows(stay) } ?? false
        if let cost = offer.stayCost, cost.stay == stay, let amount = cost.amount {
            return PricedStay(amount: amount, source: cost.source == .provider ? .provider : .tariff, exceedsMaximumStay: exceeds)
        }
        if let tariff = offer.tariff {
            return PricedStay(amount: tariff.cost(of: stay), source: .tariff, exceedsMaximumStay: exceeds)
        }
        return PricedStay(amount: nil, source: .unknown, exceedsMaximumStay: exceeds)
    }
}
