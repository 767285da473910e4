import Autocomplete
import Foundation
import PlaceCore
import Testing

@testable import PlaceImport
@testable import PlaceStore
@testable import PlacesKit

/// The name index is one file per import (``NameIndex``): an import writes its own, a removal
/// deletes its own, and the answers are the ones a single index of every import gives.
struct NameIndexSegmentsTests {
    /// A square, a street and a café in Amsterdam, the city's own node, and a street in Kouvola
    /// whose town the extract does not name.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3731000" lon="4.8926000"><tag k="name" v="Dam"/><tag k="place" v="square"/><tag k="name:fr" v="Place du Dam"/></node>
         <node id="2" lat="52.3728000" lon="4.8936000"><tag k="name" v="Amsterdam"/><tag k="place" v="city"/><tag k="population" v="905234"/></node>
         <node id="3" lat="52.3740000" lon="4.8910000"><tag k="name" v="Café de Zwart"/><tag k="amenity" v="cafe"/></node>
         <node id="10" lat="52.3745000" lon="4.8950000"/>
         <node id="11" lat="52.3770000" lon="4.8980000"/>
         <node id="20" lat="60.8680000" lon="26.7000000"/>
         <node id="21" lat="60.8690000" lon="26.7050000"/>
         <way id="100"><nd ref="10"/><nd ref="11"/><tag k="highway" v="primary"/><tag k="name" v="Damrak"/></way>
         <way id="101"><nd ref="20"/><nd ref="21"/><tag k="highway" v="residential"/><tag k="name" v="Kauppalankatu"/></way>
        </osm>
        """

    /// Towns: Amsterdam again (one place with the extract's node), and Kouvola.
    static let cities = """
        name,latitude,longitude,population
        Amsterdam,52.37403,4.88969,741636
        Haarlem,52.38084,4.63683,147590
        Damascus,33.5102,36.29128,1569394
        Kouvola,60.8679,26.7042,31133
        Amstelveen,52.30083,4.86389,85148

