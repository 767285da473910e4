import Foundation
import HTTPTypes

import PlaceBytes
import PlaceCore
/// The parts of a request that decide which recording answers it: method, scheme, host, path,
/// query parameters in any order, and the body. Secret parameters and all headers are left out,
/// so a recording made with one key replays for another and a changed `User-Agent` matters not.
struct RequestSignature: Equatable, Sendable {
    struct Parameter: Equatable, Comparable, Sendable {
        let name: String
        let value: String
        static func < (lhs: Parameter, rhs: Parameter) -> Bool { (lhs.name, lhs.value) < (rhs.name, rhs.value) }
    }

    enum BodyKey: Equatable, Sendable {
        case none
        case form([Parameter])
        case json(String)
        case bytes(Data)
    }

    let method: String
    let scheme: String
    let host: String
    let path: String
    let query: [Parameter]
    let body: BodyKey

    init(request: HTTPRequest, body: Data?, redactor: Redactor) {
        let path = request.path ?? "/"
        self.init(
            method: request.method.rawValue, scheme: request.scheme ?? "https", host: request.authority ?? "",
            pathAndQuery: path,
            body: body.flatMap { $0.isEmpty ? nil : RecordedBody.capture($0, contentType: request.headerFields[.contentType]) },
            redactor: redactor)
    }

    init(recorded: RecordedRequest, redactor: Redactor) {
        var scheme = "https"
        var host = ""
        var pathAndQuery = recorded.url
        if let range = recorded.url.range(of: "://") {
            scheme = String(recorded.url[..<range.lowerBound])
            let rest = recorded.url[range.upperBound...]
            let slash = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            host = String(rest[..<slash])
            pathAndQuery = String(rest[slash...])
        }
        if pathAndQuery.isEmpty || pathAndQuery.hasPrefix("?") { pathAndQuery = "/" + pathAndQuery }
        self.init(
            method: recorded.method, scheme: scheme, host: host, pathAndQuery: pathAndQuery, body: recorded.body,
            redactor: redactor)
    }

    private init(method: String, scheme: String, host: String, pathAndQuery: String, body: RecordedBody?, redactor: Redactor) {
        self.method = method.uppercased()
        self.scheme = scheme.lowercased()
        self.host = Self.normalizedHost(host, scheme: scheme.lowercased())
        let rawPath = QueryString.pathWithoutQuery(pathAndQuery)
        self.path = rawPath.removingPercentEncoding ?? rawPath
        self.query = QueryString.parameters(ofPath: pathAndQuery)
            .filter { !redactor.isSecretParameter($0.0) }
            .map { Parameter(name: $0.0, value: $0.1) }
            .sorted()
        self.body = Self.bodyKey(body, redactor: redactor)
    }

    private static func normalizedHost(_ host: String, scheme: String) -> String {
        let lower = host.lowercased()
        if scheme == "https", lower.hasSuffix(":443") { return String(lower.dropLast(4)) }
        if scheme == "http", lower.hasSuffix(":80") { return String(lower.dropLast(3)) }
        return lower
    }

    private static func bodyKey(_ body: RecordedBody?, redactor: Redactor) -> BodyKey {
        switch body {
        case nil: return .none
        case .form(let fields):
            return .form(
                fields.filter { !redactor.isSecretParameter($0.name) }.map { Parameter(name: $0.name, value: $0.value) }.sorted())
        case .json(let value): return .json(canonical(value).serialized())
        case .text(let text): return text.isEmpty ? .none : .bytes(Data(text.utf8))
        case .base64(let data): return data.isEmpty ? .none : .bytes(data)
        }
    }

    /// Object keys sorted at every level, so `{"a":1,"b":2}` matches `{"b":2,"a":1}`.
    private static func canonical(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(let values): return .array(values.map(canonical))
        case .object(let object):
            let members = object.members.map { JSONObject.Member(key: $0.key, value: canonical($0.value)) }
            return .object(JSONObject(members.sorted { $0.key < $1.key }))
        default: return value
        }
    }

    /// Two values as a reader needs them: whole when short, otherwise the part where they differ
    /// with a little context ("…(around:1000,40.7128,-74.0060);nwr…").
    static func differingParts(_ mine: String?, _ theirs: String?) -> (String, String) {
        guard let mine, let theirs else { return (mine.map { "'\($0)'" } ?? "absent", theirs.map { "'\($0)'" } ?? "absent") }
        guard mine.count + theirs.count > 80 else { return ("'\(mine)'", "'\(theirs)'") }
        let a = Array(mine)
        let b = Array(theirs)
        var prefix = 0
        while prefix < min(a.count, b.count), a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(a.count, b.count) - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        func excerpt(_ characters: [Character]) -> String {
            let start = max(0, prefix - 12)
            let end = min(characters.count, characters.count - suffix + 12)
            return "'" + (start > 0 ? "…" : "") + String(characters[start..<max(start, end)]) + (end < characters.count ? "…" : "") + "'"
        }
        return (excerpt(a), excerpt(b))
    }

    /// How far this (live) request is from a recorded one, and in which words.
    func differences(from recorded: RequestSignature) -> (weight: Int, phrases: [String]) {
        var weight = 0
        var phrases: [String] = []
        func note(_ cost: Int, _ phrase: String) {
            weight += cost
            phrases.append(phrase)
        }
        if method != recorded.method { note(10, "method: \(method) here, \(recorded.method) recorded") }
        if scheme != recorded.scheme { note(4, "scheme: \(scheme) here, \(recorded.scheme) recorded") }
        if host != recorded.host { note(10, "host: \(host) here, \(recorded.host) recorded") }
        if path != recorded.path { note(6, "path: \(path) here, \(recorded.path) recorded") }
        let here = Dictionary(grouping: query, by: \.name).mapValues { $0.map(\.value) }
        let there = Dictionary(grouping: recorded.query, by: \.name).mapValues { $0.map(\.value) }
        for name in Set(here.keys).union(there.keys).sorted() {
            let mine = here[name]?.joined(separator: "|")
            let theirs = there[name]?.joined(separator: "|")
            if mine == theirs { continue }
            let (shownMine, shownTheirs) = Self.differingParts(mine, theirs)
            note(1, "query \(name): \(shownMine) here, \(shownTheirs) recorded")
        }
        if body != recorded.body { note(3, Self.describeBodyDifference(body, recorded.body)) }
        return (weight, phrases)
    }

    private static func describeBodyDifference(_ here: BodyKey, _ there: BodyKey) -> String {
        switch (here, there) {
        case (.form(let mine), .form(let theirs)):
            let names = Set(mine.map(\.name)).union(theirs.map(\.name)).sorted().filter { name in
                mine.filter { $0.name == name } != theirs.filter { $0.name == name }
            }
            let parts = names.map { name in
                let (shownMine, shownTheirs) = differingParts(
                    mine.first { $0.name == name }?.value, theirs.first { $0.name == name }?.value)
                return "form field \(name): \(shownMine) here, \(shownTheirs) recorded"
            }
            return "body: " + parts.joined(separator: "; ")
        case (.none, _): return "body: none here, one recorded"
        case (_, .none): return "body: one here, none recorded"
        default: return "body: content differs"
        }
    }
}
