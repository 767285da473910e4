import Foundation
import PlaceBytes
import PlaceCore

/// Reads an Overpass API answer in JSON (`[out:json]`): `out body`, `out center`, `out geom`, `out bb`.
/// The document is parsed whole by the core's JSON parser; Overpass answers are what a query asked
/// for, so they are small next to planet extracts, which come as PBF.
enum OverpassJSONReader {
    static func read(
        _ data: Data, progress: inout ProgressReporter,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void
    ) throws {
        let document: JSONValue
        do {
            document = try JSONValue.parse(data)
        } catch {
            throw OSMFormatError(location: "line \(error.line), column \(error.column)", message: "this JSON is malformed: \(error.message)")
        }
        guard case .object(let root) = document else {
            throw OSMFormatError(message: "not an OpenStreetMap file: this JSON is \(document.typeName), not an Overpass answer object")
        }
        // Overpass reports a timeout or a memory limit in "remark", sometimes with partial elements:
        // reading those as if they were the whole answer would silently lose places.
        if let remark = root["remark"]?.stringValue, remark.localizedCaseInsensitiveContains("error") {
            throw OSMFormatError(location: "remark", message: "the Overpass answer reports an error: \(remark)")
        }
        guard let elements = root["elements"]?.arrayValue else {
            throw OSMFormatError(
                message: "not an OpenStreetMap file: this JSON has neither an \"elements\" array (an Overpass API answer with [out:json]) "
                    + "nor \"features\" (GeoJSON)")
        }
        try header(OSMFileHeader(format: .overpassJSON, generator: root["generator"]?.stringValue))
        for (index, value) in elements.enumerated() {
            if let osmElement = try decode(value, index: index) {
                try element(osmElement)
            }
            progress.report(data.count * (index + 1) / max(elements.count, 1))
        }
    }

    /// Types an Overpass answer may hold besides OSM elements (`out count`, areas, timelines).
    private static let nonElementTypes: Set<String> = ["area", "count", "timeline", "stat"]

    private static func decode(_ value: JSONValue, index: Int) throws -> OSMElement? {
        func failure(_ message: String) -> OSMFormatError { OSMFormatError(location: "elements[\(index)]", message: message) }
        guard case .object(let object) = value else { throw failure("an element must be an object, found \(value.typeName)") }
        guard let type = object["type"]?.stringValue else { throw failure("the element has no \"type\"") }
        if nonElementTypes.contains(type) { return nil }
        guard let kind = OSMElementType(rawValue: type) else {
            throw failure("unknown element type \"\(type)\": expected node, way or relation")
        }
        guard let idValue = object["id"] else { throw failure("the \(type) has no \"id\"") }
        guard case .number(let literal) = idValue, let id = Int64(literal) else {
            throw failure("the id of the \(type) is not a whole number")
        }
        let tags = try decodeTags(object["tags"], failure: failure)
        switch kind {
        case .node:
            // `out ids` and deleted nodes have no coordinates: nothing to place.
            guard let latitude = try number(object["lat"], "lat", failure: failure),
                let longitude = try number(object["lon"], "lon", failure: failure)
            else { return nil }
            return .node(OSMNode(id: id, latitude: latitude, longitude: longitude, tags: tags))
        case .way:
            var refs: [Int64] = []
            if let nodes = object["nodes"] {
                guard case .array(let values) = nodes else { throw failure("\"nodes\" of way \(id) is not an array") }
                refs.reserveCapacity(values.count)
                for (position, ref) in values.enumerated() {
                    guard case .number(let literal) = ref, let value = Int64(literal) else {
                        throw failure("nodes[\(position)] of way \(id) is not a node id")
                    }
                    refs.append(value)
                }
            }
            return .way(OSMWay(id: id, nodeRefs: refs, tags: tags, center: try center(of: object, failure: failure)))
        case .relation:
            var members: [OSMRelation.Member] = []
            if let list = object["members"] {
                guard case .array(let values) = list else { throw failure("\"members\" of relation \(id) is not an array") }
                for (position, member) in values.enumerated() {
                    guard let typeName = member["type"]?.stringValue, let memberType = OSMElementType(rawValue: typeName),
                        case .number(let literal)? = member["ref"], let ref = Int64(literal)
                    else {
                        throw failure("members[\(position)] of relation \(id) needs a type (node, way or relation) and a ref")
                    }
                    members.append(OSMRelation.Member(type: memberType, ref: ref, role: member["role"]?.stringValue ?? ""))
                }
            }
            return .relation(OSMRelation(id: id, members: members, tags: tags, center: try center(of: object, failure: failure)))
        }
    }

    /// `center` (out center); else the mean of `geometry` (out geom); else the middle of `bounds` (out bb).
    private static func center(of object: JSONObject, failure: (String) -> OSMFormatError) throws -> OSMPoint? {
        if let center = object["center"] {
            guard let point = try point(center, failure: failure) else { throw failure("\"center\" needs lat and lon") }
            return point
        }
        if case .array(let geometry)? = object["geometry"] {
            var latitude = 0.0
            var longitude = 0.0
            var count = 0
            for vertex in geometry {
                // Relations' geometry is per member; a way's holds null for nodes outside the query's bbox.
                guard let point = try point(vertex, failure: failure) else { continue }
                latitude += point.latitude
                longitude += point.longitude
                count += 1
            }
            if count > 0 { return OSMPoint(latitude: latitude / Double(count), longitude: longitude / Double(count)) }
        }
        if let bounds = object["bounds"], let south = try number(bounds["minlat"], "minlat", failure: failure),
            let west = try number(bounds["minlon"], "minlon", failure: failure),
            let north = try number(bounds["maxlat"], "maxlat", failure: failure),
            let east = try number(bounds["maxlon"], "maxlon", failure: failure)
        {
            return OSMPoint(latitude: (south + north) / 2, longitude: (west + east) / 2)
        }
        return nil
    }

    private static func point(_ value: JSONValue, failure: (String) -> OSMFormatError) throws -> OSMPoint? {
        guard case .object = value,
            let latitude = try number(value["lat"], "lat", failure: failure),
            let longitude = try number(value["lon"], "lon", failure: failure)
        else { return nil }
        return OSMPoint(latitude: latitude, longitude: longitude)
    }

    private static func number(_ value: JSONValue?, _ name: String, failure: (String) -> OSMFormatError) throws -> Double? {
        guard let value, value != .null else { return nil }
        guard case .number(let literal) = value, let number = Double(literal) else {
            throw failure("\"\(name)\" is \(value.typeName), not a number")
        }
        return number
    }

    private static func decodeTags(_ value: JSONValue?, failure: (String) -> OSMFormatError) throws -> OSMTagList {
        guard let value, value != .null else { return [:] }
        guard case .object(let object) = value else { throw failure("\"tags\" is \(value.typeName), not an object") }
        var tags: OSMTagList = [:]
        tags.reserveCapacity(object.members.count)
        for member in object.members {
            switch member.value {
            case .string(let text): tags[member.key] = text
            case .number(let literal): tags[member.key] = literal  // some tools write numbers unquoted
            default: throw failure("the tag \"\(member.key)\" is \(member.value.typeName), not a string")
            }
        }
        return tags
    }
}
