import Foundation
import Testing

/// The faults #27 names for an extract, end to end through the built binary: a PBF cut short, and
/// ways that reference nodes the file does not have.
@Suite(.timeLimit(.minutes(10))) struct ImportFaultTests {
    /// A PBF cut at 90 % (inside its last blob) is refused in one line that names the file, where
    /// it ends and why, with the data-error exit code; the store keeps what it had, byte for byte.
    @Test func aPBFCutAtNinetyPercentIsExit65AndTheStoreIsLeftAsItWas() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        let whole = try Data(contentsOf: CLI.repository.appendingPathComponent("Tests/OSMFormatTests/Fixtures/sample.osm.pbf"))
        let cut = store.folder.appendingPathComponent("cut.osm.pbf")
        try whole.prefix(whole.count * 9 / 10).write(to: cut)

        let result = try await CLI.run(["import", cut.path], environment: store.environment)
        #expect(result.status == 65)
        #expect(result.stderrLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(cut.path) && result.stderr.contains("truncated") && result.stderr.contains("byte "), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before, "a failed import changes nothing")
        let still = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(try ImportCommandTests.names(still).contains("Damrak"))
    }

    /// A café and two ways at an extract's edge: Kattenpad has two of its four nodes in the file,
    /// Nergensstraat none.
    static let edge = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6">
          <node id="1" lat="52.3731" lon="4.8926"><tag k="amenity" v="cafe"/><tag k="name" v="Zwarte Kat"/></node>
          <node id="2" lat="52.3733" lon="4.8930"/>
          <node id="3" lat="52.3736" lon="4.8934"/>
          <way id="10"><nd ref="2"/><nd ref="3"/><nd ref="99"/><nd ref="98"/><tag k="highway" v="footway"/><tag k="name" v="Kattenpad"/></way>
          <way id="11"><nd ref="97"/><nd ref="96"/><tag k="highway" v="residential"/><tag k="name" v="Nergensstraat"/></way>
        </osm>
        """

    /// Ways that reference nodes outside the file (as an extract cut by a box has at its edge) are
    /// kept where they have nodes and left out where they have none; the import succeeds and says
    /// how many of each there were.
    @Test func waysWithNodesOutsideTheFileKeepWhatTheFileHas() async throws {
        let store = TemporaryStore()
        let file = store.folder.appendingPathComponent("edge.osm")
        try Self.edge.write(to: file, atomically: true, encoding: .utf8)

        let result = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 POI · 1 street"), "\(result.stdout)")
        #expect(result.stdout.contains("1 way has nodes outside the file"), "\(result.stdout)")
        #expect(result.stdout.contains("1 element had no position inside the extract and was left out"), "\(result.stdout)")
        let kept = try await CLI.run(["complete", "Kattenp", "--format", "json"], environment: store.environment)
        #expect(try ImportCommandTests.names(kept) == ["Kattenpad"], "\(kept.stdout)")
        let none = try await CLI.run(["complete", "Nergensstr", "--format", "json"], environment: store.environment)
        #expect(try ImportCommandTests.names(none).isEmpty, "\(none.stdout)")
        let coffee = try await CLI.run(["coffee", "--offline", "--near", "52.3733,4.8930", "--format", "json"], environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        #expect(coffee.stdout.contains("Zwarte Kat"), "\(coffee.stdout)")
    }
}
