import Foundation
import PlaceBytes
import PlacesKit

/// A place as Nominatim writes it, in each of its formats (`json`, `jsonv2`, `geojson`,
/// `geocodejson`), so that geocoding clients made for Nominatim (geopy, Leaflet's geocoder
/// control, QGIS plugins) read our answers as theirs: `lat` and `lon` as strings, a
/// `display_name`, a `boundingbox` of strings (south, north, west, east), and with
/// `addressdetails=1` an `address` object of Nominatim's keys.
struct NominatimPlace {
    let record: NameRecord
    let imported: ImportedPlace?
    /// The language asked (`accept-language`), for the country's name.
    let language: String?

    static let licence = "Data © OpenStreetMap contributors, ODbL 1.0. https://osm.org/copyright"

    enum Format: String, CaseIterable {
        case json, jsonv2, geojson, geocodejson
    }

    /// Nominatim's `place_id` is its database's; ours is a stable number made from the id, so that
    /// `exclude_place_ids` can name a result given before.
    var placeID: Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in record.id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash & ((1 << 52) - 1))
    }

    /// `node`, `way` or `relation` and the number, for a place from OpenStreetMap.
    var osm: (type: String, id: Int64)? {
        guard let (letter, number) = PhotonFeature.osmIdentity(record.id) else { return nil }
        return (["N": "node", "W": "way", "R": "relation"][letter] ?? "node", number)
    }

    /// Nominatim's class and type: the main OpenStreetMap tag (`amenity`, `cafe`).
    var classAndType: (String, String) {
        if let category = imported?.category ?? record.category, let equals = category.firstIndex(of: "=") {
            return (String(category[..<equals]), String(category[category.index(after: equals)...]))
        }
        switch record.kind {
        case .street: return ("highway", "road")
        case .address: return ("place", "house")
        case .poi: return ("amenity", "yes")
        case .place: return ("place", layer == "city" ? "city" : "locality")
        }
    }

    var layer: String { PhotonFeature.layer(record, imported: imported) }

    /// Nominatim's address ranks: a country 4, a state 8, a city 16, a suburb 20, a street 26, a house 30.
    var placeRank: Int {
        switch layer {
        case "country": 4
        case "state": 8
        case "county": 12
        case "city": 16
        case "district": 20
        case "locality": 25
        case "street": 26
        default: 30
        }
    }

    /// The address as Nominatim's `addressdetails` names its parts.
    var address: JSONObject {
        var address: JSONObject = [:]
        let tags = imported?.tags ?? [:]
        let (kind, type) = classAndType
        if record.kind == .poi { address[kind == "place" ? type : kind] = .string(record.name) }
        if let number = tags["addr:housenumber"] { address["house_number"] = .string(number) }
        if let street = tags["addr:street"] ?? tags["addr:place"] {
            address["road"] = .string(street)
        } else if record.kind == .street {
            address["road"] = .string(record.name)
        }
        if let postcode = tags["addr:postcode"] { address["postcode"] = .string(postcode) }
        if record.kind == .place, layer == "city" {
            address["city"] = .string(record.name)
        } else if let town = tags["addr:city"] ?? record.locality {
            address["city"] = .string(town)
        }
        if let code = country {
            if let name = PhotonFeature.countryName(code, language: language) { address["country"] = .string(name) }
            address["country_code"] = .string(code.lowercased())
        }
        return address
    }

    var country: String? { (record.countryCode ?? imported?.tags["addr:country"])?.uppercased() }

    /// "Café de Jaren, Nieuwe Doelenstraat 20, Amsterdam, Nederland": the name, the street and
    /// number when the name is not them, the town, the country.
    var displayName: String {
        let tags = imported?.tags ?? [:]
        var parts = [record.name]
        let street = [tags["addr:street"] ?? tags["addr:place"], tags["addr:housenumber"]].compactMap { $0 }.joined(separator: " ")
        if !street.isEmpty, street != record.name { parts.append(street) }
        if let town = tags["addr:city"] ?? record.locality, town != record.name { parts.append(town) }
        if let code = country, let name = PhotonFeature.countryName(code, language: language), name != record.name { parts.append(name) }
        return parts.joined(separator: ", ")
    }

    /// A box around the point, as wide as the kind of place is: Nominatim gives the outline's box,
    /// which the index does not keep.
    func box(_ coordinate: Coordinate) -> [Double] {
        let metres: Double =
            switch layer {
            case "country": 300_000
            case "state", "county": 50_000
            case "city": 5_000
            case "district": 1_000
            case "street": 150
            default: 10
            }
        let latitude = metres / 111_195
        let longitude = metres / (111_195 * max(0.05, cos(coordinate.latitude * .pi / 180)))
        return [coordinate.latitude - latitude, coordinate.latitude + latitude, coordinate.longitude - longitude, coordinate.longitude + longitude]
    }

    /// The place in `format`; nil when it has no position.
    func document(_ format: Format, addressDetails: Bool, extraTags: Bool, nameDetails: Bool) -> JSONValue? {
        guard let coordinate = record.coordinate else { return nil }
        let (kind, type) = classAndType
        let box = box(coordinate).map { String(format: "%.7f", $0) }
        switch format {
        case .json, .jsonv2:
            var object: JSONObject = ["place_id": JSONValue(placeID), "licence": .string(Self.licence)]
            if let osm {
                object["osm_type"] = .string(osm.type)
                object["osm_id"] = JSONValue(Int(osm.id))
            }
            object["lat"] = .string(String(format: "%.7f", coordinate.latitude))
            object["lon"] = .string(String(format: "%.7f", coordinate.longitude))
            if format == .jsonv2 {
                object["category"] = .string(kind)
                object["place_rank"] = JSONValue(placeRank)
                object["addresstype"] = .string(layer == "house" ? kind : layer)
                object["name"] = .string(record.name)
            } else {
                object["class"] = .string(kind)
            }
            object["type"] = .string(type)
            object["importance"] = DocumentParts.number(Double(record.importance), places: 4)
            object["display_name"] = .string(displayName)
            if addressDetails { object["address"] = .object(address) }
            if extraTags {
                let tags = (imported?.tags ?? [:]).sorted { $0.key < $1.key }
                object["extratags"] = .object(JSONObject(tags.map { JSONObject.Member(key: $0.key, value: .string($0.value)) }))
            }
            if nameDetails { object["namedetails"] = ["name": .string(record.name)] }
            object["boundingbox"] = .array(box.map { .string($0) })
            return .object(object)
        case .geojson:
            var properties: JSONObject = ["place_id": JSONValue(placeID)]
            if let osm {
                properties["osm_type"] = .string(osm.type)
                properties["osm_id"] = JSONValue(Int(osm.id))
            }
            properties["place_rank"] = JSONValue(placeRank)
            properties["category"] = .string(kind)
            properties["type"] = .string(type)
            properties["importance"] = DocumentParts.number(Double(record.importance), places: 4)
            properties["addresstype"] = .string(layer == "house" ? kind : layer)
            properties["name"] = .string(record.name)
            properties["display_name"] = .string(displayName)
            if addressDetails { properties["address"] = .object(address) }
            return feature(properties, coordinate, bbox: true)
        case .geocodejson:
            var geocoding: JSONObject = ["place_id": JSONValue(placeID)]
            if let osm {
                geocoding["osm_type"] = .string(osm.type)
                geocoding["osm_id"] = JSONValue(Int(osm.id))
            }
            geocoding["osm_key"] = .string(kind)
            geocoding["osm_value"] = .string(type)
            geocoding["type"] = .string(layer)
            geocoding["label"] = .string(displayName)
            geocoding["name"] = .string(record.name)
            let parts = address
            for (key, part) in [
                ("housenumber", "house_number"), ("street", "road"), ("postcode", "postcode"), ("city", "city"), ("country", "country"),
            ] {
                if let value = parts[part] { geocoding[key] = value }
            }
            if let code = country { geocoding["country_code"] = .string(code.lowercased()) }
            return feature(["geocoding": .object(geocoding)], coordinate, bbox: false)
        }
    }

    private func feature(_ properties: JSONObject, _ coordinate: Coordinate, bbox: Bool) -> JSONValue {
        var feature: JSONObject = [
            "type": "Feature",
            "properties": .object(properties),
            "geometry": [
                "type": "Point",
                "coordinates": [DocumentParts.number(coordinate.longitude, places: 7), DocumentParts.number(coordinate.latitude, places: 7)],
            ],
        ]
        if bbox {
            let box = box(coordinate)
            feature["bbox"] = .array([box[2], box[0], box[3], box[1]].map { DocumentParts.number($0, places: 7) })
        }
        return .object(feature)
    }

    /// The answer to a search or lookup: an array, or a FeatureCollection.
    static func collection(_ documents: [JSONValue], format: Format, query: String?) -> JSONValue {
        switch format {
        case .json, .jsonv2: return .array(documents)
        case .geojson: return ["type": "FeatureCollection", "licence": .string(licence), "features": .array(documents)]
        case .geocodejson:
            var geocoding: JSONObject = ["version": "0.1.0", "attribution": .string(licence), "licence": "ODbL"]
            if let query { geocoding["query"] = .string(query) }
            return ["type": "FeatureCollection", "geocoding": .object(geocoding), "features": .array(documents)]
        }
    }
}
