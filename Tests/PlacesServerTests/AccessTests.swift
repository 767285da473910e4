import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlaceStore
import PlacesKit
import PlacesServer
import Testing

/// Who may ask what: tokens, revoked tokens, someone else's favourite, search opened by a setting,
/// and per-token rate limits.
@Suite(.timeLimit(.minutes(10))) struct AccessTests {
    @Test func withoutATokenEveryAPIEndpointIs401() async throws {
        let server = try TestServer()
        try await server.withClient { client in
            for uri in ["/v1/coffee?near=52.37,4.89", "/v1/complete?text=Dam", "/v1/favorites", "/v1/points", "/api?q=Dam"] {
                let response = try await client.get(uri)
                #expect(response.status == .unauthorized, "\(uri)")
                #expect(response.headers[.wwwAuthenticate] == "Bearer realm=\"places\"")
                #expect(try response.json()["type"]?.stringValue == "urn:places:problem:unauthorized")
            }
            // Operators' endpoints need none.
            #expect(try await client.get("/health").status == .ok)
            #expect(try await client.get("/openapi.json").status == .ok)
        }
    }

    @Test func anUnknownOrRevokedTokenIs401AtOnce() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            #expect(try await client.get("/v1/points", token: token).status == .ok)
            #expect(try await client.get("/v1/points", token: token + "x").status == .unauthorized)
            var basic: HTTPFields = [:]
            basic[.authorization] = "Basic YW5hOnNlY3JldA=="
            #expect(try await client.execute(uri: "/v1/points", method: .get, headers: basic).status == .unauthorized)
            let ana = try #require(try server.store.account(named: "ana"))
            #expect(try server.store.revokeTokens(of: ana.id, hint: nil, at: Date()) == 1)
            let refused = try await client.get("/v1/points", token: token)
            #expect(refused.status == .unauthorized)
            #expect(try refused.json()["detail"]?.stringValue?.contains("revoked") == true)
        }
    }

    @Test func theStoreKeepsOnlyAHashOfEachToken() throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        let ana = try #require(try server.store.account(named: "ana"))
        let record = try #require(try server.store.tokens(of: ana.id).first)
        #expect(record.hash == APIToken.hash(token))
        #expect(record.hash != token && !record.hash.contains(token.dropFirst(APIToken.hintLength)))
        #expect(token.hasPrefix(record.hint))
        let file = try Data(contentsOf: URL(fileURLWithPath: server.store.path))
        #expect(file.range(of: Data(token.utf8)) == nil, "the token itself is in the store file")
    }

    @Test func searchCanBeOpenedWithoutATokenButPersonalEndpointsCannot() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.withClient { client in
            let coffee = try await client.get("/v1/coffee?near=52.37,4.89&top=2")
            #expect(coffee.status == .ok, "\(coffee.text)")
            #expect(try await client.get("/v1/favorites").status == .unauthorized)
            #expect(try await client.send("/v1/follow?to=52.3676,4.9041", method: .post, body: "").status == .unauthorized)
        }
    }

    @Test func anotherAccountsFavouriteIsNotFoundNeverForbidden() async throws {
        let server = try TestServer()
        let ana = try server.token(for: "ana")
        let bo = try server.token(for: "bo")
        let anaID = try #require(try server.store.account(named: "ana")).id
        // Kept directly in the store: this test is about who sees what, not about the provider.
        let place = Place(id: PlaceID(provider: "osm", nativeID: "node/2"), name: "Koffiebar Damrak", coordinate: Coordinate(52.3740, 4.8935))
        _ = try server.store.addFavorite(Favorite(place: place, note: "ana's", addedAt: Date()), owner: anaID)
        try await server.withClient { client in
            #expect(try await client.get("/v1/favorites/osm:node/2", token: ana).status == .ok)
            #expect(try await client.get("/v1/favorites/osm%3Anode%2F2", token: ana).status == .ok)
            let bosList = try await client.get("/v1/favorites", token: bo).json()
            #expect(bosList["favorites"]?.arrayValue?.isEmpty == true)
            let peek = try await client.get("/v1/favorites/osm:node/2", token: bo)
            #expect(peek.status == .notFound)
            let remove = try await client.execute(uri: "/v1/favorites/osm:node/2", method: .delete, headers: [.authorization: "Bearer \(bo)"])
            #expect(remove.status == .notFound)
            // Still ana's, and the same answer for an id nobody keeps.
            #expect(try await client.get("/v1/favorites", token: ana).json()["favorites"]?.arrayValue?.count == 1)
            #expect(try await client.get("/v1/favorites/osm:node/999", token: bo).status == .notFound)
            let removed = try await client.execute(uri: "/v1/favorites/osm:node/2", method: .delete, headers: [.authorization: "Bearer \(ana)"])
            #expect(removed.status == .noContent)
        }
    }

    @Test func aTokenThatUsedItsBurstIsToldWhenToComeBack() async throws {
        // A burst of 2 and one request an hour: the third answer is 429, whatever the machine's speed.
        let server = try TestServer {
            $0.rateBurst = 2
            $0.ratePerSecond = 1.0 / 3600
        }
        let ana = try server.token(for: "ana")
        let bo = try server.token(for: "bo")
        try await server.withClient { client in
            #expect(try await client.get("/v1/points", token: ana).status == .ok)
            #expect(try await client.get("/v1/points", token: ana).status == .ok)
            let limited = try await client.get("/v1/points", token: ana)
            #expect(limited.status == .tooManyRequests)
            let wait = try #require(limited.headers[.retryAfter].flatMap { Int($0) })
            #expect(wait > 3000 && wait <= 3600)
            #expect(try limited.json()["type"]?.stringValue == "urn:places:problem:rate-limited")
            // Another token has its own bucket; the operators' endpoints have none.
            #expect(try await client.get("/v1/points", token: bo).status == .ok)
            for _ in 0..<5 { #expect(try await client.get("/health").status == .ok) }
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains("places_rate_limited_total 1"))
        }
    }
}
