import Foundation
import HTTPTypes
import HummingbirdTesting
import HummingbirdWSClient
import HummingbirdWSTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Tracking
import Testing

/// `/v1/follow`: events back as the walk goes, and points only for a live walk. A replayed file, a
/// line drawn between two points, a ride, an expired offer and the same walk sent twice each earn
/// nothing, and the walker's ledger says why.
@Suite(.timeLimit(.minutes(10))) struct FollowTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_257_000)  // 2026-11-21T10:30:00Z
    static let dam = Coordinate(52.3731, 4.8926)
    static let toWaterlooplein = "/v1/follow?feed=example&to=rec-waterlooplein"

    /// The recorded walking route from Dam to Waterlooplein, from where the recording starts (the
    /// route is asked from the first fix).
    static func route(_ server: TestServer) async throws -> [Coordinate] {
        [dam] + (try await server.service.route(RouteQuery(from: .coordinate(dam), to: "52.3676,4.9041")).route.path)
    }

    static func follow(_ client: some TestClientProtocol, _ uri: String = toWaterlooplein, token: String, _ fixes: [LocationFix]) async throws
        -> [ServerSentEvent]
    {
        let response = try await client.send(uri, method: .post, token: token, body: Walks.ndjson(fixes), type: "application/x-ndjson")
        #expect(response.status == .ok, "\(uri): \(response.text)")
        #expect(response.headers[.contentType] == "text/event-stream")
        return try ServerSentEvent.parse(response.text)
    }

    static func arrival(_ events: [ServerSentEvent]) throws -> JSONValue {
        try #require(events.first { $0.name == "arrived" }?.data, "no arrival in \(events.map(\.name))")
    }

    @Test func aLiveWalkEarnsTheOffersPointsOnce() async throws {
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0) }
        let token = try server.token(for: "ana")
        let walk = Walks.along(try await Self.route(server), speed: 1.3, start: Self.t0)
        try await server.withClient { client in
            let events = try await Self.follow(client, token: token, walk)
            #expect(events.first?.name == "route")
            #expect(events.last?.name == "end")
            let arrived = try Self.arrival(events)
            #expect(arrived["points_awarded"]?.doubleValue == 40, "\(arrived)")
            #expect(arrived["balance"]?.doubleValue == 40)
            let points = try await client.get("/v1/points", token: token).json()
            #expect(points["balance"]?.doubleValue == 40)
            #expect(points["history"]?.arrayValue?.first?["id"]?.stringValue == "feed:rec-waterlooplein")
            #expect(points["refused"]?.arrayValue?.isEmpty == true)
        }
        // Another live walk there later: arrived, and nothing more.
        let later = Self.t0.addingTimeInterval(3600)
        let again = try TestServer(sharing: server) { $0.clock = Walks.clock(start: later) }
        try await again.withClient { client in
            let walk = Walks.along(try await Self.route(server), speed: 1.2, start: later, seed: 99)
            let arrived = try Self.arrival(try await Self.follow(client, token: token, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(arrived["already_awarded_at"]?.stringValue != nil)
            #expect(try await client.get("/v1/points", token: token).json()["balance"]?.doubleValue == 40)
        }
    }

    @Test func aReplayedFileEarnsNothingAndTheLedgerSaysWhy() async throws {
        // The walk was taken two days before it is sent.
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0.addingTimeInterval(2 * 86_400)) }
        let token = try server.token(for: "ana")
        let walk = Walks.along(try await Self.route(server), speed: 1.3, start: Self.t0)
        try await server.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, token: token, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(arrived["refused"]?.stringValue?.hasPrefix("replayed:") == true, "\(arrived)")
            try await Self.expectRefused(client, token: token, reason: "replayed")
        }
    }

    @Test func aStraightLineDrawnBetweenTwoPointsEarnsNothing() async throws {
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0) }
        let token = try server.token(for: "ana")
        let line = Walks.along([Self.dam, Coordinate(52.3676, 4.9041)], speed: 1.4, start: Self.t0, wobble: 0)
        try await server.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, token: token, line))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(arrived["refused"]?.stringValue?.hasPrefix("too-regular:") == true, "\(arrived)")
            try await Self.expectRefused(client, token: token, reason: "too-regular")
        }
    }

    @Test func aRideEarnsNothing() async throws {
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0) }
        let token = try server.token(for: "ana")
        let ride = Walks.along(try await Self.route(server), speed: 6, start: Self.t0)
        try await server.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, token: token, ride))
            #expect(arrived["refused"]?.stringValue?.hasPrefix("too-fast:") == true, "\(arrived)")
            try await Self.expectRefused(client, token: token, reason: "too-fast")
        }
    }

    @Test func theSameWalkSentAgainByAnotherAccountEarnsNothing() async throws {
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0) }
        let ana = try server.token(for: "ana")
        let bo = try server.token(for: "bo")
        let walk = Walks.along(try await Self.route(server), speed: 1.3, start: Self.t0)
        try await server.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, token: ana, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 40)
        }
        // The same fixes an hour later, stamped anew to look live.
        let later = Self.t0.addingTimeInterval(3600)
        let copy = walk.map { LocationFix(coordinate: $0.coordinate, time: $0.time?.addingTimeInterval(3600), horizontalAccuracy: 5) }
        let again = try TestServer(sharing: server) { $0.clock = Walks.clock(start: later) }
        try await again.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, token: bo, copy))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(arrived["refused"]?.stringValue?.contains("same walk") == true, "\(arrived)")
            try await Self.expectRefused(client, token: bo, reason: "same-walk")
            #expect(try await client.get("/v1/points", token: bo).json()["balance"]?.doubleValue == 0)
        }
    }

    @Test func anOfferThatHasExpiredByTheServersClockEarnsNothing() async throws {
        let feed = FileManager.default.temporaryDirectory.appendingPathComponent("feed-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: feed) }
        try Data(
            #"{"name": "Expired", "recommendations": [{"id": "gone", "name": "Waterlooplein", "description": "The market, after it closed.", "latitude": 52.3676, "longitude": 4.9041, "points": 10, "expires": "2026-11-21T09:00:00Z"}]}"#
                .utf8
        ).write(to: feed)
        let server = try TestServer(config: "expired = \"\(feed.path)\"\n") { $0.clock = Walks.clock(start: Self.t0) }
        let token = try server.token(for: "ana")
        let walk = Walks.along(try await Self.route(server), speed: 1.3, start: Self.t0)
        try await server.withClient { client in
            let arrived = try Self.arrival(try await Self.follow(client, "/v1/follow?feed=expired&to=gone", token: token, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(arrived["refused"]?.stringValue?.hasPrefix("expired:") == true, "\(arrived)")
            try await Self.expectRefused(client, token: token, reason: "expired")
        }
    }

    static func expectRefused(_ client: some TestClientProtocol, token: String, reason: String) async throws {
        let points = try await client.get("/v1/points", token: token).json()
        #expect(points["balance"]?.doubleValue == 0)
        #expect(points["refused"]?.arrayValue?.map { $0["reason"]?.stringValue } == [reason], "\(points)")
        #expect(points["refused"]?.arrayValue?.first?["detail"]?.stringValue?.isEmpty == false)
    }

    @Test func aBadParameterIsRefusedBeforeAnyFixIsRead() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let response = try await client.send(
                "/v1/follow?to=rec-waterlooplein&feed=example&tolerance=80m", method: .post, token: token, body: "", type: "application/x-ndjson")
            #expect(response.status == .badRequest)
            #expect(try response.json()["parameter"]?.stringValue == "tolerance")
            let unknown = try await client.send(
                "/v1/follow?to=rec-nowhere&feed=example", method: .post, token: token, body: "", type: "application/x-ndjson")
            #expect(unknown.status == .notFound, "\(unknown.text)")
        }
    }

    @Test func aWebSocketFollowsTheSameWalk() async throws {
        let server = try TestServer { $0.clock = Walks.clock(start: Self.t0) }
        let token = try server.token(for: "ana")
        let walk = Walks.along(try await Self.route(server), speed: 1.3, start: Self.t0)
        let lines = Walks.ndjson(walk).split(separator: "\n").map(String.init)
        try await server.application.test(.live) { client in
            let received = ReceivedEvents()
            var configuration = WebSocketClientConfiguration()
            configuration.additionalHeaders[.authorization] = "Bearer \(token)"
            try await client.ws(Self.toWaterlooplein, configuration: configuration) { inbound, outbound, _ in
                // One fix per message; the events come back as they happen.
                for line in lines { try await outbound.write(.text(line)) }
                for try await message in inbound.messages(maxSize: 1 << 20) {
                    guard case .text(let text) = message else { continue }
                    received.add(try JSONValue.parse(Data(text.utf8)))
                }
            }
            let events = received.all
            #expect(events.first?["event"]?.stringValue == "route")
            let arrived = try #require(events.first { $0["event"]?.stringValue == "arrived" })
            #expect(arrived["points_awarded"]?.doubleValue == 40, "\(events)")
            #expect(events.last?["event"]?.stringValue == "end")
        }
    }
}
