import Foundation
import GRDB
import ProcessTesting

/// A small town in OpenStreetMap XML and change files for it, written into a test's own folder.
enum ChangeFixtures {
    /// Four corners joined by three streets (1–2–3–4, no street between 4 and 1) and three cafés.
    static let town = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" version="1" lat="52.3700000" lon="4.8900000"/>
         <node id="2" version="1" lat="52.3700000" lon="4.8930000"/>
         <node id="3" version="1" lat="52.3720000" lon="4.8930000"/>
         <node id="4" version="1" lat="52.3720000" lon="4.8900000"/>
         <node id="10" version="1" lat="52.3701000" lon="4.8910000"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Eerst"/></node>
         <node id="11" version="1" lat="52.3719000" lon="4.8920000"><tag k="amenity" v="cafe"/><tag k="name" v="Oude Naam"/></node>
         <node id="12" version="1" lat="52.3710000" lon="4.8931000"><tag k="amenity" v="cafe"/><tag k="name" v="Verdwijnt Straks"/></node>
         <way id="100" version="1"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Eerste Straat"/></way>
         <way id="101" version="1"><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Tweede Straat"/></way>
         <way id="102" version="1"><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/><tag k="name" v="Derde Straat"/></way>
        </osm>
        """

    static let corner1 = (latitude: 52.3700, longitude: 4.8900)
    static let corner4 = (latitude: 52.3720, longitude: 4.8900)

    /// Creates a café and a footpath from corner 4 to corner 1, renames café 11, deletes café 12.
    static let first = change(
        timestamp: "2026-11-26T10:00:00Z",
        create: """
            <node id="13" version="1" TIME lat="52.3705000" lon="4.8905000"><tag k="amenity" v="cafe"/><tag k="name" v="Nieuw Koffiehuis"/></node>
            <way id="103" version="1" TIME><nd ref="4"/><nd ref="1"/><tag k="highway" v="footway"/><tag k="name" v="Vierde Pad"/></way>
            """,
        modify: """
            <node id="11" version="2" TIME lat="52.3719000" lon="4.8920000"><tag k="amenity" v="cafe"/><tag k="name" v="Nieuwe Naam"/></node>
            """,
        delete: #"<node id="12" version="2" TIME/>"#)

    /// After ``first``: the footpath is gone again.
    static let second = change(timestamp: "2026-11-27T10:00:00Z", delete: #"<way id="103" version="2" TIME/>"#)

    /// The same town's café, moved in Paris: a change of another region.
    static let paris = change(
        timestamp: "2026-11-26T10:00:00Z",
        create: """
            <node id="900" version="1" TIME lat="48.8530000" lon="2.3499000"><tag k="amenity" v="cafe"/><tag k="name" v="Café de Paris"/></node>
            """)

    static func change(timestamp: String, create: String = "", modify: String = "", delete: String = "") -> String {
        func block(_ action: String, _ body: String) -> String {
            body.isEmpty ? "" : " <\(action)>\n\(body.replacingOccurrences(of: "TIME", with: "timestamp=\"\(timestamp)\""))\n </\(action)>\n"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osmChange version="0.6" generator="hand">
            \(block("create", create))\(block("modify", modify))\(block("delete", delete))</osmChange>

            """
    }

    @discardableResult
    static func write(_ text: String, to name: String, in folder: URL) throws -> URL {
        let file = folder.appendingPathComponent(name)
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// Gzips `file` with the system's gzip into `name` (beside it).
    static func gzip(_ file: URL, to name: String) async throws -> URL {
        let destination = file.deletingLastPathComponent().appendingPathComponent(name)
        try await ChildProcess.gzip(file, to: destination)
        return destination
    }

    /// Everything an import keeps, to compare before and after: the store's rows, and the bytes of
    /// every file beside it (name index, walking graphs, change journals).
    static func snapshot(storeFolder folder: URL) throws -> [String] {
        var lines: [String] = []
        let store = folder.appendingPathComponent("places.sqlite").path
        if FileManager.default.fileExists(atPath: store) {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: store, configuration: configuration)
            try queue.read { db in
                for table in ["import_source", "imported_place"] {
                    let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1")
                    lines += rows.map { "\(table): \($0)" }
                }
            }
        }
        for sub in ["places.names.d", "places.walks", "places.changes.d"] {
            let root = folder.appendingPathComponent(sub)
            let files = (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).sorted()
            for name in files {
                let data = (try? Data(contentsOf: root.appendingPathComponent(name))) ?? Data()
                lines.append("\(sub)/\(name): \(data.count) bytes, \(data.hashValue)")
            }
        }
        return lines
    }
}
