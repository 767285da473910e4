import Foundation
import GRDB
import PlaceCore
@testable import PlaceStore
import Testing

/// Each import keeps its own licence, and a store written before licences were kept gains them
/// without losing a row: OpenStreetMap files get ODbL, name lists "unknown" rather than a guess.
struct ImportLicenceTests {
    static let osm = ImportSource(
        key: "/data/amsterdam.osm", label: "amsterdam.osm", format: "osm-xml", licence: .openStreetMap)
    static let bag = ImportSource(key: "/data/streets.csv", label: "streets.csv", format: "names-csv", licence: .bag)
    static let unknown = ImportSource(key: "/data/mine.csv", label: "mine.csv", format: "names-csv")

    @Test func eachImportKeepsItsOwnLicence() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(Self.osm, with: [ImportedPlacesTests.place("osm:node/1", "A")])
        _ = try store.replaceImport(
            Self.bag, with: [ImportedPlacesTests.place("names:streets.csv#1", "Damrak", kind: .street, category: nil)])
        _ = try store.replaceImport(
            Self.unknown, with: [ImportedPlacesTests.place("names:mine.csv#1", "Mine", kind: .place, category: nil)])
        let licences = try store.imports().map(\.source.licence)
        #expect(licences == [.openStreetMap, .bag, nil])
        // Importing again with another licence replaces it.
        var relabelled = Self.unknown
        relabelled.licence = .geoNames
        _ = try store.replaceImport(
            relabelled, with: [ImportedPlacesTests.place("names:mine.csv#1", "Mine", kind: .place, category: nil)])
        #expect(try store.imports().last?.source.licence == .geoNames)
    }

    /// A store as places wrote it before licences were kept (migrations v1–v3), with what the old
    /// import wrote.
    static func storeBeforeLicences(at path: String) throws {
        try StoreFixtures.store(at: path, upTo: "v3: points ledger")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO import_source (key, label, format, imported_at, count) VALUES
                        ('/data/amsterdam.osm', 'amsterdam.osm', 'osm-xml', 1, 1),
                        ('/data/cities.csv', 'cities.csv', 'names-csv', 2, 1);
                    INSERT INTO imported_place (id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags_json) VALUES
                        ('osm:node/1', '/data/amsterdam.osm', 1, 'Café de Jaren', 52.37, 4.89, 0.2, NULL, 'amenity=cafe', 1, '{"amenity":"cafe"}'),
                        ('names:cities.csv#2', '/data/cities.csv', 2, 'Amsterdam', 52.37, 4.89, 0.5, NULL, NULL, 1, '{}');
                    """)
        }
    }

    @Test func aStoreFromBeforeLicencesGainsThemAndKeepsItsData() throws {
        let folder = TemporaryFolder()
        try Self.storeBeforeLicences(at: folder.storePath)
        #expect(try rawCount(folder.storePath, "SELECT COUNT(*) FROM grdb_migrations") == 3)
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let imports = try store.imports()
        #expect(imports.map(\.source.label) == ["amsterdam.osm", "cities.csv"])
        #expect(imports.map(\.source.licence) == [.openStreetMap, nil])
        #expect(imports.map(\.count) == [1, 1])
        #expect(try store.importedPlace(id: "osm:node/1")?.record.name == "Café de Jaren")
        #expect(try rawCount(folder.storePath, "PRAGMA user_version") == StoreSchema.version)
    }
}
