import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// The server's edges use the one lookup: `/v1/complete` with `q` as Photon's `/api` names it,
/// addresses, and a qualifier after a comma, in both.
@Suite(.timeLimit(.minutes(10))) struct LookupEdgeTests {
    @Test func completeTakesQAsWellAsTextAndFindsAddresses() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let token = try server.token(for: "ana")
            let byQ = try await client.get("/v1/complete?q=Damrak%201", token: token)
            #expect(byQ.status == .ok, "\(byQ.text)")
            let first = try #require(try byQ.json()["suggestions"]?.arrayValue?.first)
            #expect(first["name"]?.stringValue == "Damrak 1")
            #expect(first["kind"]?.stringValue == "address")
            #expect(first["locality"]?.stringValue == "Amsterdam")
            let byText = try await client.get("/v1/complete?text=1%20Damrak", token: token)
            #expect(try byText.json()["suggestions"]?.arrayValue?.first?["name"]?.stringValue == "Damrak 1")
            let both = try await client.get("/v1/complete?text=Dam&q=Dam", token: token)
            #expect(both.status == .badRequest, "\(both.text)")
            let photon = try await client.get("/api?q=Damrak%201")
            let properties = try #require(try photon.json()["features"]?.arrayValue?.first?["properties"])
            #expect(properties["housenumber"]?.stringValue == "1")
            #expect(properties["street"]?.stringValue == "Damrak")
        }
    }

    @Test func aQualifierThatNamesNothingIsSaidInTheDocument() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let token = try server.token(for: "ana")
            let response = try await client.get("/v1/complete?q=Damrak,%20Atlantis", token: token)
            #expect(response.status == .ok, "\(response.text)")
            let document = try response.json()
            #expect(document["unknown_qualifier"]?.stringValue == "Atlantis")
            #expect(document["suggestions"]?.arrayValue?.first?["name"]?.stringValue == "Damrak")
        }
    }
}

/// The feed the config sets (`[feed] file = …`) is the default wherever a recommendation is named,
/// as for `/v1/recommendations`: a route to `rec-…` needs no `feed`.
@Suite(.timeLimit(.minutes(10))) struct ConfiguredFeedTests {
    @Test func aRouteToARecommendationOfTheConfiguredFeedNeedsNoFeedNamed() async throws {
        let feed = TestServer.repository.appendingPathComponent("examples/feed.json").path
        let server = try TestServer(config: "[feed]\nfile = \"\(feed)\"\n")
        try await server.withClient { client in
            let token = try server.token(for: "ana")
            let route = try await client.get("/v1/route?from=52.3731,4.8926&to=rec-waterlooplein", token: token)
            #expect(route.status == .ok, "\(route.text)")
            let to = try route.json()["route"]?["to"]?.arrayValue?.compactMap(\.doubleValue)
            #expect(to.map { abs($0[1] - 52.3676) < 0.001 } == true, "\(route.text)")
            let offline = try await client.get("/v1/route?from=52.3731,4.8926&to=52.3727,4.9006&offline=1", token: token)
            #expect(offline.status != .badRequest, "offline is a parameter of /v1/route: \(offline.text)")
        }
    }
}
