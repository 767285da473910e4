public import Foundation
public import HTTPTypes

import PlaceCore
/// Sends one HTTP request and returns the response with its whole body.
///
/// This is the only place a request leaves the process. Everything else the HTTP layer does —
/// cassettes, retries, logging — is an ``HTTPMiddleware`` wrapped around a transport, so a
/// provider never knows whether it is talking to the network or to a recording.
///
/// ## Implementing a transport
/// A transport must be `Sendable` and safe to call concurrently. It throws a ``TransportError``
/// when no response arrived (refused connection, timeout, no network); an HTTP error status is
/// a response, not an error. ``URLSessionTransport`` is the live one; tests use a closure
/// (see `ClosureTransport` in PlaceSearchTesting):
///
/// ```swift
/// struct TeapotTransport: HTTPTransport {
///     func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
///         (HTTPResponse(status: .init(code: 418)), Data("short and stout".utf8))
///     }
/// }
/// ```
public protocol HTTPTransport: Sendable {
    /// Sends `request` with `body`, if any, and returns the response with its whole body.
    func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data)
}

/// The rest of the chain, as a middleware sees it.
public typealias HTTPNext = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

/// A step between a provider and the transport: it may change the request, answer it itself
/// (a cassette in replay mode never calls `next`), or look at the response on its way back.
public protocol HTTPMiddleware: Sendable {
    /// Handles `request` on its way out: passes it on with `next`, changed or not, or answers it without calling `next`.
    func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data)
}

/// How a client reaches the world; shown by `places providers` and in replay notes.
public enum HTTPMode: String, CaseIterable, Sendable, Codable {
    /// Straight to the network; no cassette involved.
    case live
    /// Only from cassettes; the network is never touched and a request without a recording fails.
    case replay
    /// To the network, writing every interaction into a cassette.
    case record
    /// From cassettes where a recording exists, otherwise to the network, recording the answer.
    case missing
}

/// A transport with its middlewares folded around it, plus what providers need to describe it.
public struct HTTPClient: Sendable {
    /// How the client reaches the world: live, from recordings, or recording.
    public let mode: HTTPMode
    /// Where recordings are read or written, for messages ("cassettes/foursquare").
    public let cassetteLocation: String?
    /// Hides secrets in anything the client's users print.
    public let redactor: Redactor
    /// Why a client that would have gone live answers from recordings ("no network: …"), when it does.
    public let offlineReason: String?
    /// Whether there is any recording to replay: a client that only replays has nothing to
    /// answer with without one.
    public let hasRecordings: Bool
    private let chain: HTTPNext

    /// - Parameter middlewares: outermost first; the first one sees the request first.
    public init(
        transport: any HTTPTransport, middlewares: [any HTTPMiddleware] = [], mode: HTTPMode = .live,
        cassetteLocation: String? = nil, redactor: Redactor = Redactor(), offlineReason: String? = nil, hasRecordings: Bool = true
    ) {
        var next: HTTPNext = { request, body in try await transport.send(request, body: body) }
        for middleware in middlewares.reversed() {
            let inner = next
            next = { request, body in try await middleware.intercept(request, body: body, next: inner) }
        }
        self.chain = next
        self.mode = mode
        self.cassetteLocation = cassetteLocation
        self.redactor = redactor
        self.offlineReason = offlineReason
        self.hasRecordings = hasRecordings
    }

    /// Sends `request` through every middleware to the transport; errors come back as a middleware or the transport threw them.
    public func send(_ request: HTTPRequest, body: Data? = nil) async throws -> (HTTPResponse, Data) {
        try await chain(request, body)
    }
}
