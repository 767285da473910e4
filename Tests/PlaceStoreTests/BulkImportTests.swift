import Foundation
import GRDB
import PlaceCore
import Testing

@testable import PlaceStore

/// An import large enough for the bulk path (plain inserts in id order, the secondary indexes
/// dropped and made again inside the transaction) keeps what the row-by-row path kept: every row
/// once, the indexes as the schema defines them, and nothing at all when it fails half way.
struct BulkImportTests {
    static let lists = ImportSource(key: "/data/big.csv", label: "big.csv", format: "names-csv")
    static let extract = ImportSource(key: "/data/nl.osm.pbf", label: "nl.osm.pbf", format: "osm-pbf")

    /// 12,000 places around the Dam, ids in file order (not id order: #10 sorts before #9).
    static func bigList(count: Int = 12_000) -> ImportedPlaceList {
        ImportedPlaceList(
            (0..<count).map { number in
                let latitude = 52.30 + Double(number % 100) / 1_000
                let longitude = 4.80 + Double(number / 100) / 1_000
                let record = NameRecord(
                    id: "names:big.csv#\(number)", name: "Place \(number)", kind: .place, importance: 0.5,
                    coordinate: Coordinate(latitude, longitude))
                return ImportedPlace(record: record, category: number % 2 == 0 ? "place=village" : nil)
            })
    }

