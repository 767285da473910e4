/// A postal address as far as the provider knows it. Every part is optional.
public struct Address: Hashable, Sendable, Codable {
    /// Street and number: "Rokin 74".
    public var street: String?
    /// The postal code as the provider writes it: "1012 KW".
    public var postcode: String?
    /// The town or city: "Amsterdam".
    public var locality: String?
    /// The province, state or other region above the town, as the provider names it.
    public var region: String?
    /// ISO 3166-1 alpha-2, upper case: "NL".
    public var countryCode: String?
    /// The one-line address as the provider formats it.
    public var formatted: String?

    /// Makes an address from whichever parts are known; the others stay nil.
    public init(
        street: String? = nil, postcode: String? = nil, locality: String? = nil, region: String? = nil,
        countryCode: String? = nil, formatted: String? = nil
    ) {
        self.street = street
        self.postcode = postcode
        self.locality = locality
        self.region = region
        self.countryCode = countryCode
        self.formatted = formatted
    }

    /// The shortest useful line for a list of nearby places: the street, else the provider's formatting.
    public var shortText: String? { street ?? formatted }

    /// "Rokin 74, 1012 KW Amsterdam" when the parts are there.
    public var fullText: String? {
        if let formatted { return formatted }
        let town = [postcode, locality].compactMap { $0 }.joined(separator: " ")
        let parts = [street, town.isEmpty ? nil : town].compactMap { $0 }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// Whether no part of the address is known.
    public var isEmpty: Bool { [street, postcode, locality, region, countryCode, formatted].allSatisfy { $0 == nil } }
}
