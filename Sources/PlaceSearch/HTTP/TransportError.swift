/// No HTTP response arrived: the connection failed, timed out, or the network is off limits.
public struct TransportError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Code: Equatable, Sendable {
        case timedOut
        case cannotConnect
        /// The request was not allowed to reach the network (replay mode).
        case networkDisabled
        case invalidRequest
        case cancelled
        case other
    }

    public let code: Code
    /// The host the request was for, when known.
    public let host: String?
    public let detail: String

    public init(_ code: Code, host: String? = nil, detail: String) {
        self.code = code
        self.host = host
        self.detail = detail
    }

    /// Worth one more try: the next attempt may well succeed.
    public var isTransient: Bool { code == .timedOut || code == .cannotConnect }

    public var description: String {
        let target = host.map { " \($0)" } ?? ""
        switch code {
        case .timedOut: return "no answer from\(target) in time (\(detail))"
        case .cannotConnect: return "cannot reach\(target): \(detail)"
        case .networkDisabled: return "network access is disabled: \(detail)"
        case .invalidRequest: return "invalid request\(target): \(detail)"
        case .cancelled: return "request to\(target) was cancelled"
        case .other: return "request to\(target) failed: \(detail)"
        }
    }
}
