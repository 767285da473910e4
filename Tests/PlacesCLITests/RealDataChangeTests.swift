import Foundation
import GRDB
import PlaceCore
import ProcessTesting
import Testing

/// A real diff: `osmium derive-changes` between ../shared/data/amsterdam_centrum.osm and a copy with a
/// café renamed, one deleted, one created and a street renamed, applied to the import of the
/// original, gives what importing the edited copy gives. Skipped, and said so, without the data or osmium.
@Suite(.timeLimit(.minutes(10))) struct RealDataChangeTests {
    static let osmium = ["/usr/bin/osmium", "/usr/local/bin/osmium"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The file with the element `<type id="id" …>` passed through `edit` (nil: removed), its version
    /// raised by one, as an editor's upload would.
    static func editing(_ text: String, _ type: String, _ id: Int64, _ edit: (String) -> String?) throws -> String {
        let start = try #require(text.range(of: "<\(type) id=\"\(id)\""))
        let closing = try #require(text.range(of: "</\(type)>", range: start.upperBound..<text.endIndex))
        let block = String(text[start.lowerBound..<closing.upperBound])
        guard let edited = edit(block) else { return text.replacingCharacters(in: start.lowerBound..<closing.upperBound, with: "") }
        let version = try #require(edited.firstMatch(of: /version="(\d+)"/))
        let raised = edited.replacingCharacters(in: version.range, with: "version=\"\(Int(version.1)! + 1)\"")
        return text.replacingCharacters(in: start.lowerBound..<closing.upperBound, with: raised)
    }

    /// Every place's id, name, kind and position, in order. A postcode's position is the mean of
    /// its addresses, summed in the order they are read (a change's created ones come in id order),
    /// so it is compared to the 7 decimals a position is written with.
    static func places(_ store: TemporaryStore) throws -> [String] {
        var configuration = Configuration()
        configuration.readonly = true
        return try DatabaseQueue(path: store.path, configuration: configuration).read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT id, name, kind,
                        CASE WHEN id LIKE 'osm:postcode/%' THEN ROUND(latitude, 7) ELSE latitude END AS latitude,
                        CASE WHEN id LIKE 'osm:postcode/%' THEN ROUND(longitude, 7) ELSE longitude END AS longitude
                    FROM imported_place ORDER BY id
                    """
            ).map { "\($0)" }
        }
    }

    @Test(
        .enabled(if: RealDataImportTests.has("amsterdam_centrum.osm"), "needs ../shared/data/amsterdam_centrum.osm"),
        .enabled(if: osmium != nil, "needs osmium (osmium-tool) to derive the change"))
    func aDerivedDiffGivesWhatImportingTheEditedFileGives() async throws {
        let folder = TemporaryStore()
        let original = folder.folder.appendingPathComponent("amsterdam.osm")
        try FileManager.default.copyItem(at: RealDataImportTests.file("amsterdam_centrum.osm"), to: original)
        var text = try String(contentsOf: original, encoding: .utf8)
        text = try Self.editing(text, "node", 251_171_043) { $0.replacingOccurrences(of: "v=\"Coffeeshop Rock-it\"", with: "v=\"Koffiehuis Rots\"") }
        text = try Self.editing(text, "node", 251_528_287) { _ in nil }
        text = try Self.editing(text, "way", 311_918_931) {
            $0.replacingOccurrences(of: "k=\"name\" v=\"Damrak\"", with: "k=\"name\" v=\"Damrakkade\"")
        }
        let created = """
            <node id="30000000000" version="1" timestamp="2026-11-27T06:00:00Z" lat="52.3700000" lon="4.8950000">
              <tag k="amenity" v="cafe"/>
              <tag k="name" v="Splinternieuw Koffiehuis"/>
             </node>
             
            """
        let firstWay = try #require(text.range(of: "<way "))
        text.insert(contentsOf: created, at: firstWay.lowerBound)
        let edited = folder.folder.appendingPathComponent("edited.osm")
        try text.write(to: edited, atomically: true, encoding: .utf8)
        let change = folder.folder.appendingPathComponent("amsterdam.osc.gz")
        let derive = try await ChildProcess.run(
            URL(fileURLWithPath: try #require(Self.osmium)), ["derive-changes", original.path, edited.path, "-o", change.path, "--overwrite"],
            environment: ProcessInfo.processInfo.environment)
        #expect(derive.status == 0, "\(derive.stderr)")

        let applied = TemporaryStore()
        #expect(try await CLI.run(["import", original.path], environment: applied.environment).status == 0)
        let result = try await CLI.run(["import", change.path], environment: applied.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("(1 created, 2 modified, 1 deleted; its change 1)"), "\(result.stdout)")
        let direct = TemporaryStore()
        #expect(try await CLI.run(["import", edited.path], environment: direct.environment).status == 0)
        let appliedPlaces = try Self.places(applied)
        #expect(appliedPlaces == (try Self.places(direct)))
        #expect(appliedPlaces.contains { $0.contains("Splinternieuw Koffiehuis") })
        #expect(appliedPlaces.contains { $0.contains("Koffiehuis Rots") })
        #expect(!appliedPlaces.contains { $0.contains("Coffeeshop Rock-it") })
    }
}
