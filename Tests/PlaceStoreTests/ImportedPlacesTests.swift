import Foundation
import GRDB
import PlaceSearch
@testable import PlaceStore
import Testing

struct ImportedPlacesTests {
    static func place(_ id: String, _ name: String, kind: NameKind = .poi, at coordinate: Coordinate? = Coordinate(52.37, 4.89), category: String? = "amenity=cafe", indexed: Bool = true) -> ImportedPlace {
        ImportedPlace(
            record: NameRecord(id: id, name: name, kind: kind, importance: 0.2, coordinate: coordinate, detail: "Café"),
            isIndexed: indexed, category: category, tags: ["amenity": "cafe", "name": name, "note \"quoted\"": "a\\b\n"])
    }

    static let amsterdam = ImportSource(key: "/data/amsterdam.osm", label: "amsterdam.osm", format: "osm-xml")
    static let netherlands = ImportSource(key: "/data/nl.osm.pbf", label: "nl.osm.pbf", format: "osm-pbf")

    @Test func importingTheSameFileAgainDuplicatesNothing() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let places = [Self.place("osm:node/1", "A"), Self.place("osm:node/2", "B"), Self.place("osm:way/3", "Damrak", kind: .street)]
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
}
