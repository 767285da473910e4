public import Foundation
public import HTTPTypes
import PlaceCore
public import PlaceHTTP
import Synchronization

/// A transport that answers with a closure, and remembers what it was asked.
///
/// ```swift
/// let transport = ClosureTransport { request, _ in try .json(#"{"results": []}"#) }
/// let client = HTTPClient(transport: transport)
/// ```
public final class ClosureTransport: HTTPTransport {
    public typealias Handler = @Sendable (HTTPRequest, Data?) async throws -> (HTTPResponse, Data)

    private let handler: Handler
    private let log = Mutex<[(HTTPRequest, Data?)]>([])

    public init(_ handler: @escaping Handler) { self.handler = handler }

    public func send(_ request: HTTPRequest, body: Data?) async throws -> (HTTPResponse, Data) {
        log.withLock { $0.append((request, body)) }
        return try await handler(request, body)
    }

    /// Every request sent so far, in order.
    public var requests: [HTTPRequest] { log.withLock { $0.map(\.0) } }

    /// Every request body sent so far, in order.
    public var bodies: [Data?] { log.withLock { $0.map(\.1) } }

    /// A transport that fails the test's expectations loudly if anything reaches it.
    public static func unreachable(_ reason: String = "this test must not reach the network") -> ClosureTransport {
        ClosureTransport { request, _ in throw TransportError(.networkDisabled, host: request.authority, detail: reason) }
    }
}

extension HTTPResponse {
    /// A response with a JSON body.
    public static func json(_ body: String, status: Int = 200, headers: [String: String] = [:]) -> (HTTPResponse, Data) {
        var fields = HTTPFields()
        fields[.contentType] = "application/json; charset=utf-8"
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        return (HTTPResponse(status: .init(code: status), headerFields: fields), Data(body.utf8))
    }
}
