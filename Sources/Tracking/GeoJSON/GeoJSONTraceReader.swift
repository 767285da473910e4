import PlaceBytes
import PlaceCore
import Foundation

/// Reads a GeoJSON trace: a FeatureCollection, a Feature or a bare geometry.
///
/// - `Point` features are fixes, with `properties` read as NDJSON fields are (`time`/`timestamp`,
///   `accuracy`, `ele`, `speed`, `course`…); a third coordinate is the elevation when the properties
///   have none. Consecutive Point features are one segment (one feature per fix is how point traces
///   are written).
/// - `LineString`, `MultiLineString` and `MultiPoint` coordinates (`[lon, lat, ele?]`) are fixes, with
///   times from `properties.coordTimes` (as togeojson and GPX converters write),
///   `properties.times` or `properties.coordinateProperties.times`: ISO 8601 strings or Unix
///   seconds, one per position (an array per part for a MultiLineString).
/// - Each line feature, and each part of a MultiLineString, starts a new segment
///   (``TraceItem/segmentBreak`` before its first fix when fixes came before).
/// - `GeometryCollection` is read member by member; polygons are skipped with a note.
///
/// > Note: GeoJSON is one JSON document, so it is read and parsed whole, not streamed: memory is
/// > several times the file's size, and files over ``maximumSize`` (256 MiB) are refused. Long
/// > recordings belong in NDJSON (one fix per line), which streams.
struct GeoJSONTraceReader: TraceSource {
    static let maximumSize = 256 * 1024 * 1024

    private var items: [TraceItem]
    private var index = 0

    init(window: ByteWindow) throws(TraceError) {
        var window = window
        let document = try Self.parseDocument(&window)
        try self.init(document: document, name: window.name)
    }

    init(document: JSONValue, name: String) throws(TraceError) {
        var builder = GeoJSONItems(name: name)
        try builder.read(document)
        items = builder.items
    }

    mutating func next() throws(TraceError) -> TraceItem? {
        guard index < items.count else { return nil }
        defer { index += 1 }
        return items[index]
    }

    static func parseDocument(_ window: inout ByteWindow) throws(TraceError) -> JSONValue {
        guard let data = try window.readAll(limit: maximumSize) else {
            try fail(
                window.name,
                "is larger than \(maximumSize / 1024 / 1024) MiB, too large to read as one GeoJSON document; "
                    + "write long traces as NDJSON fixes (one JSON object per line), which are read as a stream")
        }
        do {
            return try JSONValue.parse(data)
        } catch {
            let problem = data.isEmpty ? "is empty; expected a GeoJSON document" : "is not valid JSON: \(error.message)"
            try Self.fail(window.name, location: data.isEmpty ? nil : "\(error.line):\(error.column)", problem)
        }
    }

    static func fail(_ name: String, location: String? = nil, _ problem: String) throws(TraceError) -> Never {
        throw TraceError(input: name, location: location, problem: problem, kind: .malformed)
    }
}

/// Builds the items of a GeoJSON document, tracking segments.
private struct GeoJSONItems {
    let name: String
    var items: [TraceItem] = []
    private var segment = 0
    private var lastSegment = -1
    private var emitted = false
    /// The segment of the Point features being read, while they follow each other.
    private var pointSegment: Int?

    init(name: String) { self.name = name }

    mutating func read(_ document: JSONValue) throws(TraceError) {
        guard case .object(let root) = document else {
            try GeoJSONTraceReader.fail(name, "is \(document.typeName), not a GeoJSON object")
        }
        guard let type = root["type"]?.stringValue else {
            try GeoJSONTraceReader.fail(
                name, "has no \"type\"; expected a GeoJSON FeatureCollection, Feature or geometry")
        }
        switch type {
        case "FeatureCollection":
            guard let features = root["features"]?.arrayValue else {
                try GeoJSONTraceReader.fail(name, "is a FeatureCollection without a \"features\" array")
            }
            for (offset, feature) in features.enumerated() { readFeature(feature, label: "feature \(offset + 1)") }
        case "Feature":
            readFeature(document, label: "feature 1")
        case _ where GeoJSONGeometry.types.contains(type):
            readGeometry(root, properties: [:], label: "")
        default:
            try GeoJSONTraceReader.fail(name, "has \"type\": \"\(type)\", which is not GeoJSON")
        }
    }

    private mutating func readFeature(_ value: JSONValue, label: String) {
        guard case .object(let feature) = value, feature["type"]?.stringValue == "Feature" else {
            skip(label, "not a Feature")
            return
        }
        guard case .object(let geometry) = feature["geometry"] ?? .null else {
            skip(label, "has no geometry")
            return
        }
        readGeometry(geometry, properties: feature["properties"]?.objectValue ?? [:], label: label)
    }

