import Foundation
import GRDB
import PlaceBytes
import PlaceCore
import ProcessTesting
import Testing

/// `places import changes.osc.gz` end to end: applied to the extract it belongs to, refused with
/// one line and exit 65 when broken or of another region, leaving the store as it was.
@Suite(.timeLimit(.minutes(10))) struct ChangeImportCommandTests {
    static let town = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" version="1" lat="52.3700000" lon="4.8900000"/>
         <node id="2" version="1" lat="52.3700000" lon="4.8930000"/>
         <node id="10" version="1" lat="52.3701000" lon="4.8910000"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Eerst"/></node>
         <way id="100" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Eerste Straat"/></way>
        </osm>
        """

    static let newCafe = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osmChange version="0.6" generator="hand">
         <create>
          <node id="13" version="1" timestamp="2026-11-26T10:00:00Z" lat="52.3702000" lon="4.8920000"><tag k="amenity" v="cafe"/><tag k="name" v="Nieuw Koffiehuis"/></node>
         </create>
        </osmChange>
        """

    /// The rows of the store and the bytes of every file beside it.
    static func snapshot(_ store: TemporaryStore) throws -> [String] {
        var lines: [String] = []
        var configuration = Configuration()
        configuration.readonly = true
        try DatabaseQueue(path: store.path, configuration: configuration).read { db in
            for table in ["import_source", "imported_place"] {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1").map { "\(table): \($0)" }
            }
        }
        let files = (FileManager.default.enumerator(atPath: store.folder.path)?.allObjects as? [String] ?? []).sorted()
        for name in files where !name.hasPrefix("places.sqlite") {
            let data = (try? Data(contentsOf: store.folder.appendingPathComponent(name))) ?? Data()
            lines.append("\(name): \(data.count) bytes, \(data.hashValue)")
        }
        return lines
    }

    /// The file as the system's gzip compresses it.
    static func gzipped(_ file: URL) async throws -> Data {
        let compressed = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".gz")
        try await ChildProcess.gzip(file, to: compressed)
        return try Data(contentsOf: compressed)
    }

    static func importTown(_ store: TemporaryStore) async throws {
        let town = store.folder.appendingPathComponent("town.osm")
        try Self.town.write(to: town, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", town.path], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func aCreatedCafeIsACoffeeAnswerAfterTheChange() async throws {
        let store = TemporaryStore()
        try await Self.importTown(store)
        let change = store.folder.appendingPathComponent("new-cafe.osc")
        try Self.newCafe.write(to: change, atomically: true, encoding: .utf8)
        let applied = try await CLI.run(["import", change.path, "--format", "json"], environment: store.environment)
        #expect(applied.status == 0, "\(applied.stderr)")
        let report = try JSONValue.parse(Data(applied.stdout.utf8))["imports"]?.arrayValue?.first
        #expect(report?["change"]?["import"]?.stringValue == "town.osm")
        #expect(report?["change"]?["created"]?.intValue == 1)
        #expect(report?["change"]?["number"]?.intValue == 1)

        let coffee = try await CLI.run(["coffee", "--near", "52.3702,4.8918", "--offline", "--format", "json"], environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let names = try JSONValue.parse(Data(coffee.stdout.utf8))["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("Nieuw Koffiehuis"), "\(names)")
        let complete = try await CLI.run(["complete", "Nieuw Koff"], environment: store.environment)
        #expect(complete.stdout.contains("Nieuw Koffiehuis"), "\(complete.stdout)\(complete.stderr)")
    }

    @Test func aTruncatedChangeIsExit65NamingTheFileAndChangesNothing() async throws {
        let store = TemporaryStore()
        try await Self.importTown(store)
        let plain = store.folder.appendingPathComponent("whole.osc")
        try Self.newCafe.write(to: plain, atomically: true, encoding: .utf8)
        let gzip = try await Self.gzipped(plain)
        let cut = store.folder.appendingPathComponent("cut.osc.gz")
        try gzip.prefix(gzip.count * 2 / 3).write(to: cut)
        let before = try Self.snapshot(store)
        let applied = try await CLI.run(["import", cut.path], environment: store.environment)
        #expect(applied.status == 65)
        #expect(applied.stderrLines.count == 1, "\(applied.stderr)")
        #expect(applied.stderr.contains(cut.path) && applied.stderr.contains("truncated"), "\(applied.stderr)")
        #expect(try Self.snapshot(store) == before)
    }

    @Test func aChangeOfAnotherRegionIsExit65AndChangesNothing() async throws {
        let store = TemporaryStore()
        try await Self.importTown(store)
        let change = store.folder.appendingPathComponent("paris.osc")
        try Self.newCafe.replacingOccurrences(of: "52.3702000", with: "48.8530000").replacingOccurrences(of: "4.8920000", with: "2.3499000")
            .write(to: change, atomically: true, encoding: .utf8)
        let before = try Self.snapshot(store)
        let applied = try await CLI.run(["import", change.path], environment: store.environment)
        #expect(applied.status == 65)
        #expect(
            applied.stderrLines == [
                "places: \(change.path) belongs to no import: its nodes lie around 48.8530,2.3499, outside every imported extract (town.osm); "
                    + "import the extract first"
            ])
        #expect(try Self.snapshot(store) == before)
    }

    /// Diffs applied out of order: the hour before a diff already applied is refused by its time,
    /// and an edit whose version the import already holds by its version. Each is one line naming
    /// the file, exit 65, and the store as it was.
    @Test func anOutOfOrderDiffIsExit65AndChangesNothing() async throws {
        let store = TemporaryStore()
        try await Self.importTown(store)
        let modified = Self.newCafe.replacingOccurrences(of: "<create>", with: "<modify>").replacingOccurrences(of: "</create>", with: "</modify>")
        let later = store.folder.appendingPathComponent("hour-10.osc")
        try Self.newCafe.write(to: later, atomically: true, encoding: .utf8)
        // The hour before: the café of node 10 renamed.
        let earlier = store.folder.appendingPathComponent("hour-9.osc")
        try modified.replacingOccurrences(
            of: "id=\"13\" version=\"1\" timestamp=\"2026-11-26T10:00:00Z\"", with: "id=\"10\" version=\"2\" timestamp=\"2026-11-26T09:00:00Z\""
        ).write(to: earlier, atomically: true, encoding: .utf8)
        // The hour after, but with the version of node 13 already applied.
        let stale = store.folder.appendingPathComponent("hour-11.osc")
        try modified.replacingOccurrences(of: "2026-11-26T10:00:00Z", with: "2026-11-26T11:00:00Z")
            .write(to: stale, atomically: true, encoding: .utf8)
        let applied = try await CLI.run(["import", later.path], environment: store.environment)
        try #require(applied.status == 0, "\(applied.stderr)")
        let before = try Self.snapshot(store)

        let refused = try await CLI.run(["import", earlier.path], environment: store.environment)
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(
            refused.stderrLines == [
                "places: \(earlier.path): its newest edit (2026-11-26T09:00:00Z) is older than what town.osm already holds "
                    + "(2026-11-26T10:00:00Z): apply the diffs in order"
            ])
        #expect(try Self.snapshot(store) == before)

        let again = try await CLI.run(["import", stale.path], environment: store.environment)
        #expect(again.status == 65, "\(again.stderr)")
        #expect(again.stderrLines.count == 1, "\(again.stderr)")
        #expect(again.stderr.hasPrefix("places: \(stale.path): node 13 version 1 is not newer than version 1"), "\(again.stderr)")
        #expect(try Self.snapshot(store) == before)
    }

    @Test func aChangeWithOtherFilesIsABadUsage() async throws {
        let store = TemporaryStore()
        try await Self.importTown(store)
        let change = store.folder.appendingPathComponent("new-cafe.osc")
        try Self.newCafe.write(to: change, atomically: true, encoding: .utf8)
        let applied = try await CLI.run(
            ["import", change.path, store.folder.appendingPathComponent("town.osm").path], environment: store.environment)
        #expect(applied.status == 64)
        #expect(applied.stderr.contains("apply it on its own"), "\(applied.stderr)")
    }

    /// A diff given with --database goes to places-server, which reads it before it contacts the
    /// database: a truncated one is said as such (exit 65), a sound one then finds no database on a
    /// port without a server (exit 69). The embedded store is not touched either way.
    @Test func aChangeForTheSharedDatabaseIsReadBeforeTheDatabaseIsContacted() async throws {
        let store = TemporaryStore()
        let change = store.folder.appendingPathComponent("new-cafe.osc")
        try Self.newCafe.write(to: change, atomically: true, encoding: .utf8)
        let truncated = store.folder.appendingPathComponent("truncated.osc")
        try Data(Self.newCafe.utf8.prefix(120)).write(to: truncated)
        let database = "postgres://places@127.0.0.1:1/places"

        let bad = try await CLI.run(["import", truncated.path, "--database", database], environment: store.environment)
        #expect(bad.status == 65, "\(bad.stderr)")
        #expect(bad.stderrLines.count == 1, "\(bad.stderr)")
        #expect(bad.stderr.hasPrefix("places: \(truncated.path): "), "\(bad.stderr)")
        #expect(bad.stderr.contains("truncated"), "\(bad.stderr)")

        let unreachable = try await CLI.run(["import", change.path, "--database", database], environment: store.environment)
        #expect(unreachable.status == 69, "\(unreachable.stderr)")
        #expect(unreachable.stderrLines.count == 1, "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("the database postgres://places@127.0.0.1:1/places cannot be reached"), "\(unreachable.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store.path), "nothing was written")
    }
}
