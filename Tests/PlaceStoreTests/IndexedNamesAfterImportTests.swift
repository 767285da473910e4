import Foundation
import PlaceCore
import Testing

@testable import PlaceStore

/// The names an import will leave in the index, said before it is written (the other imports'
/// from the store, its own from memory), are the names the store reads back after it is
/// written: the same records, bit for bit, in the same order, whatever ids are replaced, taken
/// from another import, given twice or spelled two ways.
struct IndexedNamesAfterImportTests {
    static let extract = ImportSource(key: "/data/nl.osm", label: "nl.osm", format: "osm-xml")
    static let list = ImportSource(key: "/data/list.csv", label: "list.csv", format: "names-csv")
    static let big = ImportSource(key: "/data/big.csv", label: "big.csv", format: "names-csv")

    static func place(
        _ id: String, _ name: String, at coordinate: Coordinate? = Coordinate(52.37, 4.89), importance: Float = 0.5, detail: String? = nil,
        alternates: [String] = [], indexed: Bool = true
    ) -> ImportedPlace {
        ImportedPlace(
            record: NameRecord(
                id: id, name: name, kind: .poi, importance: importance, coordinate: coordinate, detail: detail, alternateNames: alternates),
            isIndexed: indexed)
    }

    /// What the extract holds: names that are awkward to store, a row the list takes over and
    /// an id Swift counts as equal to one in the list (é composed, the list's decomposed).
    static let extractPlaces: ImportedPlaceList = [
        place("osm:node/1", "Dam", alternates: ["De \"Dam\"", "back\\slash", "tab\there", "emoji 🙂", "nul\u{0}byte", ""]),
        place("names:list.csv#7", "Taken by the list"),
        place("osm:node/3", "Not indexed", indexed: false),
        place("osm:node/4", "Zero", at: Coordinate(-0.0, -0.0), importance: -0.0),
        place("osm:node/5", "Nul\u{0}name", detail: "a\u{0}b"),
        place("names:caf\u{E9}", "Café composed"),
        place("osm:node/6", "No position", at: nil),
    ]

    /// The list's second version, in no id order: an id taken from the extract, ids twice (the
    /// later row wins, also when it is not indexed), one id spelled two ways twice over.
    static let listPlaces: ImportedPlaceList = [
        place("names:list.csv#9", "Nine"),
        place("names:list.csv#7", "Seven"),
        place("names:list.csv#3", "Three"),
        place("names:cafe\u{301}", "Café decomposed"),
        place("names:list.csv#3", "Three again", detail: "second"),
        place("names:list.csv#4", "Four"),
        place("names:x\u{E9}", "x composed"),
        place("names:xe\u{301}", "x decomposed"),
        place("names:list.csv#4", "Four, not indexed", indexed: false),
        place("names:x\u{E9}", "x composed again"),
        place("names:list.csv#10", "Ten"),
    ]

    /// Every field, doubles and floats by their bits (so that -0.0 and 0.0 differ).
    static func fingerprint(_ record: NameRecord) -> String {
        let position = record.coordinate.map { "\($0.latitude.bitPattern),\($0.longitude.bitPattern)" } ?? "-"
        return [
            record.id, record.name, "\(record.kind)", "\(record.importance.bitPattern)", position, record.detail ?? "-",
            record.alternateNames.joined(separator: "|"),
        ].joined(separator: "/")
    }

    /// Said before the import, then read back after it: they must be the same.
    static func expectForetold(_ store: SQLitePlaceStore, _ source: ImportSource, _ places: ImportedPlaceList) throws {
        var foretold: [NameRecord] = []
        let after = try store.forEachIndexedName(afterReplacing: source.key, with: places) { foretold.append($0) }
        foretold += after.added.map { SQLitePlaceStore.storedRecord(places[$0].record) }
        _ = try store.replaceImport(source, with: places)
        var stored: [NameRecord] = []
        try store.forEachIndexedName { stored.append($0) }
        #expect(stored.count == foretold.count)
        #expect(stored.map(fingerprint) == foretold.map(fingerprint))
        #expect(try store.importGeneration() == after.generation + 1)
    }

    @Test func theNamesForetoldAreTheNamesReadBackAfterTheImport() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        try Self.expectForetold(store, Self.extract, Self.extractPlaces)
        // The list's first version, replaced by the second: its rows that the second lacks go.
        try Self.expectForetold(store, Self.list, ImportedPlaceList((1...5).map { Self.place("names:list.csv#\($0)", "Old \($0)") }))
        try Self.expectForetold(store, Self.list, Self.listPlaces)
        #expect(try store.importedPlace(id: "names:list.csv#3")?.record.name == "Three again")
        #expect(try store.importedPlace(id: "names:caf\u{E9}")?.record.name == "Café composed", "SQLite keeps both spellings")
        // The extract again, now after the list (its rows take a new rowid each), then a large
        // list on the bulk path (secondary indexes dropped and made again).
        try Self.expectForetold(store, Self.extract, ImportedPlaceList(Self.extractPlaces.reversed()))
        try Self.expectForetold(store, Self.big, BulkImportTests.bigList())
        try Self.expectForetold(store, Self.list, [])
    }

    @Test func theImportsOwnRowsComeInTheOrderTheStoreKeepsThem() {
        let places = Self.listPlaces
        let kept = SQLitePlaceStore.keptOrder(places).map { places[$0].record.name }
        #expect(
            kept == [
                "Café decomposed", "Ten", "Three again", "Four, not indexed", "Seven", "Nine", "x decomposed", "x composed again",
            ])
    }
}
