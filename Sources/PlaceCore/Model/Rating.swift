/// How people rate a place, normalised to 0–10 while keeping the source's own value and scale.
public struct Rating: Hashable, Sendable, Codable {
    /// 0–10, comparable across providers.
    public let value: Double
    /// The number as the provider gave it.
    public let sourceValue: Double
    /// The top of the provider's scale: 10 for Foursquare, 5 for star ratings.
    public let sourceScale: Double
    /// How many ratings the value summarises, when the provider says.
    public let count: Int?

    /// Returns nil for a value outside `0...scale` or a scale that is not positive.
    public init?(_ sourceValue: Double, outOf scale: Double, count: Int? = nil) {
        guard scale > 0, sourceValue.isFinite, (0...scale).contains(sourceValue) else { return nil }
        self.sourceValue = sourceValue
        self.sourceScale = scale
        self.value = sourceValue / scale * 10
        self.count = count.map { max(0, $0) }
    }
}

/// A provider's price tier, 1 (cheap) to 4 (very expensive).
public struct PriceLevel: Hashable, Comparable, Sendable, Codable {
    /// 1 (cheap) to 4 (very expensive).
    public let tier: Int

    /// Makes a level from a provider's tier; nil outside 1…4.
    public init?(tier: Int) {
        guard (1...4).contains(tier) else { return nil }
        self.tier = tier
    }

    /// `€€` for tier 2 with the euro sign.
    public func symbol(currency: String = "€") -> String { String(repeating: currency, count: tier) }

    /// Orders levels from cheap to expensive.
    public static func < (lhs: PriceLevel, rhs: PriceLevel) -> Bool { lhs.tier < rhs.tier }
}
