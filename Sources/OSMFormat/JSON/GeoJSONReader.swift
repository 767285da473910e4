import Foundation
import PlaceBytes
import PlaceCore

/// Reads a GeoJSON FeatureCollection (what overpass-turbo and most open-data portals export) as
/// OpenStreetMap elements, so that it imports as an OSM file does.
///
/// - Points are nodes; polygons and multipolygons are ways (or relations, when their id says so)
///   at their centroid; lines are passed over and counted (``OSMReadNotes``): a street's line is not
///   a place.
/// - Properties are the tags. overpass-turbo writes the OSM tags as properties with `@id`
///   (`node/123`) beside them; older exports put them under `tags`, with `type` and `id`. Keys that
///   start with `@` are the exporter's, not tags. A feature without an OpenStreetMap id gets a
///   negative one (as editors number new objects), stable for the file's name and the feature's place in it.
/// - The features are parsed one at a time from the memory-mapped file: memory follows the largest
///   feature, not the file. A malformed file is one error with its line and column.
enum GeoJSONReader {
    static func read(
        _ bytes: UnsafeBufferPointer<UInt8>, members: JSONMembers, name: String, progress: inout ProgressReporter,
        header: (OSMFileHeader) throws -> Void, element: (OSMElement) throws -> Void
    ) throws -> OSMReadNotes {
        let scanner = JSONScanner(bytes: bytes)
        let type = try members["type"].map { try scanner.parse($0.range).stringValue }
        let generator = try members["generator"].flatMap { try scanner.parse($0.range).stringValue }
        try header(OSMFileHeader(format: .geoJSON, generator: generator))
        var notes = OSMReadNotes()
        let idBase = Self.idBase(name)
        if type == "Feature" {
            let whole = 0..<bytes.count
            try decode(
                try scanner.parse(whole), index: 0, location: whole, scanner: scanner, idBase: idBase, notes: &notes,
                element: element)
            return notes
        }
        guard let features = members["features"] else {
            throw OSMFormatError(message: "this GeoJSON has no \"features\" array: a FeatureCollection was expected")
        }
        var cursor = JSONScanner(bytes: bytes)
        cursor.index = features.range.lowerBound
        try cursor.expect(UInt8(ascii: "["), "\"features\" must be an array")
        var index = 0
        while true {
            cursor.skipWhitespace()
            if cursor.peek == UInt8(ascii: "]") { break }
            let start = cursor.index
            let end = try cursor.skipValue()
            try decode(
                try cursor.parse(start..<end), index: index, location: start..<end, scanner: cursor, idBase: idBase,
                notes: &notes, element: element)
            index += 1
            progress.report(end)
            cursor.skipWhitespace()
            if cursor.peek == UInt8(ascii: ",") {
                cursor.index += 1
                continue
            }
            try cursor.expect(UInt8(ascii: "]"), "expected ',' or ']' after a feature")
            break
        }
        notes.features = index
        return notes
    }

    /// Ids for features without an OpenStreetMap one: −(a number of the file's name × 10⁷ + the
    /// feature's index), so that two such files do not take each other's places.
    private static func idBase(_ name: String) -> Int64 {
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return Int64(hash % 900_000_000) * 10_000_000
    }

    private static func decode(
        _ value: JSONValue, index: Int, location: Range<Int>, scanner: JSONScanner, idBase: Int64,
        notes: inout OSMReadNotes,
        element: (OSMElement) throws -> Void
    ) throws {
        func failure(_ message: String) -> OSMFormatError {
            OSMFormatError(
                location:
                    "\(TextLocation.describe(offset: location.lowerBound, in: scanner.bytes)) (features[\(index)])",
                message: message)
        }
        guard case .object(let feature) = value, feature["type"]?.stringValue == "Feature" else {
            throw failure("a feature must be an object with \"type\": \"Feature\", found \(value.typeName)")
        }
        guard case .object(let geometry)? = feature["geometry"] else {
            notes.skipped["feature without a geometry", default: 0] += 1
            return
        }
        let shape = geometry["type"]?.stringValue ?? "(no type)"
        let properties = feature["properties"]?.objectValue ?? [:]
        let tags = GeoJSONFeature.tags(properties)
        let point: OSMPoint
        do {
            guard let centre = try GeoJSONFeature.centre(of: shape, geometry["coordinates"]) else {
                notes.skipped[GeoJSONFeature.kind(shape), default: 0] += 1
                return
            }
            point = centre
        } catch let problem as GeoJSONFeature.Problem {
            throw failure(problem.message)
        }
        let id = GeoJSONFeature.osmID(feature: feature, properties: properties)
        if id != nil { notes.featuresWithOSMIDs += 1 }
        let type =
            id?.type ?? (shape == "Point" || shape == "MultiPoint" ? .node : shape == "MultiPolygon" ? .relation : .way)
        let number = id?.number ?? -(idBase + Int64(index) + 1)
        switch type {
        case .node:
            try element(.node(OSMNode(id: number, latitude: point.latitude, longitude: point.longitude, tags: tags)))
        case .way: try element(.way(OSMWay(id: number, nodeRefs: [], tags: tags, center: point)))
        case .relation: try element(.relation(OSMRelation(id: number, members: [], tags: tags, center: point)))
        }
    }
}

/// What a read passed over: said by the import, never silently dropped.
public struct OSMReadNotes: Sendable, Equatable {
    /// GeoJSON features read, when the file is GeoJSON.
    public var features = 0
    /// Those with an OpenStreetMap id (`node/123`): the file is OpenStreetMap data.
    public var featuresWithOSMIDs = 0
    /// Features that are no place, by what they are: "line" (a LineString), "feature without a geometry".
    public var skipped: [String: Int] = [:]

    public init() {}
}
