import Foundation

/// How important a name is to someone typing it, 0…1: a city above a village, a main road above an
/// alley, a museum above a bakery. The scale follows Nominatim's search ranks (city, town, village,
/// suburb, neighbourhood) and Photon's use of them; population and a Wikipedia article lift a place.
enum OSMImportance {
    static func place(_ tags: [String: String]) -> Float {
        let base: Double =
            switch tags["place"] ?? "" {
            case "city": 0.9
            case "town": 0.75
            case "borough", "suburb", "village", "municipality": 0.55
            case "quarter", "island": 0.45
            case "neighbourhood", "city_block": 0.4
            case "hamlet", "square": 0.35
            case "locality", "islet", "farm": 0.25
            default: tags["boundary"] == "administrative" ? 0.45 : 0.2
            }
        return clamp(base + populationBonus(tags["population"]) + articleBonus(tags))
    }

    /// Main roads are what people look up; a long street above a short one of the same class.
    static func street(highway: String, lengthMetres: Double) -> Float {
        let base: Double =
            switch highway {
            case "motorway", "trunk": 0.45
            case "primary": 0.42
            case "secondary": 0.38
            case "tertiary": 0.34
            case "pedestrian", "residential", "unclassified", "living_street": 0.3
            case "service", "track": 0.18
            default: 0.2  // footway, cycleway, path, steps …
            }
        return clamp(base + min(0.1, log10(1 + max(0, lengthMetres) / 50) * 0.04))
    }

    static func poi(_ tags: [String: String]) -> Float {
        var base = 0.2
        if let tourism = tags["tourism"], ["attraction", "museum", "zoo", "theme_park", "gallery", "viewpoint"].contains(tourism) {
            base = 0.32
        } else if let amenity = tags["amenity"],
            ["university", "theatre", "townhall", "hospital", "library", "place_of_worship", "marketplace", "cinema", "arts_centre"]
                .contains(amenity)
        {
            base = 0.28
        } else if tags["railway"] == "station" || tags["public_transport"] == "station" || tags["aeroway"] == "aerodrome" {
            base = 0.3
        } else if tags["shop"] != nil {
            base = 0.18
        } else if tags["railway"] != nil || tags["public_transport"] != nil {
            base = 0.22
        } else if OSMFeatures.mainTag(tags)?.hasPrefix("building=") == true {
            base = 0.15
        }
        return clamp(base + articleBonus(tags))
    }

    /// An address is what it says and no more: below any named place of its street.
    static let address: Float = 0.1
    /// A postcode names an area of a few streets.
    static let postcode: Float = 0.3

    private static func populationBonus(_ text: String?) -> Double {
        guard let text, let population = Double(text.filter { $0.isNumber }), population > 0 else { return 0 }
        return min(0.1, log10(population) / 70)
    }

    private static func articleBonus(_ tags: [String: String]) -> Double {
        tags["wikipedia"] != nil || tags["wikidata"] != nil ? 0.05 : 0
    }

    private static func clamp(_ value: Double) -> Float { Float(min(1, max(0, value))) }
}
