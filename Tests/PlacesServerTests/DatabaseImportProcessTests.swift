import Foundation
import PlaceBytes
import PlaceCore
import PlaceStorePostgres
import ProcessTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `places import FILE --database postgres://…` through the built binaries: `places` hands the
/// command to `places-server`, which writes the places into the shared database; an index built
/// from there completes a name of the file through a server on that database.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DatabaseImportProcessTests {
    /// A café, a bakery and a street along the Zeedijk: names no other fixture has.
    static let zeedijk = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="71" lat="52.3747" lon="4.9006">
            <tag k="name" v="Zeedijk Koffiebranderij"/><tag k="amenity" v="cafe"/><tag k="addr:street" v="Zeedijk"/>
            <tag k="addr:housenumber" v="12"/>
          </node>
          <node id="72" lat="52.3741" lon="4.9012"><tag k="name" v="Zwarte Kater Bakkerij"/><tag k="shop" v="bakery"/></node>
          <node id="73" lat="52.3752" lon="4.9001"/>
          <node id="74" lat="52.3736" lon="4.9018"/>
          <way id="81"><nd ref="73"/><nd ref="74"/><tag k="name" v="Zeedijk"/><tag k="highway" v="pedestrian"/></way>
        </osm>
        """

    /// The test database's URL with a schema of its own, as a user gives it to `--database`.
    static func url(_ location: PostgresLocation) -> String {
        let password = location.password.map { ":" + ($0.addingPercentEncoding(withAllowedCharacters: .urlPasswordAllowed) ?? $0) } ?? ""
        return "postgres://\(location.username)\(password)@\(location.host):\(location.port)/\(location.database)"
            + (location.schema.map { "?schema=\($0)" } ?? "")
    }

    @Test func aMalformedDatabaseURLIsSaidBeforeTheFilesAreRead() async throws {
        let scratch = try Scratch()
        let file = scratch.folder.appendingPathComponent("zeedijk.osm")
        try Data(Self.zeedijk.utf8).write(to: file)
        let malformed = try await ServerProcessTests.run("places", ["import", file.path, "--database", "mysql://places@db/places"], scratch)
        #expect(malformed.status == 78, "\(malformed.stderr)")
        #expect(malformed.stderr.contains("is not a PostgreSQL URL"), "\(malformed.stderr)")
        #expect(malformed.stdout.isEmpty)
        // The embedded store was not touched: the import went to places-server, which stopped.
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("places.sqlite").path))
        let missing = try await ServerProcessTests.run(
            "places", ["import", scratch.folder.appendingPathComponent("absent.osm").path, "--database", "postgres://places@127.0.0.1:1/places"],
            scratch)
        #expect(missing.status == 66, "\(missing.stderr)")
        #expect(missing.stderr.hasPrefix("places: "), "\(missing.stderr)")
        #expect(missing.stderr.contains("absent.osm: no such file"), "\(missing.stderr)")
    }

    @Test(.enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"))
    func importedThroughPlacesIsCompletedByAServerOnTheDatabase() async throws {
        let scratch = try Scratch()
        let location = try ServerDatabase.fresh()
        let url = Self.url(location)
        let file = scratch.folder.appendingPathComponent("zeedijk.osm")
        try Data(Self.zeedijk.utf8).write(to: file)

        let imported = try await ServerProcessTests.run("places", ["import", file.path, "--database", url], scratch)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported \(file.path) (OSM XML, 5 elements)"), "\(imported.stdout)")
        #expect(imported.stdout.contains("2 POIs · 1 street"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Name index and walking graphs: each instance builds its own"), "\(imported.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("places.sqlite").path))

        // In the database, found by an area search (PostGIS) and counted under its file.
        let store = try await ServerDatabase.open(location)
        let box = BoundingBox(south: 52.3730, west: 4.8990, north: 52.3760, east: 4.9030)
        let near = try await store.importedPlaces(in: box, categories: [])
        #expect(Set(near.map(\.record.name)).isSuperset(of: ["Zeedijk Koffiebranderij", "Zwarte Kater Bakkerij"]), "\(near.map(\.record.name))")
        #expect(try await store.imports().map(\.source.label) == ["zeedijk.osm"])
        await store.shutdown()

        // Again, as JSON: the same places replaced, nothing doubled, no index to report.
        let again = try await ServerProcessTests.run(
            "places", ["import", file.path, "--format", "json"], scratch, adding: ["PLACES_DATABASE_URL": url])
        #expect(again.status == 0, "\(again.stderr)")
        let document = try JSONValue.parse(Data(again.stdout.utf8))
        #expect(document["imports"]?.arrayValue?.first?["written"]?["poi"]?.intValue == 2, "\(again.stdout)")
        #expect(document["index"] == .null)

        // Listed from the database, as the embedded listing shows a store's.
        let listed = try await ServerProcessTests.run("places", ["import", "list", "--database", url], scratch)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("zeedijk.osm"), "\(listed.stdout)")
        let listedJSON = try await ServerProcessTests.run(
            "places", ["import", "list", "--format", "json"], scratch, adding: ["PLACES_DATABASE_URL": url])
        let sources = try JSONValue.parse(Data(listedJSON.stdout.utf8))["imports"]?.arrayValue ?? []
        #expect(sources.map { $0["path"]?.stringValue } == [file.path], "\(listedJSON.stdout) \(listedJSON.stderr)")
        // The café, the bakery, the street and the café's address (Zeedijk 12).
        #expect(sources.first?["places"]?.intValue == 4, "\(listedJSON.stdout)")

        let built = try await ServerProcessTests.run("places", ["serve", "index", "build", "--database", url], scratch)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("names from \(location.redacted)"), "\(built.stderr)")

        // The server's own store is empty: what it finds, it finds in the database (the index built
        // from there for completion, PostGIS for what is at a position).
        let answers = try await Self.ask(
            ["/v1/complete?text=Zeedijk%20Koff", "/v1/reverse?at=52.37471,4.90062&radius=50", "/v1/coffee?near=52.3747,4.9006&offline=true"],
            database: url, scratch)
        #expect(answers[0].hasPrefix("HTTP/1.1 200"), "\(answers[0])")
        #expect(answers[0].contains("Zeedijk Koffiebranderij"), "\(answers[0])")
        #expect(answers[1].hasPrefix("HTTP/1.1 200"), "\(answers[1])")
        #expect(answers[1].contains("Zeedijk Koffiebranderij"), "\(answers[1])")
        #expect(answers[1].contains("\"imported\""), "\(answers[1])")
        #expect(answers[2].hasPrefix("HTTP/1.1 200"), "\(answers[2])")
        #expect(answers[2].contains("Zeedijk Koffiebranderij"), "\(answers[2])")

        // Removed by its name: the database holds nothing of it, and says so when listed.
        let unknown = try await ServerProcessTests.run("places", ["import", "remove", "amsterdam.osm", "--database", url], scratch)
        #expect(unknown.status == 66, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("no import of 'amsterdam.osm' in \(location.redacted); imported: zeedijk.osm"), "\(unknown.stderr)")
        let removed = try await ServerProcessTests.run("places", ["import", "remove", "zeedijk.osm"], scratch, adding: ["PLACES_DATABASE_URL": url])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("removed zeedijk.osm: 4 places"), "\(removed.stdout)")
        let empty = try await ServerProcessTests.run("places", ["import", "list", "--database", url], scratch)
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(empty.stdout.isEmpty, "\(empty.stdout)")
        #expect(empty.stderr.contains("nothing is imported into \(location.redacted)"), "\(empty.stderr)")
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }

    /// The answers to GET `paths` from a server started on `database` (open search), stopped after.
    static func ask(_ paths: [String], database: String, _ scratch: Scratch) async throws -> [String] {
        let (process, _, port) = try await ServerProcessTests.start(["--listen", "127.0.0.1:0", "--open-search", "--database", database], scratch)
        let answers = try await onThread {
            try paths.map { path in
                let connection = try RawConnection(port: port)
                connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                return connection.readToEnd().text
            }
        }
        kill(process.processIdentifier, SIGTERM)
        await ChildProcess.exit(of: process)
        return answers
    }
}
