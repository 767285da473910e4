import Foundation
public import Logging
import PlaceBytes
import PlacesKit

/// Log lines as JSON objects, one per line on stderr: what log collectors read without a parser of
/// their own. `time`, `level`, `message`, then the metadata (the request id, status, duration, …).
public struct JSONLogHandler: LogHandler {
    /// Metadata written on every line; an event's own metadata wins for the same key.
    public var metadata: Logger.Metadata = [:]
    /// The lowest level logged; `info` unless set.
    public var logLevel: Logger.Level = .info
    let label: String
    let write: @Sendable (String) -> Void

    /// A handler for the logger `label` that passes each line, without its newline, to `write` (stderr by default). The
    /// label itself is not written.
    public init(label: String, write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardError) {
        self.label = label
        self.write = write
    }

    /// The value of ``metadata`` for `key`.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes one JSON object: `time`, `level` and `message`, then the metadata sorted by key.
    public func log(event: LogEvent) {
        var object: JSONObject = [
            "time": .string(ISO8601Text.format(Date())), "level": .string(event.level.rawValue), "message": .string("\(event.message)"),
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }).sorted(by: { $0.key < $1.key }) {
            object[key] = Self.json(value)
        }
        write(JSONValue.object(object).serialized())
    }

    static func json(_ value: Logger.Metadata.Value) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let value): Double("\(value)").map { JSONValue.number(NumberText.trimmed($0, 6)) } ?? .string("\(value)")
        case .array(let values): .array(values.map(json))
        case .dictionary(let values):
            .object(JSONObject(values.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: json($0.value)) }))
        }
    }

    /// Writes `line` and a newline to stderr.
    @Sendable public static func standardError(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
