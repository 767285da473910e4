import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Synchronization
import Testing

/// Appends its name to a shared log on the way in and on the way out.
struct TracingMiddleware: HTTPMiddleware {
    let name: String
    let log: TraceLog

    func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        log.append("→\(name)")
        let result = try await next(request, body)
        log.append("←\(name)")
        return result
    }
}

final class TraceLog: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

struct HTTPClientTests {
    static let request = HTTPRequest(method: .get, scheme: "https", authority: "api.example", path: "/a")

    @Test func middlewaresWrapTheTransportOutermostFirst() async throws {
        let log = TraceLog()
        let transport = ClosureTransport { _, _ in
            log.append("transport")
            return HTTPResponse.json("{}")
        }
        let client = HTTPClient(
            transport: transport, middlewares: [TracingMiddleware(name: "outer", log: log), TracingMiddleware(name: "inner", log: log)])
        _ = try await client.send(Self.request)
        #expect(log.all == ["→outer", "→inner", "transport", "←inner", "←outer"])
    }

    @Test func retryTriesATransientFailureOnceMore() async throws {
        let attempts = Mutex(0)
        let transport = ClosureTransport { _, _ in
            let attempt = attempts.withLock { value in
                value += 1
                return value
            }
            return attempt == 1 ? HTTPResponse.json("{}", status: 503) : HTTPResponse.json("{}")
        }
        let client = HTTPClient(transport: transport, middlewares: [RetryMiddleware(baseDelay: .milliseconds(1))])
        let (response, _) = try await client.send(Self.request)
        #expect(response.status.code == 200)
        #expect(attempts.withLock { $0 } == 2)
    }

    @Test func retryGivesUpAfterItsLimitAndReturnsTheLastResponse() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", status: 502) }
        let client = HTTPClient(transport: transport, middlewares: [RetryMiddleware(maximumRetries: 2, baseDelay: .milliseconds(1))])
        let (response, _) = try await client.send(Self.request)
        #expect(response.status.code == 502)
        #expect(transport.requests.count == 3)
    }

    @Test func retryDoesNotWaitLongerThanAllowed() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", status: 429, headers: ["Retry-After": "120"]) }
        let client = HTTPClient(transport: transport, middlewares: [RetryMiddleware()])
        let (response, _) = try await client.send(Self.request)
        #expect(response.status.code == 429)
        #expect(transport.requests.count == 1)
    }

    @Test func retryNeverRepeatsAnUnsafeRequest() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", status: 503) }
        let client = HTTPClient(transport: transport, middlewares: [RetryMiddleware(baseDelay: .milliseconds(1))])
        _ = try await client.send(HTTPRequest(method: .post, scheme: "https", authority: "api.example", path: "/order"))
        #expect(transport.requests.count == 1)
    }

    @Test func aPostIsRetriedOnlyWhenItsOwnerSaysItIsARead() async throws {
        let transport = ClosureTransport { _, _ in HTTPResponse.json("{}", status: 504) }
        let client = HTTPClient(transport: transport, middlewares: [RetryMiddleware(baseDelay: .milliseconds(1), postIsRead: true)])
        _ = try await client.send(HTTPRequest(method: .post, scheme: "https", authority: "query.example", path: "/api/interpreter"))
        #expect(transport.requests.count == 2)
    }

    @Test func theOfflineTransportRefusesEverything() async {
        let client = HTTPClient(transport: OfflineTransport())
        await #expect(throws: TransportError.self) { try await client.send(Self.request) }
    }
}
