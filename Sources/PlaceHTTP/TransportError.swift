import PlaceCore

/// No usable HTTP response arrived: the connection failed, timed out, broke off, the answer was
/// too large or led somewhere the request may not follow, or the network is off limits.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of failure a transport reports.
    public enum Code: Equatable, Sendable {
        /// The answer did not arrive, or not in full, within the time allowed.
        case timedOut
        /// No connection to the service: its name does not resolve, it refuses, TLS fails, or there is no network.
        case cannotConnect
        /// The connection broke after the service began to answer (reset, or closed before the
        /// body it announced was complete).
        case connectionLost
        /// The answer was larger than the client accepts; reading stopped there.
        case tooLarge
        /// A redirect that was not followed: to another host with a key on board, or one too many.
        case refusedRedirect
        /// The request was not allowed to reach the network (replay mode).
        case networkDisabled
        /// No http or https URL could be formed from the request.
        case invalidRequest
        /// The transfer was cancelled, usually because the calling task was.
        case cancelled
        /// Any other failure; `detail` says what.
        case other
    }

    /// Which kind of failure this is.
    public let code: Code
    /// The host the request was for, when known.
    public let host: String?
    /// What happened, for people: often the words of libcurl or the system.
    public let detail: String

    /// An error of kind `code` for `host`, with `detail` saying what happened.
    public init(_ code: Code, host: String? = nil, detail: String) {
        self.code = code
        self.host = host
        self.detail = detail
    }

    /// Worth one more try: the next attempt may well succeed.
    public var isTransient: Bool { code == .timedOut || code == .cannotConnect || code == .connectionLost }

    /// One sentence for people that names the host when known: `cannot reach overpass-api.de: connection refused`.
    public var description: String {
        let target = host.map { " \($0)" } ?? ""
        switch code {
        case .timedOut: return "no answer from\(target) in time (\(detail))"
        case .cannotConnect: return "cannot reach\(target): \(detail)"
        case .connectionLost: return "the connection to\(target) broke off: \(detail)"
        case .tooLarge: return "the answer from\(target) is too large: \(detail)"
        case .refusedRedirect: return "a redirect from\(target) was not followed: \(detail)"
        case .networkDisabled: return "network access is disabled: \(detail)"
        case .invalidRequest: return "invalid request\(target): \(detail)"
        case .cancelled: return "request to\(target) was cancelled"
        case .other: return "request to\(target) failed: \(detail)"
        }
    }
}
