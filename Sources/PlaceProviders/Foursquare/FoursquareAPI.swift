import Foundation
import HTTPTypes
import PlaceBytes
import PlaceCore
import PlaceHTTP

/// The Foursquare Places API as of version 2025-06-17 (host places-api.foursquare.com, a Bearer
/// service key, the version in `X-Places-Api-Version`).
enum FoursquareAPI {
    static let host = "places-api.foursquare.com"
    static let defaultEndpoint = "https://places-api.foursquare.com"
    static let version = "2025-06-17"

    /// Fields for ranking: Premium ones (rating, stats, price, hours) must be asked for by name.
    static let searchFields = [
        "fsq_place_id", "name", "latitude", "longitude", "distance", "location", "categories", "chains",
        "rating", "stats", "price", "hours", "timezone", "tel", "website",
    ]
    /// Fields for `places show`: everything above plus the description, tips and photos.
    static let detailFields = searchFields.filter { $0 != "distance" } + ["description", "tips", "photos", "social_media"]

    /// Category ids (the 24-hex taxonomy shared by v2 and the current API) and what they are.
    static let concepts: [String: PlaceConcept] = [
        "4bf58dd8d48988d1e0931735": .coffeeShop,  // Coffee Shop
        "5e18993feee47d000759b256": .coffeeRoaster,  // Coffee Roaster
        "56aa371be4b08b9a8d5734c1": .coffeeShop,  // Turkish Coffeehouse
        "5665c7b9498e7d8a4f2c0f06": .coffeeShop,  // Corporate Coffee Shop
        "4bf58dd8d48988d16d941735": .cafe,  // Café
        "63be6904847c3692a84b9bb6": .cafe,  // Cafe, Coffee, and Tea House
        "4bf58dd8d48988d1dc931735": .tea,  // Tea Room
        "52e81612bcbc57f1066b7a0c": .bubbleTea,  // Bubble Tea Shop
        "63be6904847c3692a84b9be9": .cannabis,  // Cannabis Store
        "52c71aaf3cf9994f4e043d17": .cannabis,  // Marijuana Dispensary
        "4bf58dd8d48988d123951735": .smokeShop,  // Smoke Shop
        "4bf58dd8d48988d16a941735": .bakery,  // Bakery
        "4bf58dd8d48988d116941735": .bar,  // Bar
        "4bf58dd8d48988d11b941735": .bar,  // Pub
    ]

    /// The same by label, for category objects whose id we do not know (other taxonomy versions).
    static let conceptsByName: [String: PlaceConcept] = [
        "coffee shop": .coffeeShop, "coffee roaster": .coffeeRoaster, "turkish coffeehouse": .coffeeShop,
        "cafe": .cafe, "cafe coffee and tea house": .cafe, "tea room": .tea, "bubble tea shop": .bubbleTea,
        "cannabis store": .cannabis, "marijuana dispensary": .cannabis, "smoke shop": .smokeShop, "bakery": .bakery,
        "bar": .bar, "pub": .bar, "cocktail bar": .bar, "wine bar": .bar, "beer bar": .bar, "sports bar": .bar, "dive bar": .bar,
        "hotel bar": .bar, "beer garden": .bar, "speakeasy": .bar, "karaoke bar": .karaoke, "night club": .nightclub,
        "nightclub": .nightclub,
    ]

    /// Words of a store's label that say it sells food or drink: a "Grocery Store" with a café
    /// counter is still food. Every other "… Store" or "Boutique" sells something else.
    static let foodStoreWords: Set<String> = [
        "grocery", "food", "convenience", "liquor", "wine", "beer", "coffee", "tea", "bakery", "candy", "chocolate", "cheese",
        "dessert", "health", "organic", "supermarket",
    ]

    /// Whether a category label names a shop that sells things other than food and drink:
    /// "Clothing Store", "Department Store", "Boutique".
    static func isRetail(_ words: [String]) -> Bool {
        guard let last = words.last, last == "store" || last == "boutique" else { return false }
        return Set(words).isDisjoint(with: foodStoreWords)
    }

    /// What `places coffee` asks for: coffee shops, cafés and roasters.
    static let coffeeCategories = ["4bf58dd8d48988d1e0931735", "4bf58dd8d48988d16d941735", "5e18993feee47d000759b256"]

    static func headers(key: Credential?) -> HTTPFields {
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        if let versionHeader = HTTPField.Name("X-Places-Api-Version") { fields[versionHeader] = version }
        if let key { fields[.authorization] = "Bearer \(key.value)" }
        return fields
    }

    static func searchRequest(_ request: SearchRequest, key: Credential?, endpoint: ServiceEndpoint) -> HTTPRequest {
        let parameters: [(String, String)] = [
            ("ll", NumberText.fixed(request.focus.latitude, 4) + "," + NumberText.fixed(request.focus.longitude, 4)),
            ("radius", String(Int(min(100_000, max(1, request.radius)).rounded()))),
            ("fsq_category_ids", coffeeCategories.joined(separator: ",")),
            ("sort", "DISTANCE"),
            ("limit", String(min(50, max(1, request.limit)))),
            ("fields", searchFields.joined(separator: ",")),
        ]
        return HTTPRequest(
            method: .get, scheme: endpoint.scheme, authority: endpoint.authority,
            path: endpoint.basePath + "/places/search?" + QueryString.encode(parameters),
            headerFields: headers(key: key))
    }

    static func detailsRequest(nativeID: String, key: Credential?, endpoint: ServiceEndpoint) -> HTTPRequest {
        let path = "/places/" + QueryString.encodeComponent(nativeID) + "?" + QueryString.encode([("fields", detailFields.joined(separator: ","))])
        return HTTPRequest(
            method: .get, scheme: endpoint.scheme, authority: endpoint.authority, path: endpoint.basePath + path,
            headerFields: headers(key: key))
    }
}
