import PlaceSearch

/// Which OpenStreetMap elements an import keeps, and which of their tags.
enum OSMFeatures {
    enum Role { case poi, parking, place }

    /// Keys that make a named element a point of interest.
    static let poiKeys = ["amenity", "shop", "tourism", "leisure", "historic", "craft", "office"]

    /// Named ways of these classes are streets (one entry per name and area).
    static let streetClasses: Set<String> = [
        "motorway", "trunk", "primary", "secondary", "tertiary", "motorway_link", "trunk_link", "primary_link", "secondary_link",
        "tertiary_link", "unclassified", "residential", "living_street", "pedestrian", "service", "track", "road", "footway",
        "cycleway", "path", "steps", "bridleway",
    ]

    /// Amenities that are street furniture, not somewhere to go, even when someone named them.
    private static let furniture: Set<String> = [
        "bench", "waste_basket", "waste_disposal", "recycling", "vending_machine", "post_box", "telephone", "clock", "grit_bin",
        "bicycle_parking", "motorcycle_parking", "drinking_water", "shelter", "hunting_stand", "loading_dock",
    ]

    static func role(_ tags: [String: String]) -> Role? {
        let amenity = tags["amenity"]
        if amenity == "parking" || amenity == "parking_entrance" { return .parking }
        guard let name = tags["name"], !name.isEmpty else { return nil }
        if let place = tags["place"], !place.isEmpty { return .place }
        if let amenity, furniture.contains(amenity) { return nil }
        if poiKeys.contains(where: { tags[$0] != nil }) { return .poi }
        return nil
    }

    /// A named administrative area (a city district) is a place even without `place=*`.
    static func isArea(_ tags: [String: String]) -> Bool {
        guard tags["name"] != nil, tags["boundary"] == "administrative", let level = tags["admin_level"].flatMap({ Int($0) }) else {
            return false
        }
        return (7...10).contains(level)
    }

    /// Smaller is more specific: a neighbourhood (4) names a street better than a city (1).
    static func settlementRank(_ place: String) -> Int {
        switch place {
        case "neighbourhood", "city_block", "quarter": 4
        case "suburb", "borough", "hamlet", "village": 3
        case "town": 2
        default: 1
        }
    }

    static func mainTag(_ tags: [String: String]) -> String? {
        for key in poiKeys { if let value = tags[key] { return "\(key)=\(value)" } }
        return nil
    }

    private static let keptKeys: Set<String> = [
        "name", "alt_name", "official_name", "brand", "operator", "amenity", "shop", "tourism", "leisure", "historic", "craft",
        "office", "cuisine", "opening_hours", "website", "phone", "email", "description", "wheelchair", "parking", "fee", "capacity",
        "access", "park_ride", "ref", "maxstay", "takeaway", "outdoor_seating", "internet_access", "smoking", "wikidata",
        "wikipedia", "place", "population", "highway", "level", "payment:cash", "payment:cards",
    ]
    private static let keptPrefixes = ["addr:", "contact:", "diet:", "drink:", "cannabis", "payment:", "capacity:"]

    static func keptTags(_ tags: [String: String]) -> [String: String] {
        tags.filter { key, _ in keptKeys.contains(key) || keptPrefixes.contains(where: { key.hasPrefix($0) }) }
    }
}
