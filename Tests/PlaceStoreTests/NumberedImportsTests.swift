import Foundation
import GRDB
import PlaceCore
import Testing

@testable import PlaceStore

/// The rows of an import carry its number, not its path (schema v10): a store written before keeps
/// every row, in its order, under the import it had; imports made afterwards get numbers of their
/// own and keep them when made again.
struct NumberedImportsTests {
    /// A store as places wrote it before v10: two imports, rows interleaved in rowid order.
    static func storeBeforeNumbers(at path: String) throws {
        try StoreFixtures.store(at: path, upTo: "v9: import counts kept")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO import_source (key, label, format, imported_at, count) VALUES
                        ('/data/amsterdam.osm', 'amsterdam.osm', 'osm-xml', 1, 2),
                        ('/data/cities.csv', 'cities.csv', 'names-csv', 2, 1);
                    INSERT INTO imported_place (id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags_json) VALUES
                        ('osm:node/2', '/data/amsterdam.osm', 1, 'Zwarte Kat', 52.37, 4.89, 0.2, NULL, 'amenity=cafe', 1, '{"amenity":"cafe"}'),
                        ('names:cities.csv#2', '/data/cities.csv', 2, 'Amsterdam', 52.37, 4.89, 0.5, NULL, NULL, 1, '{}'),
                        ('osm:node/1', '/data/amsterdam.osm', 1, 'Café de Jaren', 52.37, 4.89, 0.2, NULL, 'amenity=cafe', 1, '{"amenity":"cafe"}');
                    """)
        }
    }

    static func rows(_ path: String) throws -> [[String]] {
        try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(
                db, sql: "SELECT p.id, s.key, typeof(p.source) FROM imported_place p JOIN import_source s ON s.number = p.source ORDER BY p.rowid"
            ).map { [$0[0], $0[1], $0[2]] }
        }
    }

    @Test func aStoreFromBeforeKeepsItsRowsInOrderUnderTheirImports() throws {
        let folder = TemporaryFolder()
        try Self.storeBeforeNumbers(at: folder.storePath)
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(
            try Self.rows(folder.storePath) == [
                ["osm:node/2", "/data/amsterdam.osm", "integer"], ["names:cities.csv#2", "/data/cities.csv", "integer"],
                ["osm:node/1", "/data/amsterdam.osm", "integer"],
            ])
        #expect(try store.imports().map(\.count) == [2, 1])
        #expect(try rawCount(folder.storePath, "PRAGMA user_version") == StoreSchema.version)
        let indexes = try DatabaseQueue(path: folder.storePath).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'imported_place' AND sql IS NOT NULL")
        }
        #expect(Set(indexes) == ["imported_place_source", "imported_place_position"])
        // The foreign key holds: every row's import exists.
        #expect(try DatabaseQueue(path: folder.storePath).read { try Row.fetchAll($0, sql: "PRAGMA foreign_key_check") }.isEmpty)

        // The name list's own rows, by its key, and the rest without them.
        var ofList: [String] = []
        try store.forEachIndexedName(ofImport: "/data/cities.csv") { ofList.append($0.id) }
        #expect(ofList == ["names:cities.csv#2"])
        // Removing one import takes its rows only.
        #expect(try store.removeImport("/data/amsterdam.osm") == 2)
        #expect(try Self.rows(folder.storePath).map { $0[0] } == ["names:cities.csv#2"])
    }

    @Test func anImportMadeAgainKeepsItsNumberAndANewOneTakesTheNext() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(ImportedPlacesTests.amsterdam, with: [ImportedPlacesTests.place("osm:node/1", "A")])
        _ = try store.replaceImport(ImportedPlacesTests.netherlands, with: [ImportedPlacesTests.place("osm:node/3", "C")])
        func numbers() throws -> [String: Int] {
            try DatabaseQueue(path: folder.storePath).read { db in
                try Row.fetchAll(db, sql: "SELECT key, number FROM import_source").reduce(into: [:]) { $0[$1["key"]] = $1["number"] }
            }
        }
        let before = try numbers()
        #expect(Set(before.values) == [1, 2])
        _ = try store.replaceImport(
            ImportedPlacesTests.amsterdam, with: [ImportedPlacesTests.place("osm:node/1", "A"), ImportedPlacesTests.place("osm:node/2", "B")])
        #expect(try numbers() == before)
        #expect(try store.imports().map(\.count).sorted() == [1, 2])
        // While its rows name it, a number is never another import's.
        var afterNetherlands: [String] = []
        _ = try store.forEachIndexedName(afterReplacing: ImportedPlacesTests.netherlands.key, with: []) { afterNetherlands.append($0.id) }
        #expect(afterNetherlands.sorted() == ["osm:node/1", "osm:node/2"])
        var afterNew: [String] = []
        _ = try store.forEachIndexedName(afterReplacing: "/data/new.osm", with: []) { afterNew.append($0.id) }
        #expect(afterNew.sorted() == ["osm:node/1", "osm:node/2", "osm:node/3"], "an import not yet stored leaves every row")
    }
}

/// Opening a store an older places wrote upgrades it, and says so first: once, and only then.
struct StoreUpgradeNoticeTests {
    @Test func anOlderStoreIsSaidToBeUpgradedOnceAndANewOrCurrentOneIsNot() throws {
        let folder = TemporaryFolder()
        try NumberedImportsTests.storeBeforeNumbers(at: folder.storePath)
        var said = 0
        _ = try SQLitePlaceStore.openForReading(at: folder.storePath) { said += 1 }
        #expect(said == 1)
        _ = try SQLitePlaceStore.openForWriting(at: folder.storePath) { said += 1 }
        #expect(said == 1, "a current store is not upgraded")
        let fresh = TemporaryFolder()
        _ = try SQLitePlaceStore.openForWriting(at: fresh.storePath) { said += 1 }
        #expect(said == 1, "a new store is made, not upgraded")
    }
}
