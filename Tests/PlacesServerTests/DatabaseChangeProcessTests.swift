import Foundation
import PlaceBytes
import PlaceCore
import PlaceStorePostgres
import Testing

/// `places import CHANGE.osc --database postgres://…` through the built binaries: the change is
/// applied to the database's import it belongs to, kept there with it, refused when applied twice,
/// and dropped when the extract is imported again or removed.
@Suite(.serialized, .timeLimit(.minutes(10))) struct DatabaseChangeProcessTests {
    /// Three corners joined by two streets, and three cafés.
    static let town = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
         <node id="1" version="1" lat="52.3600000" lon="4.8800000"/>
         <node id="2" version="1" lat="52.3600000" lon="4.8830000"/>
         <node id="3" version="1" lat="52.3620000" lon="4.8830000"/>
         <node id="10" version="1" lat="52.3601000" lon="4.8810000"><tag k="amenity" v="cafe"/><tag k="name" v="Blijft Staan"/></node>
         <node id="11" version="1" lat="52.3619000" lon="4.8820000"><tag k="amenity" v="cafe"/><tag k="name" v="Oude Naam"/></node>
         <node id="12" version="1" lat="52.3610000" lon="4.8831000"><tag k="amenity" v="cafe"/><tag k="name" v="Gaat Weg"/></node>
         <way id="100" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Eerste Steeg"/></way>
         <way id="101" version="1"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Tweede Steeg"/></way>
        </osm>
        """

    /// A new café, café 11 renamed, café 12 gone.
    static let first = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osmChange version="0.6" generator="places tests">
         <create>
          <node id="13" version="1" timestamp="2026-11-26T10:00:00Z" lat="52.3605000" lon="4.8805000"><tag k="amenity" v="cafe"/><tag k="name" v="Net Geopend"/></node>
         </create>
         <modify>
          <node id="11" version="2" timestamp="2026-11-26T10:00:00Z" lat="52.3619000" lon="4.8820000"><tag k="amenity" v="cafe"/><tag k="name" v="Nieuwe Naam"/></node>
         </modify>
         <delete><node id="12" version="2" timestamp="2026-11-26T10:00:00Z"/></delete>
        </osmChange>
        """

    /// After ``first``: a street gone. No node positions: its import is found by the places it names.
    static let second = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osmChange version="0.6" generator="places tests">
         <delete><way id="101" version="2" timestamp="2026-11-27T10:00:00Z"/></delete>
        </osmChange>
        """

    static func names(_ store: PostgresStore) async throws -> Set<String> {
        let box = BoundingBox(south: 52.35, west: 4.87, north: 52.37, east: 4.89)
        return Set(try await store.importedPlaces(in: box, categories: []).map(\.record.name))
    }

    @Test(.enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"))
    func aChangeIsAppliedKeptRefusedTwiceAndDroppedWithItsImport() async throws {
        let scratch = try Scratch()
        let location = try ServerDatabase.fresh()
        let url = DatabaseImportProcessTests.url(location)
        func write(_ text: String, _ name: String) throws -> URL {
            let file = scratch.folder.appendingPathComponent(name)
            try Data(text.utf8).write(to: file)
            return file
        }
        let town = try write(Self.town, "town.osm")
        let first = try write(Self.first, "first.osc")
        let second = try write(Self.second, "second.osc")
        let imported = try await ServerProcessTests.run("places", ["import", town.path, "--database", url], scratch)
        #expect(imported.status == 0, "\(imported.stderr)")

        let applied = try await ServerProcessTests.run("places", ["import", first.path, "--database", url], scratch)
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(
            applied.stdout.hasPrefix("Applied \(first.path) to town.osm (1 created, 1 modified, 1 deleted; its change 1)"), "\(applied.stdout)")
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("places.sqlite").path))
        let store = try await ServerDatabase.open(location)
        #expect(try await Self.names(store) == ["Blijft Staan", "Nieuwe Naam", "Net Geopend", "Eerste Steeg", "Tweede Steeg"])
        let kept = try #require(try await store.keptChanges(of: town.path))
        #expect(kept.files == ["000001.osc": Data(Self.first.utf8)])

        // A change laid over what is no longer kept (another applied meanwhile) is refused, and the
        // transaction leaves the database as it was.
        let stale = KeptChange(name: "000002.osc", bytes: Data(Self.second.utf8), manifest: Data("{}".utf8), replacing: Data("{}".utf8))
        let refused = await #expect(throws: StoreError.self) {
            try await store.replaceImport(
                ImportSource(key: town.path, label: "town.osm", format: "osm-xml"), with: [], walkingGraph: nil, keeping: stale)
        }
        #expect(refused?.kind == .changedMeanwhile)
        let conflict = "changed meanwhile: another change was applied to \(town.path) while this one was read; apply this one again"
        #expect(refused?.message.hasSuffix(conflict) == true, "\(String(describing: refused))")
        #expect(try await store.keptChanges(of: town.path) == kept)
        #expect(try await Self.names(store) == ["Blijft Staan", "Nieuwe Naam", "Net Geopend", "Eerste Steeg", "Tweede Steeg"])

        // Again: refused with the database as it was.
        let twice = try await ServerProcessTests.run("places", ["import", first.path, "--database", url], scratch)
        #expect(twice.status == 65, "\(twice.stderr)")
        #expect(twice.stderr == "places: \(first.path) is already applied to town.osm (as its change 1): nothing to do\n", "\(twice.stderr)")
        #expect(try await store.keptChanges(of: town.path) == kept)

        // The second, found by the street it deletes; the first stays applied under it.
        let next = try await ServerProcessTests.run(
            "places", ["import", second.path, "--format", "json"], scratch, adding: ["PLACES_DATABASE_URL": url])
        #expect(next.status == 0, "\(next.stderr)")
        let document = try JSONValue.parse(Data(next.stdout.utf8))
        #expect(document["imports"]?.arrayValue?.first?["change"]?["number"]?.intValue == 2, "\(next.stdout)")
        #expect(try await Self.names(store) == ["Blijft Staan", "Nieuwe Naam", "Net Geopend", "Eerste Steeg"])
        #expect(try await store.keptChanges(of: town.path)?.files.keys.sorted() == ["000001.osc", "000002.osc"])

        // The extract imported again starts afresh: its places as in the file, no change kept.
        let again = try await ServerProcessTests.run("places", ["import", town.path, "--database", url], scratch)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try await Self.names(store) == ["Blijft Staan", "Oude Naam", "Gaat Weg", "Eerste Steeg", "Tweede Steeg"])
        #expect(try await store.keptChanges(of: town.path) == nil)

        // Removed, its changes go with it.
        let reapplied = try await ServerProcessTests.run("places", ["import", first.path, "--database", url], scratch)
        #expect(reapplied.status == 0, "\(reapplied.stderr)")
        #expect(try await store.keptChanges(of: town.path) != nil)
        let removed = try await ServerProcessTests.run("places", ["import", "remove", "town.osm", "--database", url], scratch)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try await store.keptChanges(of: town.path) == nil)
        await store.shutdown()
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }

    @Test(.enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"))
    func aChangeOfNoImportOfTheDatabaseIsRefusedAndChangesNothing() async throws {
        let scratch = try Scratch()
        let location = try ServerDatabase.fresh()
        let url = DatabaseImportProcessTests.url(location)
        let first = scratch.folder.appendingPathComponent("first.osc")
        try Data(Self.first.utf8).write(to: first)
        let refused = try await ServerProcessTests.run("places", ["import", first.path, "--database", url], scratch)
        #expect(refused.status == 66, "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("\(first.path) belongs to no import: no OpenStreetMap extract is imported into \(location.redacted)"),
            "\(refused.stderr)")
        let store = try await ServerDatabase.open(location)
        #expect(try await store.imports().isEmpty)
        await store.shutdown()
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }
}