        """

    static func key(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }

    /// A service with the extract and the list written into its folder.
    static func make() throws -> (service: PlacesService, folder: URL, osm: String, list: String) {
        let (service, folder) = try TestService.make()
        let osm = folder.appendingPathComponent("centre.osm")
        let list = folder.appendingPathComponent("cities.csv")
        try extract.write(to: osm, atomically: true, encoding: .utf8)
        try cities.write(to: list, atomically: true, encoding: .utf8)
        return (service, folder, osm.path, list.path)
    }

    /// What tells one file from another: its bytes, inode and modification time.
    struct Snapshot: Equatable {
        let bytes: Data
        let identity: FileIdentity
        init(_ path: String) throws {
            bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            identity = try #require(FileIdentity(path: path))
        }
    }

    @Test func addingAnImportLeavesTheOtherSegmentAsItWas() async throws {
        let (service, folder, osm, list) = try Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.importFiles(osm: [], nameLists: [list], options: NameListOptions())
        let listSegment = NameIndex.segmentPath(forSource: Self.key(list), storePath: service.store.path)
        let before = try Snapshot(listSegment)
        let (_, built) = try await service.importFiles(osm: [osm], nameLists: [], options: NameListOptions())
        #expect(try Snapshot(listSegment) == before, "the list's segment was written again by the extract's import")
        let osmSegment = NameIndex.segmentPath(forSource: Self.key(osm), storePath: service.store.path)
        #expect(FileManager.default.fileExists(atPath: osmSegment))
        #expect(built.path == NameIndex.folder(forStore: service.store.path))
        let files = try FileManager.default.contentsOfDirectory(atPath: NameIndex.folder(forStore: service.store.path)).sorted()
        #expect(files == ["segments.json", (listSegment as NSString).lastPathComponent, (osmSegment as NSString).lastPathComponent].sorted())
        #expect(!FileManager.default.fileExists(atPath: NameIndex.path(forStore: service.store.path)), "no single file beside them")
        #expect(try service.nameIndex()?.segmentCount == 2)
    }

    @Test func removingAnImportDeletesOnlyItsSegment() async throws {
        let (service, folder, osm, list) = try Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.importFiles(osm: [osm], nameLists: [], options: NameListOptions())
        _ = try await service.importFiles(osm: [], nameLists: [list], options: NameListOptions())
        let osmSegment = NameIndex.segmentPath(forSource: Self.key(osm), storePath: service.store.path)
        let listSegment = NameIndex.segmentPath(forSource: Self.key(list), storePath: service.store.path)
        let kept = try Snapshot(osmSegment)
        let (_, removed, built) = try service.removeImport(list)
        #expect(removed == 5)
        #expect(!FileManager.default.fileExists(atPath: listSegment))
        #expect(try Snapshot(osmSegment) == kept, "the extract's segment was written again by the list's removal")
        #expect(built.count == 5, "the extract's five names")
        let answer = try service.complete(LookupQuery("Haarlem"))
        #expect(!answer.suggestions.contains { $0.record.name == "Haarlem" })
        #expect(try service.complete(LookupQuery("Damrak")).suggestions.first?.record.name == "Damrak")
    }

    /// The same place in two imports (Amsterdam's node and the list's row) is one answer with both
    /// sources, and every answer is the one an index of both imports in one file gives.
    @Test func answersAcrossSegmentsAreTheOnesOfOneIndex() async throws {
        let (service, folder, osm, list) = try Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.importFiles(osm: [osm], nameLists: [], options: NameListOptions())
        _ = try await service.importFiles(osm: [], nameLists: [list], options: NameListOptions())
        let segments = try #require(try service.nameIndex())
        #expect(segments.segmentCount == 2)
        let single = AutocompleteIndex(records: try #require(try service.store.reading()).indexedNames())
        #expect(single.segmentCount == 1)
        let focus = Coordinate(52.3738, 4.8909)
        for text in ["Amsterdam", "Amst", "amsterdm", "Dam", "Damrak", "Haarlem", "Place du", "Caf", "Damrak, Amsterdam", "Kouvola", "Ams"] {
            for focus in [focus, nil] {
                let query = LookupQuery(text, focus: focus, limit: 10)
                let merged = PlaceLookup(segments).lookup(query).suggestions
                let one = PlaceLookup(single).lookup(query).suggestions
                #expect(merged.map(\.record.id) == one.map(\.record.id), "\(text)")
                #expect(merged.map(\.sources) == one.map(\.sources), "\(text)")
                #expect(merged.map(\.matchedName) == one.map(\.matchedName), "\(text)")
                #expect(merged.map { ($0.score * 1e9).rounded() } == one.map { ($0.score * 1e9).rounded() }, "\(text)")
            }
        }
        let amsterdam = PlaceLookup(segments).lookup(LookupQuery("Amsterdam", focus: focus)).suggestions.filter { $0.record.kind == .place }
        #expect(amsterdam.count == 1)
        #expect(Set(amsterdam.first?.sources ?? []) == ["osm:node/2", "names:cities.csv#2"])
    }

    /// A street of the extract named with a town only the list knows.
    @Test func aStreetIsFoundByATownOfAnotherImport() async throws {
        let (service, folder, osm, list) = try Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.importFiles(osm: [osm], nameLists: [], options: NameListOptions())
        let alone = try service.complete(LookupQuery("Kauppalankatu, Kouvola"))
        #expect(alone.unknownQualifier == "Kouvola", "the extract alone knows no Kouvola")
        _ = try await service.importFiles(osm: [], nameLists: [list], options: NameListOptions())
        let answer = try service.complete(LookupQuery("Kauppalankatu, Kouvola"))
        #expect(answer.unknownQualifier == nil)
        #expect(answer.area?.name == "Kouvola")
        #expect(answer.suggestions.first?.record.name == "Kauppalankatu")
        #expect(answer.suggestions.first?.record.id == "osm:way/101")
    }

    /// An index of one file from before segments is turned into segments on first use, once.
    @Test func aSingleFileIndexBecomesSegments() async throws {
        let notes = SaidNotices()
        let (service, folder) = try TestService.make(notices: notes.sink)
        defer { try? FileManager.default.removeItem(at: folder) }
        let list = folder.appendingPathComponent("cities.csv")
        try Self.cities.write(to: list, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [], nameLists: [list.path], options: NameListOptions())
        // What an older places left: one file beside the store, no folder.
        let store = service.store.path
        try FileManager.default.removeItem(atPath: NameIndex.folder(forStore: store))
        let single = AutocompleteIndex(records: try #require(try service.store.reading()).indexedNames())
        try single.write(to: URL(fileURLWithPath: NameIndex.path(forStore: store)))

        let index = try #require(try NameIndex.open(storePath: store, notices: notes.sink))
        #expect(index.segmentCount == 1)
        #expect(PlaceLookup(index).lookup(LookupQuery("Haarl")).suggestions.first?.record.name == "Haarlem")
        #expect(!FileManager.default.fileExists(atPath: NameIndex.path(forStore: store)))
        #expect(FileManager.default.fileExists(atPath: NameIndex.segmentPath(forSource: Self.key(list.path), storePath: store)))
        #expect(notes.lines.filter { $0.contains("one file per import") }.count == 1, "\(notes.lines)")
        _ = try NameIndex.open(storePath: store, notices: notes.sink)
        #expect(notes.lines.count == 1, "said once: \(notes.lines)")
    }

    /// An import interrupted after its store write: only its segment is built again.
    @Test func anInterruptedImportRebuildsOnlyItsSegment() async throws {
        let (service, folder, osm, list) = try Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try await service.importFiles(osm: [osm], nameLists: [], options: NameListOptions())
        let osmSegment = NameIndex.segmentPath(forSource: Self.key(osm), storePath: service.store.path)
        let kept = try Snapshot(osmSegment)
        // The list written to the store, its segment never: what a kill between the two leaves.
        let records = [
            ImportedPlace(
                record: NameRecord(
                    id: "names:cities.csv#3", name: "Haarlem", kind: .place, importance: 0.6, coordinate: Coordinate(52.38084, 4.63683)))
        ]
        let source = ImportSource(key: Self.key(list), label: "cities.csv", format: "names-csv")
        _ = try service.store.writing().replaceImport(source, with: ImportedPlaceList(records))
        let listSegment = NameIndex.segmentPath(forSource: Self.key(list), storePath: service.store.path)
        #expect(!FileManager.default.fileExists(atPath: listSegment))

        let notes = SaidNotices()
        let index = try #require(try NameIndex.open(storePath: service.store.path, notices: notes.sink))
        #expect(notes.lines.contains { $0.contains("behind the store") }, "\(notes.lines)")
        #expect(index.segmentCount == 2)
        #expect(FileManager.default.fileExists(atPath: listSegment))
        #expect(try Snapshot(osmSegment) == kept, "the extract's segment was built again")
        #expect(PlaceLookup(index).lookup(LookupQuery("Haarl")).suggestions.first?.record.name == "Haarlem")
    }
}

/// Notices said, in order, as text.
final class SaidNotices: @unchecked Sendable {
    let collector = NoticeCollector()
    var lines: [String] { collector.all.map(\.text) }
    var sink: NoticeSink { NoticeSink { [collector] in collector.add($0) } }
}
