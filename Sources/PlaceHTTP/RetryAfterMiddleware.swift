public import Foundation
public import HTTPTypes

import PlaceCore
/// Keeps a service's `429 Too Many Requests` (and `503` with `Retry-After`) across runs: until the
/// time it named, requests to that host are not sent at all, and answer with a 429 that says how long
/// is left (whether the hold began with a 429 or a 503). The hold is a small file per host beside the
/// HTTP cache, so a script calling `places` in a loop stops hammering a server that asked it to wait.
public struct RetryAfterMiddleware: HTTPMiddleware {
    /// Where the holds are kept: one `hold-<host>` file per host, holding the Unix time the hold ends.
    public let folder: URL
    /// The current time; tests pass a fixed one.
    public let now: @Sendable () -> Date
    /// Longest hold honoured (a server asking for a day is taken at its word up to this).
    public let maximumHold: TimeInterval

    /// A middleware that keeps its holds in `folder` and honours each for at most `maximumHold` seconds (a day by default).
    public init(folder: URL, maximumHold: TimeInterval = 86_400, now: @escaping @Sendable () -> Date = { Date() }) {
        self.folder = folder
        self.maximumHold = maximumHold
        self.now = now
    }

    /// Answers a request to a held host with a 429 whose `Retry-After` gives the seconds left, without sending it; otherwise sends
    /// it on and starts a hold when a 429 or 503 answer names a wait.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        let host = request.authority ?? "unknown"
        let file = folder.appendingPathComponent(Self.fileName(host))
        if let text = try? String(contentsOf: file, encoding: .utf8), let until = Double(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
            let remaining = until - now().timeIntervalSince1970
            if remaining > 0 {
                var fields = HTTPFields()
                fields[.retryAfter] = String(Int(remaining.rounded(.up)))
                return (
                    HTTPResponse(status: .tooManyRequests, headerFields: fields),
                    Data("{\"message\": \"held back by places: the service asked to wait\"}".utf8)
                )
            }
            try? FileManager.default.removeItem(at: file)
        }
        let (response, data) = try await next(request, body)
        if response.status.code == 429 || response.status.code == 503, let wait = Self.retryAfter(response, now: now()), wait > 0 {
            let until = now().timeIntervalSince1970 + min(wait, maximumHold)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try? Data(String(until).utf8).write(to: file, options: .atomic)
        }
        return (response, data)
    }

    /// Seconds from `Retry-After`: a number of seconds or an HTTP date.
    static func retryAfter(_ response: HTTPResponse, now: Date) -> TimeInterval? {
        guard let value = response.headerFields[.retryAfter]?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let seconds = TimeInterval(value), seconds.isFinite { return seconds }
        return HTTPDate.parse(value).map { $0.timeIntervalSince(now) }
    }

    static func fileName(_ host: String) -> String {
        "hold-" + String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
    }
}
