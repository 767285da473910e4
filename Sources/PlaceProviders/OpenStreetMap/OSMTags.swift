import Foundation
import PlaceBytes
package import PlaceCore

/// What OpenStreetMap tags say about a place, in provider-neutral terms.
package enum OSMTags {
    package static func concepts(_ tags: [String: String]) -> Set<PlaceConcept> {
        var concepts = Set<PlaceConcept>()
        // `amenity=cafe;bar` lists two: each one counts.
        let amenities = Set(values(tags["amenity"]))
        let shop = tags["shop"]
        let cuisines = Set((tags["cuisine"] ?? "").split(separator: ";").map { $0.trimmedOfWhitespace.lowercased() })
        if amenities.contains("cafe") { concepts.insert(.cafe) }
        if shop == "coffee" || cuisines.contains("coffee_shop") || cuisines.contains("coffee") { concepts.insert(.coffeeShop) }
        if tags["craft"] == "coffee_roaster" || tags["craft"] == "roaster" { concepts.insert(.coffeeRoaster) }
        if cuisines.contains("bubble_tea") { concepts.insert(.bubbleTea) }
        if shop == "tea" || cuisines.contains("tea") { concepts.insert(.tea) }
        if ["cannabis", "marihuana", "marijuana"].contains(shop ?? "") || cuisines.contains("soft_drugs")
            || cuisines.contains("cannabis") || tags.contains(where: { $0.key.hasPrefix("cannabis") && $0.value != "no" })
        {
            concepts.insert(.cannabis)
        }
        if shop == "tobacco" || shop == "e-cigarette" { concepts.insert(.smokeShop) }
        if shop == "bakery" { concepts.insert(.bakery) }
        if amenities.contains("restaurant") { concepts.insert(.restaurant) }
        if !amenities.isDisjoint(with: ["bar", "pub", "biergarten"]) || tags["bar"] == "yes" || tags["pub"] == "yes" { concepts.insert(.bar) }
        if amenities.contains("nightclub") { concepts.insert(.nightclub) }
        if amenities.contains("karaoke_box") || (tags["karaoke"].map { $0 != "no" } ?? false) { concepts.insert(.karaoke) }
        if let shop, !shopsNotRetail.contains(shop) { concepts.insert(.retail) }
        // Set by the import when the brand's other outlets in the same file are not cafés (BrandTrades).
        if tags[brandTradeKey] != nil { concepts.insert(.otherBrand) }
        if !amenities.isDisjoint(with: ["parking", "parking_entrance"]) { concepts.insert(.parking) }
        return concepts
    }

    /// `shop=*` values that sell food or drink (a bakery's café is a café) or say nothing; every
    /// other shop (clothes, books, a department store) sells something else first. Cannabis and
    /// tobacco shops have concepts of their own.
    package static let shopsNotRetail: Set<String> = [
        "coffee", "tea", "bakery", "pastry", "confectionery", "chocolate", "deli", "cheese", "beverages", "ice_cream", "convenience",
        "supermarket", "kiosk", "greengrocer", "farm", "health_food", "dairy", "food", "frozen_food", "butcher", "seafood", "spices",
        "nuts", "wine", "alcohol", "cannabis", "marihuana", "marijuana", "tobacco", "e-cigarette", "yes",
    ]

    /// The tag the import sets on an element whose brand's other elements in the file are not
    /// cafés: the main tag they have, `shop=clothes`. Not an OpenStreetMap key: places' own.
    package static let brandTradeKey = "places:brand_trade"
    /// What starts the keys the import adds: they say something about the data, and are not
    /// OpenStreetMap's, so a place does not show them as its tags.
    package static let ownPrefix = "places:"
    /// The box of a car park's area, "south,west,north,east", set by the import (CarParkTags).
    package static let boundsKey = "places:bounds"
    /// The street beside an unnamed car park without an address, set by the import (NearestStreet).
    package static let streetKey = "places:street"

    /// A box from ``boundsKey``'s text.
    package static func bounds(_ tags: [String: String]) -> BoundingBox? {
        let parts = (tags[boundsKey] ?? "").split(separator: ",").compactMap { Double($0) }
        guard parts.count == 4 else { return nil }
        return BoundingBox(south: parts[0], west: parts[1], north: parts[2], east: parts[3])
    }

    /// `cafe;bar` → ["cafe", "bar"]
    package static func values(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ";").map { $0.trimmedOfWhitespace.lowercased() }.filter { !$0.isEmpty }
    }

    /// Labels for display, most specific first: "Coffee shop", "Café".
    package static func categories(_ tags: [String: String]) -> [PlaceCore.Category] {
        var labels: [PlaceCore.Category] = []
        for cuisine in (tags["cuisine"] ?? "").split(separator: ";") {
            let value = cuisine.trimmedOfWhitespace
            labels.append(PlaceCore.Category(id: "cuisine=\(value)", name: humanize(value)))
        }
        for key in ["amenity", "shop", "craft"] {
            if let value = tags[key] {
                let name = key == "amenity" && value == "cafe" ? "Café" : humanize(value)
                labels.append(PlaceCore.Category(id: "\(key)=\(value)", name: name))
            }
        }
        return labels
    }

    package static func address(_ tags: [String: String]) -> Address? {
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let address = Address(
            street: tags["addr:street"] == nil ? nil : street, postcode: tags["addr:postcode"], locality: tags["addr:city"],
            countryCode: tags["addr:country"]?.uppercased())
        return address.isEmpty ? nil : address
    }

    package static func hours(_ tags: [String: String]) -> OpeningHours? {
        guard let text = tags["opening_hours"] else { return nil }
        guard let parsed = OSMOpeningHours.parse(text) else { return OpeningHours(text: text) }
        return OpeningHours(intervals: parsed.intervals, isAlwaysOpen: parsed.alwaysOpen, text: text, hasWeeklySchedule: true)
    }

    /// The name ``categories(_:)`` gives last (the craft, shop or amenity, else the last cuisine),
    /// without making the others: a country's import asks it of every POI.
    package static func lastCategoryName(_ tags: [String: String]) -> String? {
        for key in ["craft", "shop", "amenity"] {
            if let value = tags[key] { return key == "amenity" && value == "cafe" ? "Café" : humanize(value) }
        }
        return (tags["cuisine"] ?? "").split(separator: ";").last.map { humanize($0.trimmedOfWhitespace) }
    }

    /// "coffee_shop" → "Coffee shop"
    package static func humanize(_ value: String) -> String {
        // A tag value is nearly always ASCII: its bytes are changed where they lie (an underscore
        // is never part of a longer UTF-8 sequence), where Foundation's replacing bridged it.
        var bytes = Array(value.utf8)
        guard let first = bytes.first, first < 0x80 else {
            let spaced = value.replacingOccurrences(of: "_", with: " ")
            return spaced.prefix(1).uppercased() + spaced.dropFirst()
        }
        for index in bytes.indices where bytes[index] == UInt8(ascii: "_") { bytes[index] = UInt8(ascii: " ") }
        if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first) { bytes[0] = first - 0x20 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
