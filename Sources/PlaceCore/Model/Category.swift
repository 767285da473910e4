/// A provider's own label for what a place is ("Coffee Shop", "amenity=cafe"), kept for display.
public struct Category: Hashable, Sendable, Codable {
    /// The provider's taxonomy id, when it has one.
    public var id: String?
    public var name: String

    public init(id: String? = nil, name: String) {
        self.id = id
        self.name = name
    }
}

/// What a place is, in words every provider maps its own taxonomy to.
///
/// Ranking reasons about concepts, never about one provider's category ids: Foursquare's
/// "Bubble Tea Shop" and OpenStreetMap's `cuisine=bubble_tea` both become ``bubbleTea``.
public struct PlaceConcept: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static func < (lhs: PlaceConcept, rhs: PlaceConcept) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A place whose trade is coffee: espresso bar, specialty coffee, coffee chain.
    public static let coffeeShop = PlaceConcept(rawValue: "coffee_shop")
    /// Roasts coffee (and usually serves it).
    public static let coffeeRoaster = PlaceConcept(rawValue: "coffee_roaster")
    /// A café in the broad sense: drinks and light food, coffee among them.
    public static let cafe = PlaceConcept(rawValue: "cafe")
    /// Tea house or tea shop.
    public static let tea = PlaceConcept(rawValue: "tea")
    public static let bubbleTea = PlaceConcept(rawValue: "bubble_tea")
    /// A cannabis shop, including the Dutch "coffeeshop".
    public static let cannabis = PlaceConcept(rawValue: "cannabis")
    public static let smokeShop = PlaceConcept(rawValue: "smoke_shop")
    public static let bakery = PlaceConcept(rawValue: "bakery")
    public static let restaurant = PlaceConcept(rawValue: "restaurant")
    /// A bar or a pub: drinks first.
    public static let bar = PlaceConcept(rawValue: "bar")
    public static let nightclub = PlaceConcept(rawValue: "nightclub")
    /// Karaoke: a karaoke bar, or a place that has it.
    public static let karaoke = PlaceConcept(rawValue: "karaoke")
    /// A shop that sells goods other than food and drink (clothes, books, furniture).
    public static let retail = PlaceConcept(rawValue: "retail")
    /// The outlet of a brand whose trade, where the data shows it, is not coffee: a fashion chain's
    /// café counter, a department store's.
    public static let otherBrand = PlaceConcept(rawValue: "other_brand")
    public static let parking = PlaceConcept(rawValue: "parking")
}
