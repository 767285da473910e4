public import Foundation
public import HTTPTypes

import PlaceCore
/// What HTTP's caching rules (RFC 9111, for a private cache) say about one response.
public struct CachePolicy: Sendable, Equatable {
    /// Whether the response may be stored: false when the service says `no-store`.
    public var mayStore: Bool
    /// Stored, but asked again (revalidated) before each use (`no-cache`, `max-age=0`).
    public var mustRevalidate: Bool
    /// Seconds the response stays fresh after it was received; nil when the service says nothing.
    public var freshness: TimeInterval?
    /// The `ETag` header, to send back as `If-None-Match`.
    public var etag: String?
    /// The `Last-Modified` header as written, to send back as `If-Modified-Since`.
    public var lastModified: String?

    /// Reads `Cache-Control`, `Expires`, `Date`, `ETag` and `Last-Modified`.
    public init(_ response: HTTPResponse, receivedAt: Date) {
        let directives = Self.directives(response.headerFields[.cacheControl] ?? "")
        mayStore = directives["no-store"] == nil
        var mustRevalidate = directives["no-cache"] != nil
        if let maxAge = directives["max-age"].flatMap({ $0.flatMap(TimeInterval.init) }) {
            freshness = max(0, maxAge)
            if maxAge <= 0 { mustRevalidate = true }
        } else if let expires = response.headerFields[.expires] {
            // An Expires that cannot be read means "already expired" (RFC 9111 §5.3).
            let date = response.headerFields[.date].flatMap(HTTPDate.parse) ?? receivedAt
            freshness = HTTPDate.parse(expires).map { max(0, $0.timeIntervalSince(date)) } ?? 0
        } else {
            freshness = nil
        }
        self.mustRevalidate = mustRevalidate
        etag = response.headerFields[.eTag]
        lastModified = response.headerFields[.lastModified]
    }

    /// The directives of a Cache-Control value: `max-age=60, no-cache` → ["max-age": "60", "no-cache": nil].
    static func directives(_ value: String) -> [String: String?] {
        var result: [String: String?] = [:]
        for part in value.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard let name = pair.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pair.count > 1 ? pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) : nil
        }
        return result
    }

    /// Whether the response can be checked again cheaply (`If-None-Match`, `If-Modified-Since`).
    public var canRevalidate: Bool { etag != nil || lastModified != nil }
}
