import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlaceStore
import PlacesKit
import PlacesServer
import Testing

/// A store the server may only read: everything that looks answers, every change is a 503 that says
/// the store is read-only (the client can do nothing about it), and nothing is written.
@Suite(.timeLimit(.minutes(10))) struct ReadOnlyStoreTests {
    @Test func readsAnswerAndAChangeIsA503ThatSaysTheStoreIsReadOnly() async throws {
        let writable = try TestServer()
        let token = try writable.token(for: "ana")
        let server = try TestServer(readingOnly: writable)
        try await server.withClient { client in
            let list = try await client.get("/v1/favorites", token: token)
            #expect(list.status == .ok, "\(list.text)")
            let parking = try await client.get("/v1/parking?near=52.3731,4.8926&provider=parkshark&top=1", token: token).json()
            let id = try #require(parking["results"]?.arrayValue?.first?["id"]?.stringValue)
            let added = try await client.send("/v1/favorites", method: .post, token: token, body: #"{"id": "\#(id)"}"#)
            #expect(added.status == .serviceUnavailable, "\(added.text)")
            #expect(added.headers[.contentType] == "application/problem+json")
            let problem = try added.json()
            #expect(problem["type"]?.stringValue == "urn:places:problem:read-only-store")
            #expect(problem["detail"]?.stringValue?.contains("cannot be changed") == true, "\(added.text)")
            #expect(problem["remedy"]?.stringValue?.contains("read-only") == true)
        }
        let ana = try #require(try writable.store.account(named: "ana"))
        #expect(try writable.store.favoriteSummaries(of: ana.id).isEmpty)
    }
}
