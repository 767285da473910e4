import Foundation
import PlaceSearch

/// What OpenStreetMap tags say about a place, in provider-neutral terms.
enum OSMTags {
    static func concepts(_ tags: [String: String]) -> Set<PlaceConcept> {
        var concepts = Set<PlaceConcept>()
        let amenity = tags["amenity"]
        let shop = tags["shop"]
        let cuisines = Set((tags["cuisine"] ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
        if amenity == "cafe" { concepts.insert(.cafe) }
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
        if amenity == "restaurant" { concepts.insert(.restaurant) }
        if amenity == "bar" || amenity == "pub" { concepts.insert(.bar) }
        if amenity == "parking" || amenity == "parking_entrance" { concepts.insert(.parking) }
        return concepts
    }

    /// Labels for display, most specific first: "Coffee shop", "Café".
    static func categories(_ tags: [String: String]) -> [PlaceSearch.Category] {
        var labels: [PlaceSearch.Category] = []
        for cuisine in (tags["cuisine"] ?? "").split(separator: ";") {
            let value = cuisine.trimmingCharacters(in: .whitespaces)
            labels.append(PlaceSearch.Category(id: "cuisine=\(value)", name: humanize(value)))
        }
        for key in ["amenity", "shop", "craft"] {
            if let value = tags[key] {
                let name = key == "amenity" && value == "cafe" ? "Café" : humanize(value)
                labels.append(PlaceSearch.Category(id: "\(key)=\(value)", name: name))
            }
        }
        return labels
    }

    static func address(_ tags: [String: String]) -> Address? {
        let street = [tags["addr:street"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        let address = Address(
            street: tags["addr:street"] == nil ? nil : street, postcode: tags["addr:postcode"], locality: tags["addr:city"],
            countryCode: tags["addr:country"]?.uppercased())
        return address.isEmpty ? nil : address
    }

    static func hours(_ tags: [String: String]) -> OpeningHours? {
        guard let text = tags["opening_hours"] else { return nil }
        guard let parsed = OSMOpeningHours.parse(text) else { return OpeningHours(text: text) }
        return OpeningHours(intervals: parsed.intervals, isAlwaysOpen: parsed.alwaysOpen, text: text, hasWeeklySchedule: true)
    }

    /// "coffee_shop" → "Coffee shop"
    static func humanize(_ value: String) -> String {
        let spaced = value.replacingOccurrences(of: "_", with: " ")
        return spaced.prefix(1).uppercased() + spaced.dropFirst()
    }
}