    static func indexDefinitions(_ path: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try String.fetchAll(
                db, sql: "SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'imported_place' AND sql IS NOT NULL ORDER BY name")
        }
    }

    @Test func aLargeImportKeepsEveryRowOnceAndTheIndexesAsDefined() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let indexes = try Self.indexDefinitions(folder.storePath)
        #expect(indexes.count == 2)
        // Another file already has one of the ids, and the list has one id twice (the later row wins).
        let shared = ImportedPlace(record: NameRecord(id: "names:big.csv#7", name: "From the extract", kind: .poi, importance: 0.2, coordinate: nil))
        let other = ImportedPlace(
            record: NameRecord(id: "osm:node/1", name: "Dam", kind: .poi, importance: 0.2, coordinate: Coordinate(52.373, 4.893)))
        _ = try store.replaceImport(Self.extract, with: [shared, other])
        var list = Self.bigList()
        list.append(
            ImportedPlace(
                record: NameRecord(id: "names:big.csv#42", name: "Place 42, again", kind: .place, importance: 0.5, coordinate: Coordinate(52.3, 4.8)))
        )
        let summary = try store.replaceImport(Self.lists, with: list)
        #expect(summary.total == 12_001)
        #expect(summary.replaced == 2, "#7 taken from the extract, #42 twice in the list")
        #expect(try rawCount(folder.storePath, "SELECT COUNT(*) FROM imported_place") == 12_001)
        #expect(try store.importedPlace(id: "names:big.csv#7")?.record.name == "Place 7")
        #expect(try store.importedPlace(id: "names:big.csv#42")?.record.name == "Place 42, again")
        #expect(try store.imports().map(\.count).sorted() == [1, 12_000])
        #expect(try Self.indexDefinitions(folder.storePath) == indexes)
        #expect(try rawCount(folder.storePath, "SELECT COUNT(*) FROM pragma_integrity_check WHERE integrity_check <> 'ok'") == 0)
        // The position index answers an area search.
        let near = try store.importedPlaces(in: BoundingBox(center: Coordinate(52.373, 4.893), radius: 300), categories: [])
        #expect(near.contains { $0.record.id == "osm:node/1" })
        #expect(near.count > 1)
    }

    @Test func aLargeImportThatFailsHalfWayLeavesTheStoreAsItWas() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.replaceImport(Self.lists, with: Self.bigList(count: 3))
        let generation = try store.importGeneration()
        let indexes = try Self.indexDefinitions(folder.storePath)
        var list = Self.bigList()
        // SQLite stores NaN as NULL, which importance may not be: the row fails, after thousands.
        list[9_000].record.importance = .nan
        #expect(throws: StoreError.self) { try store.replaceImport(Self.extract, with: list) }
        #expect(try rawCount(folder.storePath, "SELECT COUNT(*) FROM imported_place") == 3)
        #expect(try store.imports().map(\.source.key) == [Self.lists.key])
        #expect(try store.importGeneration() == generation)
        #expect(try Self.indexDefinitions(folder.storePath) == indexes)
        // And the store takes the same import once the row is right.
        list[9_000].record.importance = 0.5
        #expect(try store.replaceImport(Self.extract, with: list).replaced == 3)
    }

    /// Each row's texts are bound where they lie in one buffer and a missing value as NULL, with
    /// no clearing between rows: a row without a detail, a position or a locality after one with
    /// them must not keep the one before's.
    @Test func aRowWithoutAValueAfterOneWithItStoresNull() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let places = (0..<20).map { number in
            let full = number % 2 == 0
            let record = NameRecord(
                id: String(format: "names:mixed.csv#%02d", number), name: "Naam \(number) — ü", kind: .street, importance: 0.25,
                coordinate: full ? Coordinate(52.37, 4.89) : nil, detail: full ? "Amsterdam, NL" : nil,
                alternateNames: full ? ["Alt \(number)"] : [], locality: full ? "Centrum" : nil, countryCode: full ? "NL" : nil)
            return ImportedPlace(record: record, category: full ? "highway=residential" : nil, tags: full ? ["name:fy": "Namme \(number)"] : [:])
        }
        _ = try store.replaceImport(Self.lists, with: ImportedPlaceList(places))
        let rows = try DatabaseQueue(path: folder.storePath).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, latitude, detail, category, tags_json, alternate_names, locality, country
                    FROM imported_place ORDER BY id
                    """)
        }
        #expect(rows.count == 20)
        for (number, row) in rows.enumerated() {
            let full = number % 2 == 0
            #expect(row["name"] == "Naam \(number) — ü")
            #expect((row["latitude"] as Double?) == (full ? 52.37 : nil))
            #expect((row["detail"] as String?) == (full ? "Amsterdam, NL" : nil))
            #expect((row["category"] as String?) == (full ? "highway=residential" : nil))
            #expect((row["tags_json"] as String) == (full ? #"{"name:fy":"Namme \#(number)"}"# : "{}"))
            #expect(((row["alternate_names"] as String?) != nil) == full)
            #expect((row["locality"] as String?) == (full ? "Centrum" : nil))
            #expect((row["country"] as String?) == (full ? "NL" : nil))
        }
    }

    /// A text longer than the buffer the rows start with grows it, before any text is bound.
    @Test func aRowLongerThanTheBindingBufferIsStoredWhole() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let long = String(repeating: "Lange Leidsedwarsstraat ", count: 400)
        let places = ["a", "b", "c"].map { letter in
            ImportedPlace(
                record: NameRecord(
                    id: "names:long.csv:\(letter)", name: letter + long, kind: .street, importance: 0.3, coordinate: nil, detail: long))
        }
        _ = try store.replaceImport(Self.lists, with: ImportedPlaceList(places))
        for letter in ["a", "b", "c"] {
            let stored = try store.importedPlace(id: "names:long.csv:\(letter)")
            #expect(stored?.record.name == letter + long)
            #expect(stored?.record.detail == long)
        }
    }

    /// Texts are bound where the list holds their bytes: an empty one has no bytes to point at,
    /// and must still be stored as an empty text, not as NULL; every field comes back as it went in.
    @Test func anEmptyTextIsStoredEmptyAndEveryFieldComesBackWhole() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let empty = ImportedPlace(
            record: NameRecord(
                id: "names:edge.csv#1", name: "Leeg", kind: .poi, importance: 0.125, coordinate: Coordinate(52.37, 4.89), detail: "",
                alternateNames: ["", #"Quote " and \ back"#], locality: "", countryCode: "", category: ""),
            isIndexed: false, tags: ["": "", "note": "line\nbreak \"quoted\"", "name:ru": "Лейдсеплейн"])
        let plain = ImportedPlace(record: NameRecord(id: "names:edge.csv#2", name: "Vol", kind: .place, importance: 1, coordinate: nil))
        _ = try store.replaceImport(Self.lists, with: ImportedPlaceList([empty, plain]))
        let nulls = try DatabaseQueue(path: folder.storePath).read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT detail IS NULL, locality IS NULL, country IS NULL, category IS NULL
                    FROM imported_place WHERE id = 'names:edge.csv#1'
                    """)
        }
        #expect(nulls.map { [$0[0], $0[1], $0[2], $0[3]] as [Bool] } == [false, false, false, false])
        #expect(try store.importedPlace(id: "names:edge.csv#1") == empty)
        #expect(try store.importedPlace(id: "names:edge.csv#2") == plain)
    }
}
