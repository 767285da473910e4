import Foundation
import GRDB
import PlaceCore
import Testing

@testable import PlaceImport
@testable import PlaceStore
@testable import PlacesKit

/// An import of one file builds its segment of the name index while the store is written, from
/// the names in memory (``NameIndex/Staged``). The file must be the one rebuilding it from the
/// store after the import writes, byte for byte; a failed import must leave the index as it was,
/// and an import that came in between must not be lost from it.
struct StagedNameIndexTests {
    /// Named nodes around the Dam, one with alternate names, and an unnamed one.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3731000" lon="4.8926000"><tag k="name" v="Dam"/><tag k="place" v="square"/><tag k="name:fr" v="Place du Dam"/></node>
         <node id="2" lat="52.3736000" lon="4.8912000"><tag k="name" v="Nieuwe Kerk"/><tag k="amenity" v="place_of_worship"/></node>
         <node id="3" lat="52.3740000" lon="4.8910000"><tag k="name" v="Café de Zwart"/><tag k="amenity" v="cafe"/></node>
         <node id="4" lat="52.3700000" lon="4.8900000"><tag k="amenity" v="bench"/></node>
        </osm>
        """

    static func list(_ rows: [String]) -> String {
        (["name,latitude,longitude,population"] + rows).joined(separator: "\n") + "\n"
    }

    static let cities = list([
        "Amsterdam,52.37403,4.88969,741636", "Haarlem,52.38084,4.63683,147590", "Zaandam,52.4391,4.82167,",
        "Damascus,33.5102,36.29128,1569394", "Dammam,26.43442,50.10326,768602", "Amstelveen,52.30083,4.86389,85148",
    ])

    /// The import's segment as it is, then as rebuilding every segment from the store makes it.
    static func indexAndRebuilt(_ service: PlacesService, key: String) throws -> (index: Data, rebuilt: Data) {
        let path = NameIndex.segmentPath(forSource: Self.key(key), storePath: service.store.path)
        let index = try Data(contentsOf: URL(fileURLWithPath: path))
        _ = try NameIndex.rebuild(store: try service.store.writing())
        return (index, try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// An imported file's key: its path, standardised and without symbolic links.
    static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }

    static func leftovers(_ folder: URL) throws -> [String] {
        let inside = folder.appendingPathComponent("places.names.d")
        let names =
            try FileManager.default.contentsOfDirectory(atPath: folder.path)
            + ((try? FileManager.default.contentsOfDirectory(atPath: inside.path)) ?? [])
        return names.filter { $0.contains(".import-") || $0.contains(".building-") || $0.hasPrefix("places-names-") }
    }

    @Test func eachImportsIndexIsTheOneRebuiltFromTheStore() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let osm = folder.appendingPathComponent("centre.osm")
        try Self.extract.write(to: osm, atomically: true, encoding: .utf8)
        // Two lists with the same name in two folders: the second's ids are the first's.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("a"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("b"), withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("a/cities.csv")
        let second = folder.appendingPathComponent("b/cities.csv")
        try Self.cities.write(to: first, atomically: true, encoding: .utf8)
        try Self.list(["Damrak,52.3763,4.8952,", "Haarlem,52.38084,4.63683,147590"]).write(to: second, atomically: true, encoding: .utf8)

        var counts: [Int] = []
        for (osmFiles, lists) in [([osm.path], []), ([], [first.path]), ([], [second.path]), ([osm.path], []), ([], [first.path])] {
            let (_, built) = try await service.importFiles(osm: osmFiles, nameLists: lists, options: NameListOptions())
            counts.append(built.count)
            let (index, rebuilt) = try Self.indexAndRebuilt(service, key: (osmFiles + lists)[0])
            #expect(index == rebuilt, "the index built beside the import of \(osmFiles + lists) is not the one the store gives")
            #expect(try Self.leftovers(folder).isEmpty)
        }
        // The extract's three names; the six cities beside them; the second list's two taking
        // over two of the first's ids (3 + 4 + 2: the first's segment is built again); the
        // extract again; the first list taking its ids back (the second then holds none, and
        // its segment goes).
        #expect(counts == [3, 9, 9, 9, 9])
    }

    @Test func anImportThatFailsLeavesTheIndexAsItWas() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cities.csv")
        try Self.cities.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [], nameLists: [file.path], options: NameListOptions())
        let path = NameIndex.segmentPath(forSource: Self.key(file.path), storePath: service.store.path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        // The store refuses one row of the next import, after others went in.
        try service.store.writing().writing { db in
            try db.execute(
                sql: "CREATE TRIGGER refuse BEFORE INSERT ON imported_place WHEN NEW.name = 'Boom' BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let failing = folder.appendingPathComponent("more.csv")
        try Self.list(["Almere,52.37025,5.21413,", "Boom,51.08,4.36,", "Zwolle,52.5125,6.09444,"]).write(
            to: failing, atomically: true, encoding: .utf8)
        await #expect(throws: PlacesError.self) {
            try await service.importFiles(osm: [], nameLists: [failing.path], options: NameListOptions())
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Self.leftovers(folder).isEmpty)
        #expect(try service.importedSources().map(\.source.label) == ["cities.csv"])
    }

    @Test func anImportThatCameInBetweenIsNotLostFromTheIndex() throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try service.store.writing()
        let list = ImportSource(key: "/data/list.csv", label: "list.csv", format: "names-csv")
        let other = ImportSource(key: "/data/other.csv", label: "other.csv", format: "names-csv")
        let places: ImportedPlaceList = [
            ImportedPlace(record: NameRecord(id: "names:list.csv#2", name: "Dam", kind: .place, importance: 0.5, coordinate: nil))
        ]
        let staged = try #require(try NameIndex.Staged(store: store, replacing: list.key, with: places))
        // Another program imports between the names read and the import written.
        _ = try store.replaceImport(
            other, with: [ImportedPlace(record: NameRecord(id: "names:other.csv#2", name: "Rokin", kind: .street, importance: 0.3, coordinate: nil))])
        _ = try store.replaceImport(list, with: places)
        #expect(try staged.commit(store: store) == nil, "an index without the other import took the store's place")
        #expect(try Self.leftovers(folder).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: NameIndex.segmentPath(forSource: list.key, storePath: store.path)))
    }
}
