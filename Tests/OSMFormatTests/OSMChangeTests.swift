import Foundation
import OSMFormat
import Testing

/// osmChange files: what each edit says, where a broken one breaks, and the extract seen through them.
struct OSMChangeTests {
    static let change = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osmChange version="0.6" generator="osmium/1.15.0">
          <create>
            <node id="5" version="1" timestamp="2026-11-26T10:00:00Z" lat="52.37" lon="4.89"><tag k="name" v="Caf&#233;"/></node>
          </create>
          <modify>
            <way id="20" version="3" timestamp="2026-11-26T11:00:00Z"><nd ref="1"/><nd ref="5"/><tag k="highway" v="footway"/></way>
          </modify>
          <delete>
            <node id="2" version="4" timestamp="2026-11-26T09:00:00Z"/>
            <relation id="7" version="2"/>
          </delete>
        </osmChange>
        """

    @Test func eachEditIsReadWithItsActionVersionAndTime() throws {
        let read = try OSMChangeReader.read(data: Data(Self.change.utf8))
        #expect(read.edits.map(\.name) == ["node 5", "way 20", "node 2", "relation 7"])
        #expect(read.edits.map(\.action) == [.create, .modify, .delete, .delete])
        #expect(read.edits.map(\.version) == [1, 3, 4, 2])
        #expect(read.newestTimestamp == "2026-11-26T11:00:00Z")
        #expect(read.edits[0].element == .node(OSMNode(id: 5, latitude: 52.37, longitude: 4.89, tags: ["name": "Café"])))
        #expect(read.edits[1].element == .way(OSMWay(id: 20, nodeRefs: [1, 5], tags: ["highway": "footway"])))
        #expect(read.edits[2].element == nil)
        #expect(read.locatedNodes == [OSMPoint(latitude: 52.37, longitude: 4.89)])
    }

    @Test func aCutChangeSaysItIsTruncated() {
        let cut = String(Self.change.prefix(300))
        let error = #expect(throws: OSMFormatError.self) { try OSMChangeReader.read(data: Data(cut.utf8)) }
        #expect(error?.description.contains("truncated") == true, "\(error?.description ?? "")")
    }

    @Test func anOSMFileIsNoChange() {
        let error = #expect(throws: OSMFormatError.self) {
            try OSMChangeReader.read(data: Data("<osm version=\"0.6\"><node id=\"1\" lat=\"0\" lon=\"0\"/></osm>".utf8))
        }
        #expect(error?.description.contains("expected <osmChange>") == true)
    }

    @Test func theOverlaySkipsDeletedSubstitutesModifiedAndAddsCreatedInIdOrder() throws {
        let change = try OSMChangeReader.read(data: Data(Self.change.utf8))
        var overlay = OSMChangeOverlay(changes: [change], checkingCreatesOf: [0])
        let extract: [OSMElement] = [
            .node(OSMNode(id: 1, latitude: 52, longitude: 4)), .node(OSMNode(id: 2, latitude: 52, longitude: 4)),
            .node(OSMNode(id: 9, latitude: 52, longitude: 4)), .way(OSMWay(id: 20, nodeRefs: [1, 2])), .relation(OSMRelation(id: 7, members: [])),
        ]
        var seen: [String] = []
        func note(_ element: OSMElement) {
            switch element {
            case .node(let node): seen.append("n\(node.id)")
            case .way(let way): seen.append("w\(way.id):\(way.nodeRefs.map(String.init).joined(separator: ","))")
            case .relation(let relation): seen.append("r\(relation.id)")
            }
        }
        for element in extract { overlay.pass(element, to: note) }
        overlay.finish(to: note)
        #expect(seen == ["n1", "n5", "n9", "w20:1,5"])
        #expect(overlay.createdButPresent.isEmpty)
    }

    @Test func aCreateOfWhatTheExtractHasIsNoted() throws {
        let change = try OSMChangeReader.read(data: Data(Self.change.utf8))
        var overlay = OSMChangeOverlay(changes: [change], checkingCreatesOf: [0])
        overlay.pass(.node(OSMNode(id: 5, latitude: 52, longitude: 4))) { _ in }
        #expect(overlay.createdButPresent == ["node 5"])
    }

    @Test func aChangeFileIsToldByItsNameOrItsRoot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("osc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unnamed = folder.appendingPathComponent("diff.xml")
        try Self.change.write(to: unnamed, atomically: true, encoding: .utf8)
        #expect(OSMChangeReader.recognises(contentsOf: unnamed))
        #expect(OSMChangeReader.recognises(contentsOf: folder.appendingPathComponent("123.osc.gz")))
        let extract = folder.appendingPathComponent("town.osm")
        try "<osm version=\"0.6\"></osm>".write(to: extract, atomically: true, encoding: .utf8)
        #expect(!OSMChangeReader.recognises(contentsOf: extract))
    }
}
