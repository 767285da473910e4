import PlaceBytes
import PlaceCore
import Foundation

/// The trace formats ``TraceReader`` reads.
public enum TraceFormat: String, CaseIterable, Sendable {
    /// GPX 1.0 or 1.1: `<trk>`/`<trkseg>`/`<trkpt>` (and, when asked, `<rte>` and `<wpt>`).
    case gpx
    /// A GeoJSON FeatureCollection, Feature or geometry: Point features, LineStrings with times.
    case geojson
    /// One JSON object per line, each a fix: `{"lat":…,"lon":…,"time":…,"accuracy":…}`.
    case ndjson
    /// gpsd's JSON reports, one per line (`gpspipe -w`).
    case gpsd

    /// The format of a trace judged from its first bytes (a few KiB are plenty; the whole first line
    /// helps), or nil when they are none of these.
    ///
    /// A UTF-8 byte order mark and leading whitespace are skipped. Markup (`<`) is GPX: any other
    /// XML root is then reported by the GPX reader, which names it. A first line that is a whole
    /// JSON object is gpsd when it has a `"class"`, GeoJSON when its `"type"` is a GeoJSON type, and
    /// NDJSON fixes otherwise; a first line that is not a whole object is the start of one
    /// pretty-printed or very long document, which is GeoJSON when it says so.
    public static func detect(_ prefix: some Collection<UInt8>) -> TraceFormat? {
        let bytes = Array(prefix)
        var index = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, ByteDecimals.isSpace(bytes[index]) { index += 1 }
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "<"):
            return .gpx
        case UInt8(ascii: "{"):
            let rest = bytes[index...]
            let lineEnd = rest.firstIndex(of: 0x0A) ?? rest.endIndex
            if let object = try? JSONValue.parse(Data(rest[..<lineEnd])).objectValue {
                return classify(object)
            }
            return sniff(String(decoding: rest, as: UTF8.self))
        default:
            return nil
        }
    }

    /// The format a file name suggests, a hint for when the content does not tell: `.gpx`, `.geojson`
    /// and `.json` (GeoJSON), `.ndjson` and `.jsonl` (NDJSON fixes). Case does not matter; a leading
    /// dot may be given.
    public init?(fileExtension: String) {
        var text = fileExtension.lowercased()
        if text.hasPrefix(".") { text.removeFirst() }
        switch text {
        case "gpx": self = .gpx
        case "geojson", "json": self = .geojson
        case "ndjson", "jsonl": self = .ndjson
        default: return nil
        }
    }

    /// ``init(fileExtension:)`` for the extension of a path.
    init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(fileExtension: String(path[path.index(after: dot)...]))
    }

    static let geoJSONTypes: Set<String> = GeoJSONGeometry.types.union(["Feature", "FeatureCollection"])

    private static func classify(_ object: JSONObject) -> TraceFormat {
        if object["class"]?.stringValue != nil { return .gpsd }
        if let type = object["type"]?.stringValue, geoJSONTypes.contains(type) { return .geojson }
        return .ndjson
    }

    /// A start of a JSON document that is not a whole object: look for what it says it is.
    private static func sniff(_ text: String) -> TraceFormat? {
        for type in geoJSONTypes where text.contains("\"\(type)\"") {
            // The value of a "type" member, as `"type": "FeatureCollection"` (any spacing).
            var rest = Substring(text)
            while let range = rest.range(of: "\"type\"") {
                rest = rest[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                if rest.first == ":" {
                    let value = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
                    if value.hasPrefix("\"\(type)\"") { return .geojson }
                }
            }
        }
        if text.contains("\"features\"") || text.contains("\"coordinates\"") { return .geojson }
        if text.contains("\"class\"") { return .gpsd }
        return nil
    }
}
