import PlaceCore
import PlaceSearchTesting
import PlaceRanking
import Testing

struct CoffeeClassifierTests {
    static let amsterdam = Coordinate(52.3731, 4.8926)
    static let london = Coordinate(51.5074, -0.1278)

    static func place(_ name: String, _ concepts: Set<PlaceConcept>, at coordinate: Coordinate = amsterdam, country: String? = nil) -> Place {
        var place = Place.sample("test", name, name: name, at: coordinate, concepts: concepts)
        if let country { place.address = Address(countryCode: country) }
        return place
    }

    typealias Case = (name: String, concepts: Set<PlaceConcept>, reason: String?)

    /// The cases are the ones the real data has (OpenStreetMap's central Amsterdam, 2026).
    static let cases: [Case] = [
        // Kept: coffee is their trade, or a café that serves it.
        ("Starbucks", [.cafe, .coffeeShop], nil),
        ("Coffee & Cakes", [.cafe], nil),
        ("Het Groene Paleis - Coffee and Bakery", [.coffeeShop, .bakery], nil),
        ("Screaming Beans", [.coffeeRoaster], nil),
        ("Café met thee en koffie", [.cafe, .tea, .coffeeShop], nil),
        // Left out.
        ("SooTea", [.cafe, .bubbleTea], "bubble tea, not coffee"),
        ("Abraxas", [.coffeeShop, .cannabis], "cannabis shop, not coffee"),
        ("The Jolly Joker", [.cafe, .cannabis], "cannabis shop, not coffee"),
        // amenity=cafe + cuisine=coffee_shop in OSM, but a cannabis coffeeshop: only the name tells.
        ("Bluebird Coffeeshop", [.cafe, .coffeeShop], "a Dutch \"coffeeshop\" sells cannabis, not coffee"),
        ("Coffeshop Reefer", [.cafe, .coffeeShop], "a Dutch \"coffeeshop\" sells cannabis, not coffee"),
        ("Coffeeshop Rock-it", [.cafe], "a Dutch \"coffeeshop\" sells cannabis, not coffee"),
        ("Het Kleinste Huis", [.tea], "tea house, not coffee"),
        ("Tea room", [.cafe, .tea], "tea house, not coffee"),
        ("Tabak", [.smokeShop], "smoke shop, not coffee"),
        ("Pizzeria", [.restaurant], "not a place for coffee"),
        // Other trades: amenity=cafe with karaoke=yes (Duke of Tokyo), a nightclub, a café-bar, the
        // outlet of a brand of other trades; a shop that is also a café, unless coffee is its trade.
        ("Duke of Tokyo", [.cafe, .karaoke], "karaoke bar, not coffee"),
        ("Espresso karaoke", [.coffeeShop, .karaoke], "karaoke bar, not coffee"),
        ("Club", [.cafe, .nightclub], "nightclub, not coffee"),
        ("Café-bar", [.cafe, .bar], "bar or pub, not coffee"),
        ("Espresso bar", [.coffeeShop, .bar], nil),
        ("Urban Outfitters", [.cafe, .retail], "a shop selling other things, not coffee"),
        ("Espresso in a bookshop", [.cafe, .coffeeShop, .retail], nil),
        ("HEMA café", [.cafe, .otherBrand], "a brand of another trade (its other outlets are not cafés), not coffee"),
    ]

    @Test(arguments: cases)
    func inAmsterdam(_ example: Case) {
        #expect(CoffeeClassifier().exclusionReason(for: Self.place(example.name, example.concepts)) == example.reason, "\(example.name)")
    }

    @Test func theDutchWordOnlyCountsInTheNetherlands() {
        let classifier = CoffeeClassifier()
        // A London café named "The Coffeeshop" sells coffee.
        #expect(classifier.exclusionReason(for: Self.place("The Coffeeshop", [.cafe, .coffeeShop], at: Self.london)) == nil)
        // The address outranks the coordinate when both are known.
        #expect(classifier.exclusionReason(for: Self.place("Coffeeshop Oase", [.cafe], at: Self.london, country: "NL")) != nil)
        #expect(classifier.exclusionReason(for: Self.place("Coffeeshop Oase", [.cafe], at: Self.amsterdam, country: "BE")) == nil)
        // Two words in English are a coffee shop everywhere.
        #expect(classifier.exclusionReason(for: Self.place("Coffee Shop Amsterdam", [.coffeeShop])) == nil)
    }

    @Test func aShopIsNamedByTheProvidersLabelAndABrandByItsName() {
        var shop = Self.place("Urban Outfitters", [.cafe, .retail])
        shop.categories = [Category(id: "amenity=cafe", name: "Café"), Category(id: "shop=clothes", name: "Clothes")]
        #expect(CoffeeClassifier().exclusionReason(for: shop) == "clothes shop, not coffee")
        shop.categories = [Category(name: "Café"), Category(name: "Department Store")]
        #expect(CoffeeClassifier().exclusionReason(for: shop) == "department store, not coffee")
        var brand = Self.place("HEMA café", [.cafe, .otherBrand])
        brand.tags["brand"] = "HEMA"
        #expect(CoffeeClassifier().exclusionReason(for: brand) == "HEMA is a brand of another trade (its other outlets are not cafés), not coffee")
    }
}
