import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlaceCore
import PlaceStore
import PlaceStorePostgres
import PlacesKit
import PlacesServer
import Testing

/// `places serve --database`: the imported places a search reads offline (and the Photon
/// endpoints look up) are the database's, not the instance's own store file. Skipped, visibly,
/// without a server: set PLACES_TEST_DATABASE_URL (`eval "$(Scripts/test-postgres.sh start)"`).
@Suite(
    .enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct PostgresImportedSearchTests {
    @Test func offlineAnswersComeFromTheDatabaseAndSeeItsNextImport() async throws {
        let location = try ServerDatabase.fresh()
        let store = try await ServerDatabase.open(location)
        let server = try TestServer(shared: store)
        let ana = try #require(try await store.addAccount(named: "ana", at: Date()))
        let (token, record) = APIToken.issue(for: ana.id, at: Date())
        try await store.addToken(record)
        let file = server.folder.appendingPathComponent("dam.osm")
        try Data(Extract.dam.utf8).write(to: file)
        let batches = try PlacesService.readImports(osm: [file.path], nameLists: [], options: NameListOptions())
        try await server.withClient { client in
            // Nothing imported into the database yet: the offline answer says so, naming it.
            let before = try await client.get("/v1/coffee?near=52.3731,4.8926&offline=true", token: token)
            #expect(before.status == .notFound, "\(before.text)")
            #expect(before.text.contains(location.redacted), "\(before.text)")
            // Imported into the database (as another instance's `places import --database` would):
            // the next request sees it.
            for batch in batches { _ = try await store.replaceImport(batch.source, with: batch.places) }
            let coffee = try await client.get("/v1/coffee?near=52.3731,4.8926&offline=true", token: token)
            #expect(coffee.status == .ok, "\(coffee.text)")
            let results = try coffee.json()["results"]?.arrayValue ?? []
            #expect(results.map { $0["name"]?.stringValue } == ["Koffiebar Damrak"], "\(coffee.text)")
            #expect(results.first?["id"]?.stringValue == "osm:node/2")
            let details = try await client.get("/v1/places/osm:node/2?offline=true", token: token)
            #expect(details.status == .ok, "\(details.text)")
            #expect(try details.json()["name"]?.stringValue == "Koffiebar Damrak", "\(details.text)")
            let reverse = try await client.get("/reverse?lat=52.3740&lon=4.8935&radius=0.05&limit=3", token: token)
            #expect(reverse.status == .ok, "\(reverse.text)")
            let names = try reverse.json()["features"]?.arrayValue?.compactMap { $0["properties"]?["name"]?.stringValue } ?? []
            #expect(names.contains("Koffiebar Damrak"), "\(reverse.text)")
        }
        // The instance's own store file holds none of it.
        #expect(try server.store.imports().isEmpty)
        await store.shutdown()
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }
}
