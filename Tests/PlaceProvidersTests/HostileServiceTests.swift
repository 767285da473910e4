import Foundation
import HTTPTypes
import PlaceProviders
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Testing

/// A provider whose service misbehaves, asked beside a healthy one as `places` asks them: the live
/// transport with its size limit, retries, and a deadline per provider. Each time the failing one
/// is named in one line that says what happened, and the healthy one still answers.
struct HostileServiceTests {
    static let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000)
    static let healthy = StaticProvider(
        id: "healthy", places: [Place.sample("healthy", "1", name: "Still Here", at: Coordinate(52.371, 4.891))])
    static let answer = Data(
        #"{"elements": [{"type": "node", "id": 1, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe", "name": "Fine"}}]}"#
            .utf8)

    /// The Overpass provider against `server`, its client built as `places` builds a live one.
    static func overpass(_ server: LocalHTTPServer, limit: Int = 1 << 20) -> OverpassProvider {
        let client = HTTPClient(
            transport: liveTransport(timeout: 30, limits: ResponseLimits(maximumBodyBytes: limit)),
            middlewares: [RetryMiddleware(baseDelay: .milliseconds(10), postIsRead: true)])
        return OverpassProvider(client: client, endpoint: "http://127.0.0.1:\(server.port)/api/interpreter")
    }

    /// Searches with both providers, `provider` under `deadline` and the healthy one under ten
    /// minutes (a loaded machine must not make it late); returns the failing provider's error.
    static func search(_ provider: any PlaceProvider, deadline: Duration = .seconds(600)) async throws -> ProviderError {
        let aggregator = Aggregator(deadline: .seconds(600), deadlines: [provider.id: deadline])
        let outcome = await aggregator.search(Self.request, providers: [provider, Self.healthy])
        #expect(outcome.places.map(\.name) == ["Still Here"], "the healthy provider's answer is missing")
        return try #require(outcome.failures.first)
    }

    struct Attack: Sendable, CustomTestStringConvertible {
        let name: String
        let response: LocalHTTPServer.Response
        let says: String
        let kind: ProviderError.Kind
        var testDescription: String { name }
    }

    static let bomb = HostileBodies.gzipOfZeros
    static var invalidUTF8: Data {
        Data(
            #"{"elements": [{"type": "node", "id": 1, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe", "name": ""#
                .utf8)
            + Data(HostileBodies.invalidUTF8Names) + Data(#""}}]}"#.utf8)
    }

    static let attacks: [Attack] = [
        Attack(
            name: "a truncated body", response: .init(status: 200, body: answer, delivery: .truncated(after: 40)),
            says: "the connection to 127.0.0.1", kind: .unavailable),
        Attack(
            name: "a connection reset mid-body",
            response: .init(status: 200, body: answer, delivery: .reset(after: 40)),
            says: "broke off", kind: .unavailable),
        Attack(
            name: "a 100 MB body",
            response: .init(
                status: 200, body: Data(repeating: 0x20, count: 64 << 10),
                delivery: .generated(prefix: Data("{".utf8), total: 100 << 20, announced: false)),
            says: "is too large: more than the 1 MB allowed", kind: .unexpectedResponse),
        Attack(
            name: "gzip that expands to a gigabyte",
            response: .init(
                status: 200, headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                body: bomb.period, delivery: .generated(prefix: bomb.prefix, total: 7 << 20, announced: false)),
            says: "came compressed (Content-Encoding gzip)", kind: .unexpectedResponse),
        Attack(
            name: "invalid UTF-8", response: .init(status: 200, body: invalidUTF8),
            says: "unexpected answer from 127.0.0.1", kind: .unexpectedResponse),
        Attack(
            name: "a web page instead of JSON",
            response: .init(
                status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: Data("<html><body>Log in to the Wi-Fi</body></html>".utf8)),
            says: "answered with a web page (Content-Type text/html), not JSON", kind: .unexpectedResponse),
        Attack(
            name: "a redirect loop",
            response: .init(status: 302, headers: ["Location": "/api/interpreter"], body: Data()),
            says: "more than 5 redirects in a row", kind: .unavailable),
        Attack(
            name: "429 with Retry-After",
            response: .init(status: 429, headers: ["Retry-After": "120"], body: Data(#"{"remark": "slow down"}"#.utf8)),
            says: "is rate limiting us (HTTP 429: slow down); the service asks to wait 120 s", kind: .rateLimited),
        Attack(
            name: "503",
            response: .init(status: 503, headers: ["Content-Type": "text/plain"], body: Data("overloaded".utf8)),
            says: "failed (HTTP 503)", kind: .httpError),
    ]

    @Test(arguments: attacks)
    func theProviderFailsNamedAndTheOtherStillAnswers(_ attack: Attack) async throws {
        let server = try LocalHTTPServer { _ in attack.response }
        defer { server.stop() }
        let failure = try await Self.search(Self.overpass(server))
        #expect(failure.provider == "osm")
        #expect(failure.kind == attack.kind, "\(failure)")
        #expect(failure.description.hasPrefix("osm: "))
        #expect(failure.description.contains(attack.says), "\(failure)")
        #expect(!failure.description.contains("\n"), "not one line: \(failure)")
        #expect(failure.description.count < 400, "\(failure)")
    }

    /// 503 is tried once more (a short hiccup); a second 503 is the answer.
    @Test func a503IsAskedOnceMore() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 503, body: Data()) }
        defer { server.stop() }
        _ = try await Self.search(Self.overpass(server))
        #expect(server.requests.count == 2)
    }

    /// The slow two: headers after 30 s, and a body at one byte a second. The deadline answers.
    @Test(arguments: [
        LocalHTTPServer.Response(status: 200, body: answer, delay: .seconds(30)),
        LocalHTTPServer.Response(status: 200, body: answer, delivery: .trickle(every: .seconds(1))),
    ])
    func aSlowServiceIsCutOffAtTheDeadline(_ response: LocalHTTPServer.Response) async throws {
        let server = try LocalHTTPServer { _ in response }
        defer { server.stop() }
        let failure = try await Self.search(Self.overpass(server), deadline: .milliseconds(700))
        #expect(failure.kind == .timedOut, "\(failure)")
        #expect(failure.description.hasPrefix("osm: no answer within 700 ms"), "\(failure)")
    }

    /// Foursquare's key rides in the Authorization header: a redirect to another host is refused,
    /// the other host hears nothing, and the message names neither the key nor more than the host.
    @Test func foursquaresKeyNeverFollowsARedirectOffItsHost() async throws {
        let key = "fsq3-NeverLeaveHome-0123456789"
        let elsewhere = try LocalHTTPServer { _ in .init(status: 200, body: Data(#"{"results": []}"#.utf8)) }
        defer { elsewhere.stop() }
        let server = try LocalHTTPServer { request in
            .init(
                status: 302, headers: ["Location": "http://localhost:\(elsewhere.port)\(request.target)"], body: Data())
        }
        defer { server.stop() }
        let redactor = Redactor(knownSecrets: [key])
        let client = HTTPClient(transport: liveTransport(timeout: 30, redactor: redactor), redactor: redactor)
        let provider = FoursquareProvider(
            client: client, key: Credential(value: key, source: "the test"), endpoint: "http://127.0.0.1:\(server.port)"
        )
        let failure = try await Self.search(provider)
        #expect(failure.provider == "foursquare")
        #expect(failure.description.contains("a redirect from 127.0.0.1:\(server.port) was not followed"), "\(failure)")
        #expect(failure.description.contains("carries a key"), "\(failure)")
        #expect(!failure.description.contains(key))
        #expect(elsewhere.requests.isEmpty)
        #expect(server.requests.first?.headers["authorization"] == "Bearer \(key)")
    }

    /// Google's key rides in the query (`key=`): the same.
    @Test func googlesKeyNeverFollowsARedirectOffItsHost() async throws {
        let key = "AIza-NeverLeaveHome-0123456789"
        let elsewhere = try LocalHTTPServer { _ in
            .init(status: 200, body: Data(#"{"status": "OK", "routes": []}"#.utf8))
        }
        defer { elsewhere.stop() }
        let server = try LocalHTTPServer { request in
            .init(
                status: 301, headers: ["Location": "http://localhost:\(elsewhere.port)\(request.target)"], body: Data())
        }
        defer { server.stop() }
        let redactor = Redactor(knownSecrets: [key])
        let client = HTTPClient(transport: liveTransport(timeout: 30, redactor: redactor), redactor: redactor)
        let provider = GoogleDirectionsProvider(
            client: client, key: Credential(value: key, source: "the test"), endpoint: "http://127.0.0.1:\(server.port)"
        )
        await #expect {
            _ = try await provider.route(
                RouteRequest(origin: Coordinate(52.37, 4.89), destination: Coordinate(52.36, 4.9), mode: .walking))
        } throws: { error in
            let text = String(describing: error)
            return text.contains("was not followed") && !text.contains(key)
        }
        #expect(elsewhere.requests.isEmpty)
    }
}
