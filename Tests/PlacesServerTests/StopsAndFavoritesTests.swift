import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaceBytes
import PlacesKit
import PlacesServer
import Tracking
import Testing

/// `POST /v1/stops` with a trace in any format the CLI reads, and favourites kept through a provider.
@Suite(.timeLimit(.minutes(10))) struct StopsAndFavoritesTests {
    static let dayGPX = TestServer.repository.appendingPathComponent("examples/day.gpx")

    @Test func stopsOfAGPXTraceAreTheCLIsStops() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        let gpx = try String(contentsOf: Self.dayGPX, encoding: .utf8)
        var source = try TraceReader.open(path: Self.dayGPX.path)
        let direct = try server.service.stops(StopsQuery(), source: &source, name: "the request body", keeping: .everything)
        try await server.withClient { client in
            let response = try await client.send("/v1/stops", method: .post, token: token, body: gpx, type: "application/gpx+xml")
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json() == StopsDocument.document(direct))
            #expect(direct.stopCount > 0)
        }
    }

    @Test func stopsReadNDJSONToo() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        // Ten minutes at one spot, then ten minutes at another 500 m away, a fix a minute.
        let lines = (0..<25).map { minute in
            let (lat, lon) = minute < 12 ? (52.3731, 4.8926) : (52.3676, 4.9041)
            let time = ISO8601Text.format(Date(timeIntervalSince1970: 1_795_255_200 + Double(minute * 60)))
            return #"{"lat":\#(lat),"lon":\#(lon),"time":"\#(time)","accuracy":5}"#
        }
        try await server.withClient { client in
            let response = try await client.send(
                "/v1/stops?min-duration=5m", method: .post, token: token, body: lines.joined(separator: "\n"), type: "application/x-ndjson")
            #expect(response.status == .ok, "\(response.text)")
            #expect(try response.json()["summary"]?["stops"]?.doubleValue == 2)
        }
    }

    @Test func aBodyThatIsNoTraceIs422AndATooLargeOneIs413() async throws {
        let server = try TestServer { $0.maximumBodyBytes = 1024 }
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let garbage = try await client.send("/v1/stops", method: .post, token: token, body: "hello, world", type: "text/plain")
            #expect(garbage.status == .unprocessableContent, "\(garbage.text)")
            #expect(try garbage.json()["type"]?.stringValue == "urn:places:problem:bad-trace")
            let large = String(repeating: #"{"lat":52.37,"lon":4.89,"time":"2026-11-21T10:00:00Z"}"# + "\n", count: 100)
            let refused = try await client.send("/v1/stops", method: .post, token: token, body: large, type: "application/x-ndjson")
            #expect(refused.status == .contentTooLarge)
            #expect(try refused.json()["detail"]?.stringValue?.contains("1 KiB") == true)
            let badValue = try await client.send("/v1/stops?radius=0m", method: .post, token: token, body: "", type: "text/plain")
            #expect(try badValue.json()["parameter"]?.stringValue == "radius")
        }
    }

    @Test func aFavouriteIsKeptRefreshedListedAndRemovedPerAccount() async throws {
        let server = try TestServer()
        let ana = try server.token(for: "ana")
        let bo = try server.token(for: "bo")
        try await server.withClient { client in
            // The meter nearest to Dam, as the bundled recordings know it.
            let parking = try await client.get("/v1/parking?near=52.3731,4.8926&provider=parkshark&top=1", token: ana).json()
            let id = try #require(parking["results"]?.arrayValue?.first?["id"]?.stringValue)
            let added = try await client.send("/v1/favorites", method: .post, token: ana, body: #"{"id": "\#(id)", "note": "cheap on Sundays"}"#)
            #expect(added.status == .created, "\(added.text)")
            #expect(try added.json()["change"]?.stringValue == "added")
            #expect(try added.json()["favorite"]?["note"]?.stringValue == "cheap on Sundays")
            let again = try await client.send("/v1/favorites", method: .post, token: ana, body: #"{"id": "\#(id)"}"#)
            #expect(again.status == .ok)
            #expect(try again.json()["change"]?.stringValue == "updated")
            #expect(try again.json()["favorite"]?["note"]?.stringValue == "cheap on Sundays")
            let list = try await client.get("/v1/favorites", token: ana).json()
            #expect(list["favorites"]?.arrayValue?.map { $0["id"]?.stringValue } == [id])
            let one = try await client.get("/v1/favorites/\(id)", token: ana).json()
            #expect(one["note"]?.stringValue == "cheap on Sundays")
            #expect(try await client.get("/v1/favorites", token: bo).json()["favorites"]?.arrayValue?.isEmpty == true)
            let removed = try await client.execute(uri: "/v1/favorites/\(id)", method: .delete, headers: [.authorization: "Bearer \(ana)"])
            #expect(removed.status == .noContent)
            let gone = try await client.execute(uri: "/v1/favorites/\(id)", method: .delete, headers: [.authorization: "Bearer \(ana)"])
            #expect(gone.status == .notFound)
        }
        // The CLI's own favourites are the local account's, and stayed apart.
        #expect(try await server.service.favorites().isEmpty)
    }
}