    private mutating func readGeometry(_ geometry: JSONObject, properties: JSONObject, label: String) {
        let type = geometry["type"]?.stringValue ?? "(no type)"
        let coordinates = geometry["coordinates"]
        switch type {
        case "Point":
            if pointSegment == nil || lastSegment != pointSegment {
                segment += 1
                pointSegment = segment
            }
            let where_ = label.isEmpty ? "point" : label
            switch GeoJSONGeometry.position(coordinates) {
            case .failure(let problem):
                skip(where_, problem.text)
            case .success(let (coordinate, elevation)):
                switch TraceFields.fix(from: properties, coordinate: coordinate) {
                case .success(var fix):
                    if fix.elevation == nil { fix.elevation = elevation }
                    emit(fix)
                case .failure(let problem):
                    skip(where_, problem.text)
                }
            }
        case "LineString", "MultiPoint":
            readLine(coordinates, times: GeoJSONGeometry.times(properties), label: label)
        case "MultiLineString":
            guard let parts = coordinates?.arrayValue else {
                skip(label.isEmpty ? "geometry" : label, "a MultiLineString without a \"coordinates\" array")
                return
            }
            let times = GeoJSONGeometry.times(properties)
            let nested = times?.first?.arrayValue != nil
            var flatOffset = 0
            for (part, line) in parts.enumerated() {
                let partLabel = (label.isEmpty ? "" : label + ", ") + "line \(part + 1)"
                let partTimes: ArraySlice<JSONValue>? =
                    if nested {
                        times.flatMap { part < $0.count ? $0[part].arrayValue.map { ArraySlice($0) } : nil }
                    } else {
                        times.map { $0.dropFirst(flatOffset) }
                    }
                flatOffset += line.arrayValue?.count ?? 0
                readLine(line, times: partTimes.map { Array($0) }, label: partLabel)
            }
        case "GeometryCollection":
            for member in geometry["geometries"]?.arrayValue ?? [] {
                if case .object(let object) = member { readGeometry(object, properties: properties, label: label) }
            }
        default:
            skip(label.isEmpty ? "geometry" : label, "a \(type) is not a trace")
        }
    }

    private mutating func readLine(_ coordinates: JSONValue?, times: [JSONValue]?, label: String) {
        guard let positions = coordinates?.arrayValue else {
            skip(label.isEmpty ? "geometry" : label, "a line without a \"coordinates\" array")
            return
        }
        segment += 1
        pointSegment = nil
        for (offset, position) in positions.enumerated() {
            let where_ = (label.isEmpty ? "" : label + ", ") + "point \(offset + 1)"
            switch GeoJSONGeometry.position(position) {
            case .failure(let problem):
                skip(where_, problem.text)
            case .success(let (coordinate, elevation)):
                var time: Date?
                if let times, offset < times.count, times[offset] != .null {
                    guard let parsed = TraceFields.time(times[offset]) else {
                        skip(where_, TraceFields.describeBadTime(key: "time", times[offset]))
                        continue
                    }
                    time = parsed
                }
                emit(LocationFix(coordinate: coordinate, time: time, elevation: elevation))
            }
        }
    }

    private mutating func emit(_ fix: LocationFix) {
        if emitted && lastSegment != segment { items.append(.segmentBreak) }
        items.append(.fix(fix))
        emitted = true
        lastSegment = segment
    }

    private mutating func skip(_ location: String, _ problem: String) {
        items.append(.skipped(TraceIssue(location: location, problem: problem + "; skipped")))
    }
}

/// Positions and per-position times of GeoJSON geometries.
enum GeoJSONGeometry {
    static let types: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon", "GeometryCollection",
    ]

    /// `[lon, lat]` or `[lon, lat, ele]`.
    static func position(_ value: JSONValue?) -> Result<(Coordinate, Double?), TraceFixProblem> {
        guard let numbers = value?.arrayValue, numbers.count >= 2 else {
            return .failure(TraceFixProblem("not a [longitude, latitude] position"))
        }
        guard case .number = numbers[0], case .number = numbers[1], let longitude = numbers[0].doubleValue,
            let latitude = numbers[1].doubleValue
        else {
            return .failure(TraceFixProblem("a position of something other than numbers"))
        }
        do {
            let coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            return .success((coordinate, numbers.count > 2 ? TraceFields.number(numbers[2]) : nil))
        } catch {
            return .failure(TraceFixProblem(TraceFields.describe(error)))
        }
    }

    /// The per-position times of a line feature, where converters put them.
    static func times(_ properties: JSONObject) -> [JSONValue]? {
        properties["coordTimes"]?.arrayValue ?? properties["times"]?.arrayValue
            ?? properties["coordinateProperties"]?["times"]?.arrayValue
    }

    /// The path of the first line in a document: a LineString, or a MultiLineString's parts joined.
    /// Point features are passed over. Throws when a position is not one, or when there is no line.
    static func firstPath(_ document: JSONValue, name: String) throws(TraceError) -> [Coordinate]? {
        func line(_ geometry: JSONValue?, label: String) throws(TraceError) -> [Coordinate]? {
            guard case .object(let object) = geometry ?? .null else { return nil }
            switch object["type"]?.stringValue {
            case "LineString":
                return try positions(object["coordinates"], label: label)
            case "MultiLineString":
                var path: [Coordinate] = []
                for (part, coordinates) in (object["coordinates"]?.arrayValue ?? []).enumerated() {
                    path += try positions(coordinates, label: (label.isEmpty ? "" : label + ", ") + "line \(part + 1)")
                }
                return path
            case "GeometryCollection":
                for member in object["geometries"]?.arrayValue ?? [] {
                    if let found = try line(member, label: label) { return found }
                }
                return nil
            case "Feature":
                return try line(object["geometry"], label: label)
            default:
                return nil
            }
        }
        func positions(_ value: JSONValue?, label: String) throws(TraceError) -> [Coordinate] {
            var path: [Coordinate] = []
            for (offset, position) in (value?.arrayValue ?? []).enumerated() {
                switch self.position(position) {
                case .success(let (coordinate, _)):
                    path.append(coordinate)
                case .failure(let problem):
                    let location = (label.isEmpty ? "" : label + ", ") + "point \(offset + 1)"
                    try GeoJSONTraceReader.fail(name, "\(location): \(problem.text); fix the route file")
                }
            }
            return path
        }
        if document["type"]?.stringValue == "FeatureCollection" {
            for (offset, feature) in (document["features"]?.arrayValue ?? []).enumerated() {
                if let found = try line(feature, label: "feature \(offset + 1)") { return found }
            }
            return nil
        }
        return try line(document, label: "")
    }
}
