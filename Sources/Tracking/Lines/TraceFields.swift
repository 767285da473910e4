import PlaceBytes
import PlaceCore
import Foundation

/// Reading fix fields out of JSON objects, shared by NDJSON lines, GeoJSON properties and gpsd.
enum TraceFields {
    static let latitudeKeys = ["lat", "latitude"]
    static let longitudeKeys = ["lon", "lng", "longitude"]
    static let timeKeys = ["time", "timestamp", "t"]
    static let accuracyKeys = ["accuracy", "acc", "horizontal_accuracy", "horizontalAccuracy", "hacc"]
    static let elevationKeys = ["ele", "elevation", "alt", "altitude"]
    static let speedKeys = ["speed"]
    static let courseKeys = ["course", "bearing"]

    /// The first member, in the order the object was written, whose name is one of `keys` and whose
    /// value is not null.
    static func value(_ object: JSONObject, _ keys: [String]) -> (key: String, value: JSONValue)? {
        for member in object.members where member.value != .null && keys.contains(member.key) {
            return (member.key, member.value)
        }
        return nil
    }

    /// A number, or a string holding one (some loggers quote everything); nil otherwise.
    static func number(_ value: JSONValue?) -> Double? { value?.decimalValue }

    static func number(_ object: JSONObject, _ keys: [String]) -> Double? {
        number(value(object, keys)?.value)
    }

    /// An ISO 8601 string, or Unix time as a number: seconds, or milliseconds when it is above 10¹¹
    /// (10¹¹ seconds is the year 5138; 10¹¹ milliseconds is 1973, before any GPS trace).
    static func time(_ value: JSONValue) -> Date? {
        switch value {
        case .string(let text):
            return ISO8601Text.parse(lenient: text)
        case .number(let literal):
            return Double(literal).flatMap(JSONValue.unixMoment)
        default:
            return nil
        }
    }

    /// What a `time` member is when it cannot be read, for a skipped point.
    static func describeBadTime(key: String, _ value: JSONValue) -> String {
        if case .string(let text) = value {
            return "\"\(key)\": \"\(text.prefix(40))\" is not an ISO 8601 time such as 2024-05-01T10:00:00Z"
        }
        return "\"\(key)\" is \(value.typeName), not an ISO 8601 string or Unix seconds"
    }

    /// The fix an object describes. `coordinate` is given for GeoJSON (the position is in the
    /// geometry); otherwise the object must have `lat`/`lon` (or a spelling from the key lists).
    /// Fails with the problem, said for a user.
    static func fix(from object: JSONObject, coordinate given: Coordinate? = nil) -> Result<
        LocationFix, TraceFixProblem
    > {
        var coordinate = given
        if coordinate == nil {
            guard let latitudeMember = value(object, latitudeKeys) else {
                return .failure(TraceFixProblem("no \"lat\" (or \"latitude\")"))
            }
            guard let longitudeMember = value(object, longitudeKeys) else {
                return .failure(TraceFixProblem("no \"lon\" (or \"lng\", \"longitude\")"))
            }
            guard let latitude = number(latitudeMember.value) else {
                return .failure(notANumber(latitudeMember.key, latitudeMember.value))
            }
            guard let longitude = number(longitudeMember.value) else {
                return .failure(notANumber(longitudeMember.key, longitudeMember.value))
            }
            do {
                coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                return .failure(TraceFixProblem(describe(error)))
            }
        }
        guard let coordinate else { return .failure(TraceFixProblem("no position")) }
        var time: Date?
        if let member = value(object, timeKeys) {
            guard let parsed = Self.time(member.value) else {
                return .failure(TraceFixProblem(describeBadTime(key: member.key, member.value)))
            }
            time = parsed
        }
        return .success(
            LocationFix(
                coordinate: coordinate, time: time, horizontalAccuracy: number(object, accuracyKeys),
                elevation: number(object, elevationKeys), speed: number(object, speedKeys),
                course: number(object, courseKeys)))
    }

    private static func notANumber(_ key: String, _ value: JSONValue) -> TraceFixProblem {
        switch value {
        case .number: TraceFixProblem("\"\(key)\" is not a finite number")
        case .string(let text): TraceFixProblem("\"\(key)\": \"\(text.prefix(40))\" is not a number")
        default: TraceFixProblem("\"\(key)\" is \(value.typeName), not a number")
        }
    }

    static func describe(_ error: CoordinateError) -> String {
        switch error.problem {
        case .latitudeOutOfRange(let value):
            let swapped = (-180...180).contains(value) ? " (are latitude and longitude swapped?)" : ""
            return "latitude \(Coordinate.format(value)) is outside -90…90\(swapped)"
        case .longitudeOutOfRange(let value):
            return "longitude \(Coordinate.format(value)) is outside -180…180"
        case .notFinite:
            return "latitude and longitude must be finite numbers"
        case .notANumber, .wrongNumberOfParts:
            return error.description
        }
    }
}

/// Why an object is not a fix ("no \"lat\""), without the "skipped" a caller adds.
struct TraceFixProblem: Error {
    var text: String
    init(_ text: String) { self.text = text }
}

extension JSONValue {
    /// Parses one line of NDJSON or gpsd output.
    static func parse(line: UnsafeBufferPointer<UInt8>) throws(JSONParseError) -> JSONValue {
        try parse(Data(buffer: line))
    }
}
