import Foundation
import PlaceBytes
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
    /// - Parameters:
    ///   - shownName: the name to show: another of its names when the person typed that one
    ///     ("Nürnberg" for Nuremberg, as Photon shows the name in the language asked).
    ///   - language: `lang`, for the country's name ("Deutschland" for `de`); nil: the country's
    ///     own language, as Photon's default names are the local ones.
    static func feature(_ record: NameRecord, imported: ImportedPlace?, shownName: String? = nil, language: String? = nil) -> JSONValue? {
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
        properties["name"] = .string(shownName ?? record.name)
        let tags = imported?.tags ?? [:]
        for (key, tag) in [("housenumber", "addr:housenumber"), ("street", "addr:street"), ("postcode", "addr:postcode"), ("city", "addr:city")] {
            if let value = tags[tag] { properties[key] = .string(value) }
        }
        // The town it lies in (a street's, a café's, an address's); a town is its own.
        if properties["city"] == nil, record.kind != .place || imported?.category == "place=postcode", let locality = record.locality {
            properties["city"] = .string(locality)
        }
        if let code = (record.countryCode ?? tags["addr:country"])?.uppercased() {
            properties["countrycode"] = .string(code)
            if let name = countryName(code, language: language) { properties["country"] = .string(name) }
        }
        return [
            "type": "Feature",
            "geometry": [
                "type": "Point",
                "coordinates": [DocumentParts.number(coordinate.longitude, places: 7), DocumentParts.number(coordinate.latitude, places: 7)],
            ],
            "properties": .object(properties),
        ]
    }

    /// A country's name in `language` ("de" → "Deutschland"), else in its likely language (CLDR's
    /// likely subtags: sv for SE, nl for BE), else in English.
    static func countryName(_ code: String, language: String?) -> String? {
        let preferred = language.map { [String($0.prefix { $0 != "," && $0 != "-" && $0 != "_" })] } ?? []
        let likely = String(Locale.Language(identifier: "und_\(code)").maximalIdentifier.prefix { $0 != "-" && $0 != "_" })
        for identifier in preferred + [likely, "en"] where !identifier.isEmpty && identifier != "und" {
            if let name = Locale(identifier: identifier).localizedString(forRegionCode: code), name != code { return name }
        }
        return nil
    }

    /// `osm:node/123` (and an address of it, `osm:node/123/address`) → (`N`, 123).
    static func osmIdentity(_ id: String) -> (String, Int64)? {
        let parts = id.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
        guard id.hasPrefix("osm:"), parts.count >= 2, let number = Int64(parts[1]) else { return nil }
        let kind = parts[0]
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
        case .poi, .address: return "house"
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
