public import Foundation

public import PlaceBytes
import PlaceCore
/// A cassette file: recorded HTTP interactions, replayed in place of the network.
///
/// The file is JSON meant for people as much as for the program: two-space indentation, one
/// interaction after another in a stable order, JSON bodies stored as JSON (so a diff shows the
/// field that changed), form bodies as fields, other text as text and binary bodies as base64.
/// Secrets are replaced by `REDACTED` before anything is written.
///
/// ```json
/// {
///   "places_cassette": 1,
///   "interactions": [
///     {
///       "recorded_at": "2026-11-21T18:04:05Z",
///       "duration_ms": 143,
///       "request": {"method": "GET", "url": "https://…", "headers": {"Authorization": "REDACTED"}},
///       "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": {…}}}
///     }
///   ]
/// }
/// ```
public struct Cassette: Sendable, Equatable {
    public static let formatVersion = 1

    /// Free text for readers: where the recordings came from.
    public var note: String?
    public var interactions: [Interaction]

    public init(note: String? = nil, interactions: [Interaction] = []) {
        self.note = note
        self.interactions = interactions
    }
}

/// One request and the response it got.
public struct Interaction: Sendable, Equatable {
    public var recordedAt: Date
    /// How long the answer took when recorded; replayed when latency simulation is on.
    public var durationMilliseconds: Int?
    public var request: RecordedRequest
    public var response: RecordedResponse

    public init(recordedAt: Date, durationMilliseconds: Int? = nil, request: RecordedRequest, response: RecordedResponse) {
        self.recordedAt = recordedAt
        self.durationMilliseconds = durationMilliseconds
        self.request = request
        self.response = response
    }
}

public struct HeaderField: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// `content-type` → `Content-Type`, as people write header names.
    public static func conventionalName(_ name: String) -> String {
        name.split(separator: "-", omittingEmptySubsequences: false)
            .map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }
            .joined(separator: "-")
    }
}

public struct RecordedRequest: Sendable, Equatable {
    public var method: String
    /// The full URL with the query; secret parameters read `REDACTED`.
    public var url: String
    public var headers: [HeaderField]
    public var body: RecordedBody?

    public init(method: String, url: String, headers: [HeaderField] = [], body: RecordedBody? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

public struct RecordedResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [HeaderField]
    public var body: RecordedBody

    public init(status: Int, headers: [HeaderField] = [], body: RecordedBody = .text("")) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// A body as stored in a cassette.
public enum RecordedBody: Sendable, Equatable {
    /// UTF-8 text, byte for byte.
    case text(String)
    /// A JSON document; replayed in its compact form with keys and numbers as recorded.
    case json(JSONValue)
    /// `application/x-www-form-urlencoded` fields, decoded so they can be read.
    case form([HeaderField])
    /// Anything else, byte for byte.
    case base64(Data)

    /// Chooses the most readable form that still replays the same content.
    public static func capture(_ data: Data, contentType: String?) -> RecordedBody {
        let type = contentType?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded"), let text = String(data: data, encoding: .utf8) {
            return .form(QueryString.decode(text).map { HeaderField(name: $0.0, value: $0.1) })
        }
        let looksLikeJSON = type.contains("json") || type.isEmpty
        if looksLikeJSON, !data.isEmpty, let value = try? JSONValue.parse(data) {
            return .json(value)
        }
        if let text = String(data: data, encoding: .utf8), !text.unicodeScalars.contains(where: Self.isBinaryScalar) {
            return .text(text)
        }
        return .base64(data)
    }

    /// The bytes to hand back on replay.
    public var data: Data {
        switch self {
        case .text(let text): Data(text.utf8)
        case .json(let value): value.serializedData()
        case .form(let fields): Data(QueryString.encode(fields.map { ($0.name, $0.value) }).utf8)
        case .base64(let data): data
        }
    }

    private static func isBinaryScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\n" && scalar != "\r" && scalar != "\t"
    }
}
