/// A provider's own label for what a place is ("Coffee Shop", "amenity=cafe"), kept for display.
public struct Category: Hashable, Sendable, Codable {
    /// The provider's taxonomy id, when it has one.
    public var id: String?
    /// The label as shown to the user: "Coffee Shop".
    public var name: String

    /// Makes a label from its display name and, when the provider has one, its taxonomy id.
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
    /// The concept's identifier, in snake case: `coffee_shop`.
    public let rawValue: String

    /// Makes a concept from its identifier; any text is taken, not only the constants below.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The identifier, as in ``rawValue``: `coffee_shop`.
    public var description: String { rawValue }

    /// Orders concepts by identifier.
    public static func < (lhs: PlaceConcept, rhs: PlaceConcept) -> Bool { lhs.rawValue < rhs.rawValue }

    /// A place whose trade is coffee: espresso bar, specialty coffee, coffee chain.
    public static let coffeeShop = PlaceConcept(rawValue: "coffee_shop")
    /// Roasts coffee (and usually serves it).
    public static let coffeeRoaster = PlaceConcept(rawValue: "coffee_roaster")
    /// A café in the broad sense: drinks and light food, coffee among them.
    public static let cafe = PlaceConcept(rawValue: "cafe")
    /// Tea house or tea shop.
    public static let tea = PlaceConcept(rawValue: "tea")
    /// A bubble tea (boba) shop.
    public static let bubbleTea = PlaceConcept(rawValue: "bubble_tea")
    /// A cannabis shop, including the Dutch "coffeeshop".
    public static let cannabis = PlaceConcept(rawValue: "cannabis")
    /// A tobacco or e-cigarette shop.
    public static let smokeShop = PlaceConcept(rawValue: "smoke_shop")
    /// A bakery: a shop that bakes and sells bread and pastries.
    public static let bakery = PlaceConcept(rawValue: "bakery")
    /// A restaurant: meals first.
    public static let restaurant = PlaceConcept(rawValue: "restaurant")
    /// A bar or a pub: drinks first.
    public static let bar = PlaceConcept(rawValue: "bar")
    /// A nightclub or dance club.
    public static let nightclub = PlaceConcept(rawValue: "nightclub")
    /// Karaoke: a karaoke bar, or a place that has it.
    public static let karaoke = PlaceConcept(rawValue: "karaoke")
    /// A shop that sells goods other than food and drink (clothes, books, furniture).
    public static let retail = PlaceConcept(rawValue: "retail")
    /// The outlet of a brand whose trade, where the data shows it, is not coffee: a fashion chain's
    /// café counter, a department store's.
    public static let otherBrand = PlaceConcept(rawValue: "other_brand")
    /// A place to park a car: a car park, a parking area or a car park's entrance.
    public static let parking = PlaceConcept(rawValue: "parking")
}
