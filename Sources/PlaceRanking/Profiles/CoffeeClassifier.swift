import PlaceBytes
public import PlaceCore

/// Tells a coffee place from the places that merely sound like one.
///
/// Someone asking for coffee does not want a bubble-tea bar, a tea house, a smoke shop, or an
/// Amsterdam "coffeeshop", which sells cannabis. Providers' categories and tags (mapped to
/// ``PlaceConcept``) decide first. One rule looks at the name, because the real data needs it:
/// in OpenStreetMap's Amsterdam several cannabis coffeeshops are tagged `amenity=cafe` with
/// `cuisine=coffee_shop` ("Bluebird Coffeeshop", "Coffeeshop Rock-it"), and in Dutch the one
/// word "coffeeshop" means exactly that. So inside the Netherlands a name with that word is not coffee.
///
/// A place's other trades count against it too: OpenStreetMap tags "Duke of Tokyo", a karaoke bar,
/// `amenity=cafe` + `karaoke=yes`, and "Urban Outfitters", a clothes shop, `amenity=cafe` +
/// `shop=clothes`. Karaoke and nightclubs are never where one goes for coffee; a bar, a pub, a shop
/// selling other things or the outlet of a brand of other trades is not, unless coffee is its
/// trade as well (an espresso bar inside a bookshop, tagged `cuisine=coffee_shop`).
public struct CoffeeClassifier: Sendable {
    /// A generous box around the Netherlands (land and coast).
    public static let netherlands = BoundingBox(south: 50.75, west: 3.2, north: 53.7, east: 7.3)
    static let cannabisWords: Set<String> = ["coffeeshop", "coffeshop", "coffeeshops"]

    /// A classifier; it has no settings.
    public init() {}

    /// Why `place` is not a coffee place, or nil when it is one.
    public func exclusionReason(for place: Place) -> String? {
        let concepts = place.concepts
        if concepts.contains(.cannabis) { return "cannabis shop, not coffee" }
        if isDutch(place), !Set(TextFolding.words(place.name)).isDisjoint(with: Self.cannabisWords) {
            return "a Dutch \"coffeeshop\" sells cannabis, not coffee"
        }
        if concepts.contains(.bubbleTea) { return "bubble tea, not coffee" }
        if concepts.contains(.smokeShop) { return "smoke shop, not coffee" }
        if concepts.contains(.karaoke) { return "karaoke bar, not coffee" }
        if concepts.contains(.nightclub) { return "nightclub, not coffee" }
        let coffeeIsTheirTrade = concepts.contains(.coffeeShop) || concepts.contains(.coffeeRoaster)
        let servesCoffee = coffeeIsTheirTrade || concepts.contains(.cafe)
        if concepts.contains(.tea), !coffeeIsTheirTrade { return "tea house, not coffee" }
        if !coffeeIsTheirTrade {
            if concepts.contains(.retail) { return "\(Self.shopLabel(place)), not coffee" }
            if concepts.contains(.bar) { return "bar or pub, not coffee" }
            if concepts.contains(.otherBrand) {
                let brand = place.tags["brand"].map { "\($0) is a" } ?? "a"
                return "\(brand) brand of another trade (its other outlets are not cafés), not coffee"
            }
        }
        if !servesCoffee { return "not a place for coffee" }
        return nil
    }

    /// "clothes shop", "clothing store": the provider's label for the shop, where it has one.
    private static func shopLabel(_ place: Place) -> String {
        for category in place.categories {
            let name = category.name.lowercased()
            if category.id?.hasPrefix("shop=") == true { return "\(name) shop" }
            if name.hasSuffix(" store") || (name.hasSuffix(" shop") && !name.contains("coffee")) || name == "boutique" { return name }
        }
        return "a shop selling other things"
    }

    private func isDutch(_ place: Place) -> Bool {
        if let country = place.address?.countryCode { return country.uppercased() == "NL" }
        return Self.netherlands.contains(place.coordinate)
    }
}
