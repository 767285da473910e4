import Foundation
import PlaceBytes
import PlaceCore

/// Reads Photon's answer (`/api` and `/reverse`): a GeoJSON FeatureCollection of points whose
/// properties are OpenStreetMap's (`osm_type`, `osm_id`, `osm_key`, `osm_value`, `type`, `name`,
/// the address parts). Features without a position on the globe are skipped, as are those
/// without a name or street to call them by.
enum PhotonReader {
    /// The address parts Photon may give, coarse to fine, for the "area" line.
    static let areaKeys = ["city", "county", "state", "country"]
    /// Every property kept as text, for documents that mirror Photon's own.
    static let textKeys = [
        "osm_type", "osm_key", "osm_value", "type", "name", "housenumber", "street", "postcode", "locality", "district", "city", "county",
        "state", "country", "countrycode",
    ]

    static func places(_ root: JSONCursor, from origin: Coordinate?) throws(JSONShapeError) -> [GeocodedPlace] {
        guard try root.member("type").string() == "FeatureCollection" else {
            throw JSONShapeError(path: "type", expected: "\"FeatureCollection\"", found: root["type"]?.value.typeName)
        }
        var places: [GeocodedPlace] = []
        for feature in try root.member("features").array() {
            guard let place = try place(feature, from: origin) else { continue }
            places.append(place)
        }
        return places
    }

    private static func place(_ feature: JSONCursor, from origin: Coordinate?) throws(JSONShapeError) -> GeocodedPlace? {
        let position = try feature.member("geometry").member("coordinates").array()
        guard position.count >= 2, let coordinate = try? Coordinate(latitude: try position[1].double(), longitude: try position[0].double())
        else { return nil }
        let properties = try feature.member("properties")
        var text: [String: String] = [:]
        for key in textKeys {
            if let value = properties[key]?.value.stringValue, !value.isEmpty { text[key] = value }
        }
        if let number = properties["osm_id"]?.value.doubleValue, number.isFinite { text["osm_id"] = String(Int64(number)) }
        let street = [text["street"], text["housenumber"]].compactMap { $0 }.joined(separator: " ")
        guard let name = text["name"] ?? (street.isEmpty ? nil : street) else { return nil }
        let area = areaKeys.compactMap { text[$0] }.filter { $0 != name }.prefix(2).joined(separator: ", ")
        let kind = text["osm_value"].map { $0.replacingOccurrences(of: "_", with: " ") } ?? text["type"]
        let id = osmID(type: text["osm_type"], number: text["osm_id"])
        return GeocodedPlace(
            name: name, coordinate: coordinate, kind: kind, area: area.isEmpty ? nil : area, id: id,
            distance: origin.map { coordinate.distance(to: $0) }, properties: text)
    }

    /// `osm:node/123` from Photon's `N` and `123`.
    static func osmID(type: String?, number: String?) -> String? {
        guard let number else { return nil }
        switch type {
        case "N": return "osm:node/\(number)"
        case "W": return "osm:way/\(number)"
        case "R": return "osm:relation/\(number)"
        default: return nil
        }
    }
}
