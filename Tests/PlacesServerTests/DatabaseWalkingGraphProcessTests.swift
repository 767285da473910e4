import Foundation
import PlaceBytes
import PlaceCore
import PlaceStorePostgres
import ProcessTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The walking graph of `places import FILE --database`, through the built binaries: kept in the
/// database with the places, copied beside an instance's empty store by `places serve index
/// build --database` while the instance runs, routed over as the embedded setup routes, and gone
/// with `places import remove --database`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DatabaseWalkingGraphProcessTests {
    /// Three footways in a zigzag north of the Dam (names no other fixture has): a walk from one end
    /// to the other goes round both corners, so its length is the streets', not the straight line's.
    static let zigzag = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="52.3800" lon="4.8900"/>
          <node id="2" lat="52.3800" lon="4.8930"/>
          <node id="3" lat="52.3820" lon="4.8930"/>
          <node id="4" lat="52.3820" lon="4.8960"/>
          <node id="5" lat="52.3801" lon="4.8915"><tag k="name" v="Zigzag Koffiehuis"/><tag k="amenity" v="cafe"/></node>
          <way id="11"><nd ref="1"/><nd ref="2"/><tag k="name" v="Zuiderzigpad"/><tag k="highway" v="footway"/></way>
          <way id="12"><nd ref="2"/><nd ref="3"/><tag k="name" v="Zagpad"/><tag k="highway" v="footway"/></way>
          <way id="13"><nd ref="3"/><nd ref="4"/><tag k="name" v="Noorderzigpad"/><tag k="highway" v="footway"/></way>
        </osm>
        """
    static let (from, to) = ("52.38,4.8901", "52.382,4.8959")

    @Test(.enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"))
    func anInstanceOnTheDatabaseRoutesOverTheImportedStreetsAsTheEmbeddedSetupDoes() async throws {
        let scratch = try Scratch()
        let location = try ServerDatabase.fresh()
        let url = DatabaseImportProcessTests.url(location)
        let file = scratch.folder.appendingPathComponent("zigzag.osm")
        try Data(Self.zigzag.utf8).write(to: file)

        // The embedded setup, in a store of its own: the length to match.
        let embedded = try Scratch()
        let local = try await ServerProcessTests.run("places", ["import", file.path], embedded)
        #expect(local.status == 0, "\(local.stderr)")
        let walked = try await ServerProcessTests.run(
            "places", ["route", "--from", Self.from, "--to", Self.to, "--provider", "local", "--format", "json"], embedded)
        #expect(walked.status == 0, "\(walked.stderr)")
        let expected = try #require(JSONValue.parse(Data(walked.stdout.utf8))["route"]?["distance_m"]?.doubleValue, "\(walked.stdout)")
        #expect(expected > 600, "round both corners: \(walked.stdout)")

        let imported = try await ServerProcessTests.run("places", ["import", file.path, "--database", url], scratch)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("walking graph: 4 junctions"), "\(imported.stdout)")
        #expect(imported.stdout.contains("Name index and walking graphs: each instance builds its own"), "\(imported.stdout)")
        #expect(!imported.stdout.contains("not kept"), "\(imported.stdout)")
        let store = try await ServerDatabase.open(location)
        #expect(try await store.walkingGraphs().map(\.label) == ["zigzag.osm"])
        await store.shutdown()

        // An instance on the database with an empty store of its own: no graph until it copies one.
        let (process, stderr, port) = try await ServerProcessTests.start(["--listen", "127.0.0.1:0", "--open-search", "--database", url], scratch)
        // Stopped, not waited for: a wait here would hold a cooperative thread, and a server
        // that does not stop on SIGTERM is ServerProcessTests' to find.
        defer { if process.isRunning { process.terminate() } }
        let route = "/v1/route?from=\(Self.from)&to=\(Self.to)&provider=local"
        // Said before it listens: the graph is in the database, not here.
        #expect(stderr.all.contains { $0.contains("walking graphs of zigzag.osm are not copied here yet") }, "\(stderr.all)")
        let before = try await Self.get(route, port: port)
        #expect(!before.hasPrefix("HTTP/1.1 200"), "\(before)")

        // Copied while it runs: the next walk is routed over the imported streets, as long as the embedded one.
        let built = try await ServerProcessTests.run("places", ["serve", "index", "build", "--database", url], scratch)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("walking graphs "), "\(built.stderr)")
        #expect(built.stderr.contains("1 copied from \(location.redacted)"), "\(built.stderr)")
        let folder = scratch.folder.appendingPathComponent("places.walks")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".walk") }
        #expect(files.count == 1, "\(files)")
        let after = try await Self.get(route, port: port)
        #expect(after.hasPrefix("HTTP/1.1 200"), "\(after)")
        #expect(after.contains("\"provider\":\"local\""), "\(after)")
        #expect(Self.distance(after) == expected, "\(after)")
        #expect(after.contains("Zagpad"), "\(after)")

        // Built again with nothing new: nothing fetched.
        let again = try await ServerProcessTests.run("places", ["serve", "index", "build", "--database", url], scratch)
        #expect(again.stderr.contains("1 up to date"), "\(again.stderr)")

        // Removed from the database, then from the instance by its next build: walks are no longer routed over it.
        let removed = try await ServerProcessTests.run("places", ["import", "remove", "zigzag.osm", "--database", url], scratch)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.contains("Name index and walking graphs"), "\(removed.stdout)")
        let database = try await ServerDatabase.open(location)
        #expect(try await database.walkingGraphs().isEmpty)
        await database.shutdown()
        let rebuilt = try await ServerProcessTests.run("places", ["serve", "index", "build", "--database", url], scratch)
        #expect(rebuilt.status == 0, "\(rebuilt.stderr)")
        #expect(rebuilt.stderr.contains("1 removed"), "\(rebuilt.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".walk") }.isEmpty)
        let gone = try await Self.get(route, port: port)
        #expect(!gone.hasPrefix("HTTP/1.1 200"), "\(gone)")
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }

    /// The whole answer to GET `path`.
    static func get(_ path: String, port: Int) async throws -> String {
        try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            return connection.readToEnd().text
        }
    }

    /// The route's length in an answer.
    static func distance(_ answer: String) -> Double? {
        answer.firstMatch(of: /"distance_m":([0-9.]+)/).flatMap { Double($0.1) }
    }
}
