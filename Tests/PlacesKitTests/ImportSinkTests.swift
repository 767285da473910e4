import Foundation
import PlaceCore
import PlacesKit
import Synchronization
import Testing

/// The one import flow (`importFiles(osm:nameLists:options:into:)`): every file is read before
/// the sink is handed any, in the order given, and what the sink says is what the flow gives.
struct ImportSinkTests {
    /// A sink that keeps what it was handed, and fails when told to, as a database that went away would.
    final class RecordingSink: ImportSink, @unchecked Sendable {
        let failure: StoreError?
        let handed = Mutex<[[ImportBatch]]>([])
        init(failing failure: StoreError? = nil) { self.failure = failure }

        var spillDirectory: String? { nil }

        func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) async throws -> (reports: [ImportReport], outcome: Int) {
            handed.withLock { $0.append(batches) }
            if let failure { throw failure }
            return (batches.map(\.report), batches.reduce(0) { $0 + $1.places.count })
        }
    }

    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3731000" lon="4.8926000"><tag k="name" v="Dam"/><tag k="place" v="square"/></node>
         <node id="2" lat="52.3740000" lon="4.8910000"><tag k="name" v="Café de Zwart"/><tag k="amenity" v="cafe"/></node>
        </osm>
        """

    static func files() throws -> (folder: URL, osm: String, list: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sink-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let osm = folder.appendingPathComponent("dam.osm")
        try extract.write(to: osm, atomically: true, encoding: .utf8)
        let list = folder.appendingPathComponent("towns.csv")
        try "name,latitude,longitude\nHaarlem,52.38084,4.63683\nZaandam,52.4391,4.82167\nEdam,52.5125,5.04861\n".write(
            to: list, atomically: true, encoding: .utf8)
        return (folder, osm.path, list.path)
    }

    @Test func theSinkIsHandedEveryFileReadInOrderAndItsAnswerIsTheFlows() async throws {
        let (folder, osm, list) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = RecordingSink()
        let (reports, outcome) = try await PlacesService.importFiles(osm: [osm], nameLists: [list], options: NameListOptions(), into: sink)
        let handed = sink.handed.withLock { $0 }
        #expect(handed.count == 1, "one write for the import, not one per file")
        #expect(handed.first?.map(\.source.label) == ["dam.osm", "towns.csv"])
        #expect(handed.first?.map(\.report.format) == ["osm-xml", "names-csv"])
        #expect(handed.first?.last?.places.count == 3)
        #expect(reports.map(\.file) == [osm, list])
        #expect(outcome == 5, "the sink's outcome comes back as it gave it: 2 places of the extract and 3 of the list")
    }

    @Test func aFileThatCannotBeReadReachesNoSink() async throws {
        let (folder, osm, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = RecordingSink()
        let absent = folder.appendingPathComponent("absent.csv").path
        let error = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [osm], nameLists: [absent], options: NameListOptions(), into: sink)
        }
        #expect(error?.kind == .notFound)
        #expect(error?.message.contains("absent.csv") == true, "\(String(describing: error))")
        #expect(sink.handed.withLock { $0 }.isEmpty, "the extract read before it must not be written either")

        let garbage = folder.appendingPathComponent("garbage.osm")
        try "<osm><node id=".write(to: garbage, atomically: true, encoding: .utf8)
        let bad = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [osm, garbage.path], nameLists: [], options: NameListOptions(), into: sink)
        }
        #expect(bad?.kind == .badData)
        #expect(sink.handed.withLock { $0 }.isEmpty)
    }

    @Test func aSinkThatFailsIsSaidAsTheStoresFailure() async throws {
        let (folder, osm, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = RecordingSink(failing: StoreError(.unreachable, path: "postgres://db/places", detail: "the database cannot be reached"))
        let error = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [osm], nameLists: [], options: NameListOptions(), into: sink)
        }
        #expect(error?.kind == .unavailable)
        #expect(sink.handed.withLock { $0 }.count == 1)
    }

    /// An extract given as a name list is said with what to do as a value, and an option's
    /// mistake with the option's neutral name: the CLI words them with flags, an app as it likes.
    @Test func aFileGivenAsTheWrongKindSaysWhatToDoAsAValue() async throws {
        let (folder, osm, list) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sink = RecordingSink()
        let extract = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [], nameLists: [osm], options: NameListOptions(), into: sink)
        }
        #expect(extract?.remedy == Remedy(.importAsExtract(file: osm)))
        #expect(extract?.message.contains("--") == false, "\(String(describing: extract))")
        let nameList = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [list], nameLists: [], options: NameListOptions(), into: sink)
        }
        #expect(nameList?.remedy == Remedy(.importAsNameList(file: list)))
        #expect(nameList?.message.contains("--") == false, "\(String(describing: nameList))")
        let column = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [], nameLists: [list], options: NameListOptions(name: "0"), into: sink)
        }
        #expect(column?.parameter == "name-column")
        #expect(column?.kind == .badData)
        #expect(Wording.neutral.line(try #require(column)) == "name-column 0 must be 1 or more: the columns of towns.csv count from 1")
        #expect(sink.handed.withLock { $0 }.isEmpty)
    }

    /// A diff is applied to the import it belongs to (``PlacesService/applyChanges(_:progress:)``),
    /// not imported: given to the import flow, it reaches no sink, and says so as a value.
    @Test func aChangeFileReachesNoSink() async throws {
        let (folder, osm, _) = try Self.files()
        defer { try? FileManager.default.removeItem(at: folder) }
        let change = folder.appendingPathComponent("cafe.osc").path
        try """
        <osmChange version="0.6"><create><node id="9" version="1" lat="52.37" lon="4.89"><tag k="amenity" v="cafe"/></node></create></osmChange>
        """.write(toFile: change, atomically: true, encoding: .utf8)
        let sink = RecordingSink()
        let error = await #expect(throws: PlacesError.self) {
            try await PlacesService.importFiles(osm: [osm, change], nameLists: [], options: NameListOptions(), into: sink)
        }
        #expect(error?.kind == .badData)
        #expect(error?.remedy == Remedy(.applyChanges(file: change)))
        #expect(
            error.map(Wording.neutral.line)
                == "\(change) is an OpenStreetMap change file (osmChange), not an extract to import; apply it to the import it belongs to, on its own"
        )
        #expect(sink.handed.withLock { $0 }.isEmpty)
    }
}
