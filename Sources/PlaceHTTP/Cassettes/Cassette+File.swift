public import Foundation

import PlaceBytes
import PlaceCore
extension Cassette {
    /// Reads a cassette file's content.
    /// - Parameter file: the path to name in errors.
    /// - Throws: ``CassetteError`` (`corrupt`) naming the file, the line and column or the field.
    public init(data: Data, file: String) throws(CassetteError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw .corrupt(file: file, location: "\(error.line):\(error.column)", problem: error.message)
        }
        let reader = FieldReader(file: file)
        self = try reader.cassette(root)
    }

    /// Reads the cassette file at `url`.
    /// - Parameter displayPath: the path to name in errors; `url`'s path when nil.
    /// - Throws: ``CassetteError`` (`unreadable` when the file cannot be read, `corrupt` when its content is not a valid cassette).
    public init(contentsOf url: URL, displayPath: String? = nil) throws(CassetteError) {
        let shown = displayPath ?? url.path
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw .unreadable(file: shown, reason: error.localizedDescription)
        }
        try self.init(data: data, file: shown)
    }

    /// The file's content: pretty JSON ending in a newline.
    public func serialized() -> Data {
        var root = JSONObject()
        root["places_cassette"] = JSONValue(Self.formatVersion)
        if let note { root["note"] = .string(note) }
        root["interactions"] = .array(interactions.map(\.json))
        return Data((JSONValue.object(root).serialized(pretty: true) + "\n").utf8)
    }

    /// Writes atomically, so a reader never sees half a file and a crash leaves the old one.
    public func write(to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try serialized().write(to: url, options: .atomic)
    }
}

extension Interaction {
    var json: JSONValue {
        var object = JSONObject()
        object["recorded_at"] = .string(CassetteDates.format(recordedAt))
        if let durationMilliseconds { object["duration_ms"] = JSONValue(durationMilliseconds) }
        var requestObject = JSONObject()
        requestObject["method"] = .string(request.method)
        requestObject["url"] = .string(request.url)
        if !request.headers.isEmpty { requestObject["headers"] = headersJSON(request.headers) }
        if let body = request.body { requestObject["body"] = body.json }
        object["request"] = .object(requestObject)
        var responseObject = JSONObject()
        responseObject["status"] = JSONValue(response.status)
        if !response.headers.isEmpty { responseObject["headers"] = headersJSON(response.headers) }
        responseObject["body"] = response.body.json
        object["response"] = .object(responseObject)
        return .object(object)
    }

    private func headersJSON(_ headers: [HeaderField]) -> JSONValue {
        .object(JSONObject(headers.map { JSONObject.Member(key: $0.name, value: .string($0.value)) }))
    }
}

extension RecordedBody {
    var json: JSONValue {
        switch self {
        case .text(let text): ["text": .string(text)]
        case .json(let value): ["json": value]
        case .form(let fields):
            ["form": .object(JSONObject(fields.map { JSONObject.Member(key: $0.name, value: .string($0.value)) }))]
        case .base64(let data): ["base64": .string(data.base64EncodedString())]
        }
    }
}

enum CassetteDates {
    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func parse(_ text: String) -> Date? {
        ISO8601Text.parse(text)
    }
}

/// Reads the cassette structure, naming the field that is wrong ("interactions[2].response.status").
private struct FieldReader {
    let file: String

    func fail(_ path: String, _ problem: String) -> CassetteError {
        .corrupt(file: file, location: path, problem: problem)
    }

    func cassette(_ root: JSONValue) throws(CassetteError) -> Cassette {
        guard let object = root.objectValue else { throw fail("(top)", "expected an object, found \(root.typeName)") }
        guard let version = object["places_cassette"]?.intValue else {
            throw fail("places_cassette", "missing: this is not a places cassette (expected \"places_cassette\": 1)")
        }
        guard version <= Cassette.formatVersion else {
            throw fail("places_cassette", "format \(version) is newer than this places understands (\(Cassette.formatVersion)); update places")
        }
        guard let list = object["interactions"]?.arrayValue else { throw fail("interactions", "expected an array") }
        var interactions: [Interaction] = []
        for (index, item) in list.enumerated() {
            interactions.append(try interaction(item, path: "interactions[\(index)]"))
        }
        return Cassette(note: object["note"]?.stringValue, interactions: interactions)
    }

    func interaction(_ value: JSONValue, path: String) throws(CassetteError) -> Interaction {
        guard let object = value.objectValue else { throw fail(path, "expected an object, found \(value.typeName)") }
        let recordedText = try string(object["recorded_at"], path: "\(path).recorded_at")
        guard let recordedAt = CassetteDates.parse(recordedText) else {
            throw fail("\(path).recorded_at", "'\(recordedText)' is not an ISO 8601 time")
        }
        var duration: Int?
        if let value = object["duration_ms"] {
            guard let milliseconds = value.intValue else { throw fail("\(path).duration_ms", "expected a whole number") }
            duration = milliseconds
        }
        guard let requestObject = object["request"]?.objectValue else { throw fail("\(path).request", "expected an object") }
        guard let responseObject = object["response"]?.objectValue else { throw fail("\(path).response", "expected an object") }
        let request = RecordedRequest(
            method: try string(requestObject["method"], path: "\(path).request.method").uppercased(),
            url: try string(requestObject["url"], path: "\(path).request.url"),
            headers: try headers(requestObject["headers"], path: "\(path).request.headers"),
            body: try requestObject["body"].map { value throws(CassetteError) in try body(value, path: "\(path).request.body") })
        guard let status = responseObject["status"]?.intValue, (100...599).contains(status) else {
            throw fail("\(path).response.status", "expected an HTTP status between 100 and 599")
        }
        let response = RecordedResponse(
            status: status,
            headers: try headers(responseObject["headers"], path: "\(path).response.headers"),
            body: try responseObject["body"].map { value throws(CassetteError) in try body(value, path: "\(path).response.body") } ?? .text(""))
        return Interaction(recordedAt: recordedAt, durationMilliseconds: duration, request: request, response: response)
    }

    func string(_ value: JSONValue?, path: String) throws(CassetteError) -> String {
        guard let value else { throw fail(path, "missing") }
        guard let text = value.stringValue else { throw fail(path, "expected a string, found \(value.typeName)") }
        return text
    }

    func headers(_ value: JSONValue?, path: String) throws(CassetteError) -> [HeaderField] {
        guard let value else { return [] }
        guard let object = value.objectValue else { throw fail(path, "expected an object of header names to values") }
        var fields: [HeaderField] = []
        for member in object.members {
            guard let text = member.value.stringValue else { throw fail("\(path).\(member.key)", "expected a string") }
            fields.append(HeaderField(name: member.key, value: text))
        }
        return fields
    }

    func body(_ value: JSONValue, path: String) throws(CassetteError) -> RecordedBody {
        guard let object = value.objectValue, object.members.count == 1, let member = object.members.first else {
            throw fail(path, "expected an object with exactly one of \"text\", \"json\", \"form\", \"base64\"")
        }
        switch member.key {
        case "text":
            guard let text = member.value.stringValue else { throw fail("\(path).text", "expected a string") }
            return .text(text)
        case "json":
            return .json(member.value)
        case "form":
            return .form(try headers(member.value, path: "\(path).form"))
        case "base64":
            guard let text = member.value.stringValue, let data = Data(base64Encoded: text) else {
                throw fail("\(path).base64", "expected base64 text")
            }
            return .base64(data)
        default:
            throw fail(path, "unknown body kind \"\(member.key)\" (expected text, json, form or base64)")
        }
    }
}
