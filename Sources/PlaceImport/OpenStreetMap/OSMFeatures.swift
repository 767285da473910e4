import Foundation
import PlaceBytes
import PlaceCore

/// Which OpenStreetMap elements an import keeps, and which of their tags.
enum OSMFeatures {
    enum Role { case poi, parking, place }

    /// Keys that make a named element a point of interest, in the order its main tag is chosen.
    static let poiKeys = ["amenity", "shop", "tourism", "leisure", "historic", "craft", "office"]

    /// Named elements of these kinds are points of interest too: where people say they are going
    /// ("Pasila asema", "Kamppi metro", the lighthouse, the peak). A named building comes last.
    static let landmarkTags: [(key: String, values: Set<String>?)] = [
        ("railway", ["station", "halt", "tram_stop"]), ("public_transport", ["station"]), ("aeroway", ["aerodrome", "terminal"]),
        ("man_made", ["lighthouse", "tower", "pier", "bridge", "windmill", "watermill", "water_tower"]),
        ("natural", ["peak", "volcano", "beach", "bay", "cape", "cave_entrance", "glacier", "spring", "waterfall", "water"]),
        ("waterway", ["waterfall"]), ("building", nil),
    ]

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
        if landmark(tags) != nil { return .poi }
        return nil
    }

    /// The landmark tag of an element that has no POI key: `railway=station`, `building=yes`.
    static func landmark(_ tags: [String: String]) -> String? {
        for (key, values) in landmarkTags {
            guard let value = tags[key], value != "no", values?.contains(value) ?? true else { continue }
            return "\(key)=\(value)"
        }
        return nil
    }

    /// A named administrative area (a city district) is a place even without `place=*`.
    static func isArea(_ tags: [String: String]) -> Bool {
        guard tags["name"] != nil, tags["boundary"] == "administrative", let level = tags["admin_level"].flatMap({ Int($0) }) else {
            return false
        }
        return (7...10).contains(level)
    }

    /// How far a settlement's name reaches from its point, and how specific it is.
    struct SettlementRank {
        var reach: Double
        var specificity: Int
        var isTown: Bool
    }

    static func settlementRank(_ place: String) -> SettlementRank {
        switch place {
        case "neighbourhood", "city_block": SettlementRank(reach: 250, specificity: 4, isTown: false)
        case "quarter": SettlementRank(reach: 400, specificity: 3, isTown: false)
        case "suburb", "borough": SettlementRank(reach: 2500, specificity: 2, isTown: false)
        case "hamlet": SettlementRank(reach: 1000, specificity: 1, isTown: true)
        case "village": SettlementRank(reach: 2000, specificity: 1, isTown: true)
        case "town": SettlementRank(reach: 5000, specificity: 1, isTown: true)
        case "city": SettlementRank(reach: 15000, specificity: 1, isTown: true)
        default: SettlementRank(reach: 0, specificity: 0, isTown: false)
        }
    }

    /// The other names a place is found by: `name:xx` (a language: two or three letters, perhaps a
    /// script or region after a hyphen; not `name:etymology:wikidata`), `alt_name`, `old_name`
    /// and `official_name` (several separated by semicolons), each once, without the name itself,
    /// in a stable order.
    static func alternateNames(_ tags: [String: String], besides name: String) -> [String] {
        var names: [String] = []
        var seen: Set<String> = [name]
        func add(_ value: String) {
            for part in value.split(separator: ";") {
                let text = part.trimmedOfWhitespaceAndNewlines
                guard !text.isEmpty, !text.containsControlCharacter, seen.insert(text).inserted
                else { continue }
                names.append(text)
            }
        }
        for key in ["official_name", "alt_name", "old_name"] { if let value = tags[key] { add(value) } }
        for key in tags.keys.sorted() where key.hasPrefix("name:") && isLanguage(key.dropFirst(5)) {
            if let value = tags[key] { add(value) }
        }
        return names
    }

    /// `en`, `fy`, `zh-Hans`, `be-tarask`, `sr-Latn`: a language code, not another kind of name key.
    private static func isLanguage(_ suffix: Substring) -> Bool {
        let parts = suffix.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            return false
        }
        return parts.dropFirst().allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    static func mainTag(_ tags: [String: String]) -> String? {
        for key in poiKeys { if let value = tags[key] { return "\(key)=\(value)" } }
        return landmark(tags)
    }

    private static let keptKeys: Set<String> = [
        "name", "alt_name", "official_name", "brand", "operator", "amenity", "shop", "tourism", "leisure", "historic", "craft",
        "office", "cuisine", "opening_hours", "website", "phone", "email", "description", "wheelchair", "parking", "fee", "capacity",
        "access", "park_ride", "ref", "maxstay", "takeaway", "outdoor_seating", "internet_access", "smoking", "wikidata",
        "wikipedia", "place", "population", "highway", "level", "payment:cash", "payment:cards", "karaoke", "bar", "pub",
        "railway", "public_transport", "aeroway", "man_made", "natural", "building", "station", "subway",
    ]
    private static let keptPrefixes = ["addr:", "contact:", "diet:", "drink:", "cannabis", "payment:", "capacity:"]

    static func keptTags(_ tags: [String: String]) -> [String: String] {
        tags.filter { key, _ in keptKeys.contains(key) || keptPrefixes.contains(where: { key.hasPrefix($0) }) }
    }
}
