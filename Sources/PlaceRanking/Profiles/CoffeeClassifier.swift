public import PlaceSearch

/// Tells a coffee place from the places that merely sound like one.
///
/// Someone asking for coffee does not want a bubble-tea bar, a tea house, a smoke shop, or an
/// Amsterdam "coffeeshop", which sells cannabis. Providers' categories and tags (mapped to
/// ``PlaceConcept``) decide first. One rule looks at the name, because the real data needs it:
/// in OpenStreetMap's Amsterdam several cannabis coffeeshops are tagged `amenity=cafe` with
/// `cuisine=coffee_shop` ("Bluebird Coffeeshop", "Coffeeshop Rock-it"), and in Dutch the one
/// word "coffeeshop" means exactly that. So inside the Netherlands a name with that word is not coffee.
public struct CoffeeClassifier: Sendable {
    /// A generous box around the Netherlands (land and coast).
    public static let netherlands = BoundingBox(south: 50.75, west: 3.2, north: 53.7, east: 7.3)
    static let cannabisWords: Set<String> = ["coffeeshop", "coffeshop", "coffeeshops"]

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
        let servesCoffee = concepts.contains(.coffeeShop) || concepts.contains(.coffeeRoaster) || concepts.contains(.cafe)
        if concepts.contains(.tea), !concepts.contains(.coffeeShop), !concepts.contains(.coffeeRoaster) {
            return "tea house, not coffee"
        }
        if !servesCoffee { return "not a place for coffee" }
        return nil
    }

    private func isDutch(_ place: Place) -> Bool {
        if let country = place.address?.countryCode { return country.uppercased() == "NL" }
        return Self.netherlands.contains(place.coordinate)
    }
}
