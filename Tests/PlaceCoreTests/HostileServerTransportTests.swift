import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Testing

/// The live transport (``liveTransport(timeout:limits:redactor:)``: libcurl on Linux) against a loopback server that misbehaves the ways real services and the
/// networks in between do: slow, cut off, reset, enormous, compressed into a bomb, redirecting in
/// circles or elsewhere. Each must end in a ``TransportError`` that says what happened, soon, and
/// without taking in more than the limit.
struct HostileServerTransportTests {
    static func request(_ server: LocalHTTPServer, _ path: String = "/answer", headers: HTTPFields = HTTPFields())
        -> HTTPRequest
    {
        HTTPRequest(
            method: .get, scheme: "http", authority: "127.0.0.1:\(server.port)", path: path, headerFields: headers)
    }

    static func failure(_ transport: any HTTPTransport, _ request: HTTPRequest) async -> TransportError? {
        do {
            let (response, body) = try await transport.send(request, body: nil)
            Issue.record("the transport accepted HTTP \(response.status.code) with \(body.count) bytes")
            return nil
        } catch let error as TransportError {
            return error
        } catch {
            Issue.record("not a TransportError: \(error)")
            return nil
        }
    }

    static let json = Data(#"{"elements": [], "note": "\#(String(repeating: "x", count: 2000))"}"#.utf8)

    @Test func aBodyCutShortOfItsContentLengthIsALostConnection() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Self.json, delivery: .truncated(after: 100)) }
        defer { server.stop() }
        let error = try #require(await Self.failure(liveTransport(timeout: 30), Self.request(server)))
        #expect(error.code == .connectionLost, "\(error)")
        #expect(error.description.contains("127.0.0.1:\(server.port)"), "\(error)")
        #expect(error.isTransient)
    }

    @Test func aConnectionResetMidBodyIsALostConnection() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Self.json, delivery: .reset(after: 100)) }
        defer { server.stop() }
        let error = try #require(await Self.failure(liveTransport(timeout: 30), Self.request(server)))
        #expect(error.code == .connectionLost, "\(error)")
        #expect(error.description.contains("broke off"), "\(error)")
    }

    @Test func aBodyAnnouncedLargerThanTheLimitIsNotRead() async throws {
        let server = try LocalHTTPServer { _ in
            .init(
                status: 200, body: Data(repeating: 0x20, count: 64 << 10),
                delivery: .generated(prefix: Data("[".utf8), total: 100 << 20, announced: true))
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 30, limits: ResponseLimits(maximumBodyBytes: 1 << 20))
        let error = try #require(await Self.failure(transport, Self.request(server)))
        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.description.contains("more than the 1 MB allowed"), "\(error)")
        #expect(error.description.contains("it announces 100 MB"), "\(error)")
        await server.connectionsEnded()
        #expect(server.bodyBytesSent < 100 << 20)
    }

    /// No Content-Length: only counting the bytes as they come can stop it.
    @Test func aLargeBodyWithoutALengthIsStoppedAtTheLimit() async throws {
        let server = try LocalHTTPServer { _ in
            .init(
                status: 200, body: Data(repeating: 0x20, count: 64 << 10),
                delivery: .generated(prefix: Data("[".utf8), total: 100 << 20, announced: false))
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 30, limits: ResponseLimits(maximumBodyBytes: 1 << 20))
        let error = try #require(await Self.failure(transport, Self.request(server)))
        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.description.contains("reading stopped there"), "\(error)")
        // The server's sends failed once the client went away: far from the 100 MB it had to send.
        await server.connectionsEnded()
        #expect(server.bodyBytesSent < 40 << 20, "\(server.bodyBytesSent) bytes went out")
    }

    /// 7 MB on the wire that would expand to 1.1 GB. No compression is asked for, so an answer that
    /// comes compressed anyway is refused before its body: nothing is inflated at all.
    @Test func gzipThatWouldExpandHugelyIsRefusedBeforeItsBody() async throws {
        let bomb = HostileBodies.gzipOfZeros
        let server = try LocalHTTPServer { _ in
            .init(
                status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                body: bomb.period,
                delivery: .generated(prefix: bomb.prefix, total: 7 << 20, announced: false))
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 30, limits: ResponseLimits(maximumBodyBytes: 1 << 20))
        let error = try #require(await Self.failure(transport, Self.request(server)))
        #expect(error.code == .tooLarge, "\(error)")
        #expect(error.description.contains("came compressed (Content-Encoding gzip)"), "\(error)")
        #expect(server.requests.first?.headers["accept-encoding"] == nil)
        await server.connectionsEnded()
        #expect(server.bodyBytesSent < 7 << 20, "\(server.bodyBytesSent) bytes went out")
    }

    @Test func aRedirectLoopEndsAfterTheLimit() async throws {
        let server = try LocalHTTPServer { request in
            .init(status: 302, headers: ["Location": request.target == "/a" ? "/b" : "/a"], body: Data())
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 30, limits: ResponseLimits(maximumRedirects: 5))
        let error = try #require(await Self.failure(transport, Self.request(server, "/a")))
        #expect(error.code == .refusedRedirect, "\(error)")
        #expect(error.description.contains("more than 5 redirects in a row"), "\(error)")
        #expect(server.requests.count == 6)
    }

    static func keyed(_ key: String) -> HTTPFields {
        var fields = HTTPFields()
        fields[.authorization] = "Bearer \(key)"
        return fields
    }

    /// `localhost` and `127.0.0.1` are one machine but two hosts, as far as a key is concerned.
    @Test func aKeyInAHeaderNeverFollowsARedirectToAnotherHost() async throws {
        let elsewhere = try LocalHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { elsewhere.stop() }
        let server = try LocalHTTPServer { _ in
            .init(status: 307, headers: ["Location": "http://localhost:\(elsewhere.port)/steal"], body: Data())
        }
        defer { server.stop() }
        let error = try #require(
            await Self.failure(liveTransport(timeout: 30), Self.request(server, headers: Self.keyed("fsq3-secret-123")))
        )
        #expect(error.code == .refusedRedirect, "\(error)")
        #expect(error.description.contains("leads to http://localhost:\(elsewhere.port)"), "\(error)")
        #expect(!error.description.contains("fsq3-secret-123"))
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func aKeyInTheQueryNeverFollowsARedirectToAnotherHost() async throws {
        let elsewhere = try LocalHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { elsewhere.stop() }
        let server = try LocalHTTPServer { request in
            .init(
                status: 302, headers: ["Location": "http://localhost:\(elsewhere.port)\(request.target)"], body: Data())
        }
        defer { server.stop() }
        let error = try #require(
            await Self.failure(
                liveTransport(timeout: 30), Self.request(server, "/directions?key=AIza-secret-456&mode=walking")))
        #expect(error.code == .refusedRedirect, "\(error)")
        #expect(!error.description.contains("AIza-secret-456"))
        #expect(elsewhere.requests.isEmpty)
    }

    @Test func aRedirectOnTheSameHostIsFollowedWithTheKey() async throws {
        let server = try LocalHTTPServer { request in
            request.target == "/old"
                ? .init(status: 301, headers: ["Location": "/new"], body: Data())
                : .init(status: 200, body: Data("{}".utf8))
        }
        defer { server.stop() }
        let (response, _) = try await liveTransport(timeout: 30).send(
            Self.request(server, "/old", headers: Self.keyed("fsq3-secret-123")), body: nil)
        #expect(response.status.code == 200)
        #expect(server.requests.map(\.target) == ["/old", "/new"])
        #expect(server.requests.last?.headers["authorization"] == "Bearer fsq3-secret-123")
    }

    @Test func aRequestWithoutAKeyFollowsARedirectToAnotherHost() async throws {
        let elsewhere = try LocalHTTPServer { _ in .init(status: 200, body: Data("{}".utf8)) }
        defer { elsewhere.stop() }
        let server = try LocalHTTPServer { _ in
            .init(status: 302, headers: ["Location": "http://localhost:\(elsewhere.port)/moved"], body: Data())
        }
        defer { server.stop() }
        let (response, _) = try await liveTransport(timeout: 30).send(Self.request(server), body: nil)
        #expect(response.status.code == 200)
        #expect(elsewhere.requests.map(\.target) == ["/moved"])
    }

    /// A server that sends `json` one byte every 50 ms: 101 s for all of it.
    static func tricklingServer() throws -> LocalHTTPServer {
        try LocalHTTPServer { _ in .init(status: 200, body: Self.json, delivery: .trickle(every: .milliseconds(50))) }
    }

    /// One byte a second would take an hour; the deadline ends it, and the transfer with it: the
    /// server sees the client go (its sends fail), which is what ends its connection.
    @Test func aDeadlineCancelsABodyArrivingOneByteAtATime() async throws {
        let server = try Self.tricklingServer()
        defer { server.stop() }
        let transport = liveTransport(timeout: 3600)
        let request = Self.request(server)
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(.milliseconds(300)) { try await transport.send(request, body: nil) }
        }
        await server.connectionsEnded()
        #expect(server.bodyBytesSent < Self.json.count)
    }

    /// A transfer's socket is closed on exec, so that a process started while it is in flight (a
    /// plugin, a test's child) does not hold the connection open after the transfer ends. libcurl
    /// before 8.11 (Debian 12 has 7.88) opens its sockets without it; the server then went on
    /// sending the whole body to a child that never read it. Checked on the socket itself, while the
    /// server holds its answer until the test has looked: spawning a child here would hand it
    /// every other test's descriptors too (stop 38).
    @Test func aTransfersSocketIsClosedOnExec() async throws {
        let (arrived, arrival) = AsyncStream<Void>.makeStream()
        let looked = DispatchSemaphore(value: 0)
        let server = try LocalHTTPServer { _ in
            arrival.yield()
            _ = looked.wait(timeout: .now() + 600)
            return .init(status: 200, body: Self.json)
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 3600)
        let request = Self.request(server)
        let transfer = Task { try await transport.send(request, body: nil) }
        var requests = arrived.makeAsyncIterator()
        await requests.next()
        let sockets = try ClientSockets.connected(toPort: server.port)
        transfer.cancel()
        looked.signal()
        _ = try? await transfer.value
        #expect(sockets.count == 1, "\(sockets)")
        #expect(sockets.allSatisfy { $0.closesOnExec }, "\(sockets)")
    }

    /// Headers that do not come until the test says so: the deadline answers first. The server is
    /// still holding its answer when the deadline's error arrives (it sent nothing), so this is not
    /// a bound on time; had the deadline not held, the answer would have come (after 600 s) instead.
    @Test func aDeadlineEndsAWaitForHeaders() async throws {
        let gate = DispatchSemaphore(value: 0)
        let server = try LocalHTTPServer { _ in
            _ = gate.wait(timeout: .now() + 600)
            return .init(status: 200, body: Self.json)
        }
        defer { server.stop() }
        let transport = liveTransport(timeout: 3600)
        let request = Self.request(server)
        await #expect(throws: DeadlineExceeded.self) {
            try await withDeadline(.milliseconds(300)) { try await transport.send(request, body: nil) }
        }
        #expect(server.requests.count == 1)
        #expect(server.bodyBytesSent == 0)
        gate.signal()
    }
}
