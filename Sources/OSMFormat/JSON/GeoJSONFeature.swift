import PlaceBytes
import PlaceCore

/// One GeoJSON feature's parts as OpenStreetMap has them: its id, its tags, one point for it.
enum GeoJSONFeature {
    struct Problem: Error {
        let message: String
    }

    /// `node/123` (overpass-turbo's `id` and `@id`), or a numeric `id` with a `type` property
    /// (older exports); nil for ids that are not OpenStreetMap's.
    static func osmID(feature: JSONObject, properties: JSONObject) -> (type: OSMElementType, number: Int64)? {
        for candidate in [feature["id"], properties["@id"], properties["id"]] {
            if case .string(let text)? = candidate {
                let parts = text.split(separator: "/")
                if parts.count == 2, let type = OSMElementType(rawValue: String(parts[0])), let number = Int64(parts[1]) {
                    return (type, number)
                }
            }
        }
        if let typeName = properties["type"]?.stringValue, let type = OSMElementType(rawValue: typeName),
            case .number(let literal)? = properties["id"], let number = Int64(literal)
        {
            return (type, number)
        }
        return nil
    }

    /// The properties as tags: strings as they are, numbers as written, booleans as yes/no; an
    /// object under `tags` holds the tags themselves (older overpass-turbo). Keys starting with `@`
    /// (`@id`, `@relations`) and values that are lists or objects are the exporter's, not tags.
    static func tags(_ properties: JSONObject) -> [String: String] {
        if case .object(let nested)? = properties["tags"] { return tags(nested) }
        var tags: [String: String] = [:]
        for member in properties.members where !member.key.hasPrefix("@") {
            switch member.value {
            case .string(let text): tags[member.key] = text
            case .number(let literal): tags[member.key] = literal
            case .bool(let flag): tags[member.key] = flag ? "yes" : "no"
            default: continue
            }
        }
        return tags
    }

    /// "line", "geometry collection": what a skipped feature is counted as (one; the import says the plural).
    static func kind(_ shape: String) -> String {
        switch shape {
        case "LineString", "MultiLineString": "line"
        case "GeometryCollection": "geometry collection"
        default: "\(shape) geometry"
        }
    }

    /// A point's position, a polygon's centroid (of its outer ring, by area), a multipolygon's
    /// (its polygons' by area), the middle of a multipoint; nil for lines and other shapes.
    /// - Throws: ``Problem`` for coordinates that are not numbers in the shape GeoJSON says.
    static func centre(of shape: String, _ coordinates: JSONValue?) throws -> OSMPoint? {
        switch shape {
        case "Point":
            return try position(coordinates)
        case "MultiPoint":
            let points = try positions(coordinates)
            guard !points.isEmpty else { return nil }
            return OSMPoint(
                latitude: points.map(\.latitude).reduce(0, +) / Double(points.count),
                longitude: points.map(\.longitude).reduce(0, +) / Double(points.count))
        case "Polygon":
            guard case .array(let rings)? = coordinates, let outer = rings.first else {
                throw Problem(message: "a Polygon needs rings of positions")
            }
            return try centroid([try positions(outer)])
        case "MultiPolygon":
            guard case .array(let polygons)? = coordinates else {
                throw Problem(message: "a MultiPolygon needs polygons of rings")
            }
            var outers: [[OSMPoint]] = []
            for polygon in polygons {
                guard case .array(let rings) = polygon, let outer = rings.first else {
                    throw Problem(message: "a MultiPolygon needs polygons of rings")
                }
                outers.append(try positions(outer))
            }
            return try centroid(outers)
        default:
            return nil
        }
    }

    private static func position(_ value: JSONValue?) throws -> OSMPoint {
        guard case .array(let numbers)? = value, numbers.count >= 2, case .number(let lonText) = numbers[0],
            case .number(let latText) = numbers[1],
            let longitude = Double(lonText), let latitude = Double(latText)
        else {
            let found =
                if case .array(let items)? = value { "[" + items.map(\.typeName).joined(separator: ", ") + "]" } else {
                    value?.typeName ?? "nothing"
                }
            throw Problem(message: "a position must be [longitude, latitude] in numbers, found \(found)")
        }
        return OSMPoint(latitude: latitude, longitude: longitude)
    }

    private static func positions(_ value: JSONValue?) throws -> [OSMPoint] {
        guard case .array(let list)? = value else {
            throw Problem(message: "expected a list of positions, found \(value?.typeName ?? "nothing")")
        }
        return try list.map { try position($0) }
    }

    /// The area-weighted centroid of rings (shoelace on longitude and latitude: over a building or
    /// a car park the plane is exact enough), whichever way each ring turns; the mean of their
    /// points when they have no area.
    private static func centroid(_ rings: [[OSMPoint]]) throws -> OSMPoint? {
        var area = 0.0, x = 0.0, y = 0.0
        var sumX = 0.0, sumY = 0.0, count = 0
        for ring in rings where !ring.isEmpty {
            // Offsets from the ring's first point keep the products small (no cancellation).
            let origin = ring[0]
            var ringArea = 0.0, ringX = 0.0, ringY = 0.0
            for index in ring.indices {
                let a = ring[index], b = ring[(index + 1) % ring.count]
                let ax = a.longitude - origin.longitude, ay = a.latitude - origin.latitude
                let bx = b.longitude - origin.longitude, by = b.latitude - origin.latitude
                let cross = ax * by - bx * ay
                ringArea += cross
                ringX += (ax + bx) * cross
                ringY += (ay + by) * cross
                sumX += a.longitude
                sumY += a.latitude
                count += 1
            }
            // Twice the signed area; the centre is origin + (ringX, ringY) / (3 × ringArea).
            let sign = ringArea < 0 ? -1.0 : 1.0
            area += sign * ringArea
            x += sign * (ringX + 3 * origin.longitude * ringArea)
            y += sign * (ringY + 3 * origin.latitude * ringArea)
        }
        guard count > 0 else { throw Problem(message: "a polygon needs positions") }
        if area < 1e-18 { return OSMPoint(latitude: sumY / Double(count), longitude: sumX / Double(count)) }
        return OSMPoint(latitude: y / (3 * area), longitude: x / (3 * area))
    }
}
