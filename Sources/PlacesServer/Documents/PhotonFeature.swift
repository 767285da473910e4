import PlacesKit

/// A place as Photon writes it (`../shared/api-formats.md` §8.3): a GeoJSON Feature with Photon's
/// property names, so that map widgets and geocoder plugins made for Photon read our answers as
/// theirs. Coordinates `[lon, lat]`; every address property optional.
enum PhotonFeature {
    /// Photon's `type` (its layers): `house`, `street`, `locality`, `district`, `city`, `county`,
    /// `state`, `country`, `other`.
    static let layers = ["house", "street", "locality", "district", "city", "county", "state", "country", "other"]

    /// The feature of a name from the index, with what the store knows of it (its main tag and
    /// address) when it was imported from OpenStreetMap.
    static func feature(_ record: NameRecord, imported: ImportedPlace?) -> JSONValue? {
        guard let coordinate = record.coordinate else { return nil }
        var properties: JSONObject = [:]
        if let (type, id) = osmIdentity(record.id) {
            properties["osm_type"] = .string(type)
            properties["osm_id"] = JSONValue(Int(id))
        }
        if let category = imported?.category, let equals = category.firstIndex(of: "=") {
            properties["osm_key"] = .string(String(category[..<equals]))
            properties["osm_value"] = .string(String(category[category.index(after: equals)...]))
        }
        properties["type"] = .string(layer(record, imported: imported))
        properties["name"] = .string(record.name)
        let tags = imported?.tags ?? [:]
        for (key, tag) in [("housenumber", "addr:housenumber"), ("street", "addr:street"), ("postcode", "addr:postcode"), ("city", "addr:city")] {
            if let value = tags[tag] { properties[key] = .string(value) }
        }
        // A street's label is its town.
        if properties["city"] == nil, record.kind == .street, let detail = record.detail, !detail.isEmpty, detail != "street" {
            properties["city"] = .string(detail)
        }
        if let country = tags["addr:country"] { properties["countrycode"] = .string(country.uppercased()) }
        return [
            "type": "Feature",
            "geometry": [
                "type": "Point",
                "coordinates": [DocumentParts.number(coordinate.longitude, places: 7), DocumentParts.number(coordinate.latitude, places: 7)],
            ],
            "properties": .object(properties),
        ]
    }

    /// `osm:node/123` → (`N`, 123).
    static func osmIdentity(_ id: String) -> (String, Int64)? {
        guard id.hasPrefix("osm:"), let slash = id.lastIndex(of: "/"), let number = Int64(id[id.index(after: slash)...]) else { return nil }
        let kind = id.dropFirst(4).prefix { $0 != "/" }
        switch kind {
        case "node": return ("N", number)
        case "way": return ("W", number)
        case "relation": return ("R", number)
        default: return nil
        }
    }

    static func layer(_ record: NameRecord, imported: ImportedPlace?) -> String {
        switch record.kind {
        case .street: return "street"
        case .poi: return "house"
        case .place:
            switch imported?.tags["place"] ?? imported?.category.map({ String($0.drop { $0 != "=" }.dropFirst()) }) {
            case "city", "town", "village", "hamlet", "municipality": return "city"
            case "suburb", "quarter", "neighbourhood", "borough": return "district"
            case "locality", "square", "isolated_dwelling", "farm": return "locality"
            case "county": return "county"
            case "state", "province": return "state"
            case "country": return "country"
            default: return "other"
            }
        }
    }

    static func collection(_ features: [JSONValue]) -> JSONValue {
        ["type": "FeatureCollection", "features": .array(features)]
    }
}
