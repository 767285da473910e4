import Foundation
import GRDB
import PlaceCore
@testable import PlaceStore
import Testing

struct ImportedPlacesTests {
    static func place(
        _ id: String, _ name: String, kind: NameKind = .poi, at coordinate: Coordinate? = Coordinate(52.37, 4.89), category: String? = "amenity=cafe",
        indexed: Bool = true
    ) -> ImportedPlace {
        ImportedPlace(
            record: NameRecord(id: id, name: name, kind: kind, importance: 0.2, coordinate: coordinate, detail: "Café"),
            isIndexed: indexed, category: category, tags: ["amenity": "cafe", "name": name, "note \"quoted\"": "a\\b\n"])
    }

    static let amsterdam = ImportSource(key: "/data/amsterdam.osm", label: "amsterdam.osm", format: "osm-xml")
    static let netherlands = ImportSource(key: "/data/nl.osm.pbf", label: "nl.osm.pbf", format: "osm-pbf")

    @Test func importingTheSameFileAgainDuplicatesNothing() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let places: ImportedPlaceList = [
            Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B"), Self.place("osm:way/3", "Damrak", kind: .street),
        ]
        let first = try store.replaceImport(Self.amsterdam, with: places)
        #expect(first.written == [.poi: 2, .street: 1])
        let second = try store.replaceImport(Self.amsterdam, with: places)
        #expect(second.total == 3)
        #expect(second.removed == 0)
        #expect(try store.indexedNames().count == 3)
        #expect(try store.imports().map(\.count) == [3])
    }

    @Test func aNewerExtractReplacesWhatTheFileNoLongerHas() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B")])
        let summary = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/2", "B2")])
        #expect(summary.removed == 1)
        #expect(try store.indexedNames().map(\.name) == ["B2"])
    }

    @Test func aPlaceTwoFilesShareIsKeptOnce() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B")])
        let summary = try store.replaceImport(Self.netherlands, with: [Self.place("osm:node/2", "B"), Self.place("osm:node/3", "C")])
        #expect(summary.replaced == 1)
        #expect(try store.indexedNames().map(\.id).sorted() == ["osm:node/1", "osm:node/2", "osm:node/3"])
        #expect(try store.imports().map(\.count) == [1, 2])
    }

    /// Counts are kept, not counted when asked; a store an older places wrote, whose counts went
    /// stale when another file took some of its places, has them taken again once.
    @Test func aStoreWithStaleCountsHasThemTakenAgain() throws {
        let folder = TemporaryFolder()
        do {
            let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
            _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B")])
            _ = try store.replaceImport(Self.netherlands, with: [Self.place("osm:node/2", "B"), Self.place("osm:node/3", "C")])
        }
        try rawSQL(folder.storePath, "UPDATE import_source SET count = 2")
        try rawSQL(folder.storePath, "DELETE FROM grdb_migrations WHERE identifier = 'v9: import counts kept'")
        try rawSQL(folder.storePath, "PRAGMA user_version = 8")
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.imports().map(\.count) == [1, 2])
        // Removing one import leaves the other's count as it was.
        _ = try store.removeImport(Self.amsterdam.key)
        #expect(try store.imports().map(\.count) == [2])
    }

    @Test func everyImportChangesTheGeneration() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let before = try store.importGeneration()
        _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A")])
        _ = try store.replaceImport(Self.amsterdam, with: [])
        #expect(try store.importGeneration() == before + 2)
    }

    @Test func searchesAnAreaByCategoryAndKeepsEveryTag() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(
            Self.amsterdam,
            with: [
                Self.place("osm:node/1", "Near café"),
                Self.place("osm:node/2", "Far café", at: Coordinate(52.50, 4.89)),
                Self.place("osm:node/3", "Near car park", category: "amenity=parking", indexed: false),
                Self.place("names:list:x", "No position", at: nil),
            ])
        let box = BoundingBox(center: Coordinate(52.37, 4.89), radius: 1000)
        let cafes = try store.importedPlaces(in: box, categories: ["amenity=cafe", "shop=coffee"])
        #expect(cafes.map(\.record.name) == ["Near café"])
        #expect(cafes.first?.tags["note \"quoted\""] == "a\\b\n")
        #expect(try store.importedPlaces(in: box, categories: []).count == 2)
        #expect(try store.indexedNames().count == 3, "the unnamed car park is searchable, not completable")
        #expect(try store.importedPlace(id: "osm:node/3")?.isIndexed == false)
    }

    @Test func theSchemaVersionSaysImportsAreThere() throws {
        let folder = TemporaryFolder()
        _ = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let version = try DatabaseQueue(path: folder.storePath).read { try Int.fetchOne($0, sql: "PRAGMA user_version") }
        // v2 added the imported places; each later migration numbers the schema on.
        #expect((version ?? 0) >= 2)
        #expect(version == StoreSchema.version)
    }

    @Test func alternateNamesAreKeptAndStreamedWithTheRest() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        var munich = Self.place("names:cities.json#2867714", "Munich", kind: .place)
        munich.record.alternateNames = ["München", "Muenchen", "Мюнхен", "a \"quoted\" name"]
        _ = try store.replaceImport(Self.amsterdam, with: [munich, Self.place("osm:node/1", "A")])
        var streamed: [NameRecord] = []
        try store.forEachIndexedName { streamed.append($0) }
        #expect(streamed.sorted { $0.id < $1.id } == (try store.indexedNames()).sorted { $0.id < $1.id })
        #expect(streamed.first { $0.name == "Munich" }?.alternateNames == ["München", "Muenchen", "Мюнхен", "a \"quoted\" name"])
        #expect(streamed.first { $0.name == "A" }?.alternateNames == [])
        #expect(try store.importedPlace(id: "names:cities.json#2867714")?.record.alternateNames.count == 4)
    }

    @Test func streamingStopsAtTheFirstErrorOfTheBodyAndThrowsIt() throws {
        struct Stop: Error {}
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B")])
        var seen = 0
        #expect(throws: Stop.self) {
            try store.forEachIndexedName { _ in
                seen += 1
                throw Stop()
            }
        }
        #expect(seen == 1)
    }

    /// A store an older places wrote (schema 4, imports without alternate names) gets the column
    /// and keeps every row.
    @Test func aVersion4StoreGetsAlternateNamesAndKeepsItsImports() throws {
        let folder = TemporaryFolder()
        do {
            let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
            _ = try store.replaceImport(Self.amsterdam, with: [Self.place("osm:node/1", "A"), Self.place("osm:way/2", "Damrak", kind: .street)])
        }
        try rawSQL(folder.storePath, "ALTER TABLE imported_place DROP COLUMN alternate_names")
        try rawSQL(folder.storePath, "DELETE FROM grdb_migrations WHERE identifier = 'v5: alternate names'")
        try rawSQL(folder.storePath, "PRAGMA user_version = 4")
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.indexedNames().map(\.name).sorted() == ["A", "Damrak"])
        #expect(try store.indexedNames().allSatisfy { $0.alternateNames.isEmpty })
        #expect(try rawCount(folder.storePath, "PRAGMA user_version") == 5)
        var place = Self.place("osm:node/3", "Wien", kind: .place)
        place.record.alternateNames = ["Vienna"]
        _ = try store.replaceImport(Self.netherlands, with: [place])
        #expect(try store.importedPlace(id: "osm:node/3")?.record.alternateNames == ["Vienna"])
    }
}
