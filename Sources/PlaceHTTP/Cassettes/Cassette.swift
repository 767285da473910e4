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
    /// The `places_cassette` format this code writes; a file of a newer format is refused.
    public static let formatVersion = 1

    /// Free text for readers: where the recordings came from.
    public var note: String?
    /// The recordings, in the order of the file.
    public var interactions: [Interaction]

    /// A cassette of `interactions`, with an optional `note`.
    public init(note: String? = nil, interactions: [Interaction] = []) {
        self.note = note
        self.interactions = interactions
    }
}

/// One request and the response it got.
public struct Interaction: Sendable, Equatable {
    /// The moment of recording (`recorded_at`); checked against the maximum age, if any, on replay.
    public var recordedAt: Date
    /// How long the answer took when recorded; replayed when latency simulation is on.
    public var durationMilliseconds: Int?
    /// What was sent, secrets redacted.
    public var request: RecordedRequest
    /// What came back, secrets redacted.
    public var response: RecordedResponse

    /// An interaction of `request` and `response`, recorded at `recordedAt`.
    public init(recordedAt: Date, durationMilliseconds: Int? = nil, request: RecordedRequest, response: RecordedResponse) {
        self.recordedAt = recordedAt
        self.durationMilliseconds = durationMilliseconds
        self.request = request
        self.response = response
    }
}

/// A name and a value as a cassette keeps them: a header, or a field of a form body.
public struct HeaderField: Sendable, Equatable {
    /// The name as written in the file.
    public var name: String
    /// The value; secret ones read `REDACTED`.
    public var value: String

    /// A field named `name` holding `value`.
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

/// A request as a cassette keeps it, secrets redacted.
public struct RecordedRequest: Sendable, Equatable {
    /// The HTTP method in capitals: `GET`, `POST`.
    public var method: String
    /// The full URL with the query; secret parameters read `REDACTED`.
    public var url: String
    /// The headers in the order they were sent; secret ones read `REDACTED`.
    public var headers: [HeaderField]
    /// The body; nil when the request had none.
    public var body: RecordedBody?

    /// A recorded `method` request to `url`, with its `headers` and `body`.
    public init(method: String, url: String, headers: [HeaderField] = [], body: RecordedBody? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// A response as a cassette keeps it, secrets redacted.
public struct RecordedResponse: Sendable, Equatable {
    /// The HTTP status code, 100 to 599.
    public var status: Int
    /// The headers in the order they were received.
    public var headers: [HeaderField]
    /// The body; empty text when the file has none.
    public var body: RecordedBody

    /// A recorded response of `status`, with its `headers` and `body`.
    public init(status: Int, headers: [HeaderField] = [], body: RecordedBody = .text("")) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The value of the first header named `name`, whatever its case; nil when there is none.
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
