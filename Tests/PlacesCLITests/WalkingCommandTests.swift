import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// A canal with one bridge, at its east end: the street south of the canal and the one north of
/// it are 111 m apart as the crow flies, and 1.1 km apart on foot from their west ends. A café
/// on the north side's west end; an island no bridge reaches.
enum CanalOSM {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="52.3700" lon="4.8900"/>
          <node id="2" lat="52.3700" lon="4.8960"/>
          <node id="3" lat="52.3710" lon="4.8960"/>
          <node id="4" lat="52.3710" lon="4.8900"/>
          <node id="5" lat="52.3720" lon="4.8900"/>
          <node id="6" lat="52.3720" lon="4.8910"/>
          <node id="10" lat="52.3712" lon="4.8901"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Noordkant"/><tag k="cuisine" v="coffee_shop"/></node>
          <node id="11" lat="52.3698" lon="4.8902"><tag k="amenity" v="cafe"/><tag k="name" v="Koffie Zuidkant"/><tag k="cuisine" v="coffee_shop"/></node>
          <node id="20" lat="52.3705" lon="4.8980"/>
          <node id="21" lat="52.3706" lon="4.8982"/>
          <way id="100"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Zuidkade"/></way>
          <way id="101"><nd ref="2"/><nd ref="3"/><tag k="highway" v="footway"/><tag k="bridge" v="yes"/><tag k="name" v="Oostbrug"/></way>
          <way id="102"><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/><tag k="name" v="Noordkade"/></way>
          <way id="103"><nd ref="4"/><nd ref="5"/><nd ref="6"/><tag k="highway" v="footway"/><tag k="name" v="Steeg"/></way>
          <way id="104"><nd ref="20"/><nd ref="21"/><tag k="highway" v="footway"/><tag k="name" v="Eilandpad"/></way>
        </osm>
        """

    static let south = "52.37,4.8901"
    static let north = "52.371,4.8901"

    static func imported(_ store: TemporaryStore) async throws -> CLI.Output {
        let file = store.folder.appendingPathComponent("canal.osm")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }
}

/// Walking over the imported streets: routes offline, and rankings by the walk a person will make.
@Suite(.timeLimit(.minutes(10))) struct WalkingCommandTests {
    @Test func theImportBuildsAWalkingGraphAndSaysSo() async throws {
        let store = TemporaryStore()
        let output = try await CanalOSM.imported(store)
        #expect(output.stdout.contains("walking graph: "), "\(output.stdout)")
        let json = try await CLI.run(
            ["import", store.folder.appendingPathComponent("canal.osm").path, "--format", "json"], environment: store.environment)
        let graph = try JSONValue.parse(Data(json.stdout.utf8))["imports"]?.arrayValue?.first?["walking_graph"]
        #expect(graph?["junctions"]?.intValue ?? 0 >= 4)
        #expect(graph?["bytes"]?.intValue ?? 0 > 0)
    }

    @Test func aRouteOfflineGoesRoundByTheBridge() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let output = try await CLI.run(
            ["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--offline", "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let route = try JSONValue.parse(Data(output.stdout.utf8))["route"]
        #expect(route?["provider"]?.stringValue == "local")
        let metres = try #require(route?["distance_m"]?.doubleValue)
        #expect(metres > 900 && metres < 1_000, "\(metres)")
        let table = try await CLI.run(
            ["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--provider", "local"], environment: store.environment)
        #expect(table.stdout.contains("Oostbrug"), "\(table.stdout)")
    }

    @Test func rankingUsesTheRoutedWalkAndSaysSo() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let output = try await CLI.run(
            ["coffee", "--near", CanalOSM.south, "--offline", "--format", "json", "--explain", "--max-walk", "30"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let results = try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue ?? []
        // Across the canal the café is 111 m away as the crow flies and ten times that on foot: the one on this side wins.
        #expect(results.first?["name"]?.stringValue == "Koffie Zuidkant")
        let across = try #require(results.first { $0["name"]?.stringValue == "Koffie Noordkant" })
        #expect(across["walk"]?["routed"]?.boolValue == true)
        #expect((across["walk"]?["meters"]?.doubleValue ?? 0) > 900)
        let detail = across["components"]?.arrayValue?.first { $0["name"]?.stringValue == "walk" }?["detail"]?.stringValue ?? ""
        #expect(detail.hasPrefix("routed 9"), "\(detail)")
        #expect(detail.contains("(straight 134 m × 7."), "\(detail)")
        // Without a graph (an extract of points only) the straight line × 1.3 stands, and says so.
        let other = TemporaryStore()
        try await NamedOSM.imported(other)
        let estimated = try await CLI.run(["coffee", "--near", "52.3641,4.883", "--offline", "--explain"], environment: other.environment)
        #expect(estimated.stdout.contains("m straight × 1.3)"), "\(estimated.stdout)")
    }

    @Test func noWalkBetweenThePointsIsExit66NamingBoth() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let output = try await CLI.run(["route", "--from", CanalOSM.south, "--to", "52.37055,4.8981", "--offline"], environment: store.environment)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("52.37,4.8901") && output.stderr.contains("52.37055,4.8981"), "\(output.stderr)")
    }

    /// Two neighbouring extracts imported one after the other, each with its own graph: a walk from
    /// the one's streets to the other's crosses the border street both hold.
    @Test func aRouteCrossesFromOneImportsStreetsToAnothers() async throws {
        let store = TemporaryStore()
        let border = """
              <node id="100" lat="51.9980" lon="5.0100"/>
              <node id="101" lat="52.0000" lon="5.0100"/>
              <node id="102" lat="52.0010" lon="5.0100"/>
              <node id="103" lat="52.0020" lon="5.0100"/>
              <way id="10"><nd ref="100"/><nd ref="101"/><nd ref="102"/><nd ref="103"/><tag k="highway" v="residential"/><tag k="name" v="Grensstraat"/></way>
            """
        let west = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="places tests">
              <node id="1" lat="52.0000" lon="5.0000"/>
              <node id="2" lat="52.0000" lon="5.0050"/>
            \(border)
              <way id="1"><nd ref="1"/><nd ref="2"/><nd ref="101"/><tag k="highway" v="residential"/><tag k="name" v="Weststraat"/></way>
            </osm>
            """
        let east = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="places tests">
              <node id="3" lat="52.0010" lon="5.0150"/>
              <node id="4" lat="52.0010" lon="5.0200"/>
            \(border)
              <way id="2"><nd ref="102"/><nd ref="3"/><nd ref="4"/><tag k="highway" v="residential"/><tag k="name" v="Ooststraat"/></way>
            </osm>
            """
        for (name, xml) in [("west.osm", west), ("east.osm", east)] {
            let file = store.folder.appendingPathComponent(name)
            try xml.write(to: file, atomically: true, encoding: .utf8)
            let result = try await CLI.run(["import", file.path], environment: store.environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        let output = try await CLI.run(
            ["route", "--from", "52.0,5.001", "--to", "52.001,5.019", "--offline", "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        for street in ["Weststraat", "Grensstraat", "Ooststraat"] {
            #expect(output.stdout.contains(street), "\(street): \(output.stdout)")
        }
    }

    @Test func aDamagedGraphIsBuiltAgainFromItsFile() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let folder = store.folder.appendingPathComponent("places.walks")
        // The graphs, not the stamps beside them that say they were checked (x.walk.verified).
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "walk" }
        #expect(files.count == 1)
        for file in files {
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: file)
        }
        let output = try await CLI.run(["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--offline"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("corrupt") && output.stderr.contains("building it again from canal.osm"), "\(output.stderr)")
        // A file that is not a graph at all, with its source gone: said, and the route is refused, not crashed.
        for file in files { try Data("not a graph".utf8).write(to: file) }
        try FileManager.default.removeItem(at: store.folder.appendingPathComponent("canal.osm"))
        let gone = try await CLI.run(["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--offline"], environment: store.environment)
        #expect(gone.status != 0)
        #expect(gone.stderr.contains("import canal.osm again"), "\(gone.stderr)")
    }

    /// A graph written before the format knew squares and tunnels (version 1) is built again from
    /// its OpenStreetMap file, said once, and the new file is kept.
    @Test func aGraphOfAnOlderVersionIsBuiltAgainFromItsFile() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let folder = store.folder.appendingPathComponent("places.walks")
        // The graphs, not the stamps beside them that say they were checked (x.walk.verified).
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "walk" }
        for file in files {
            var bytes = try Data(contentsOf: file)
            bytes[8] = 1  // version 1, with a header checksum that matches it
            let checksum = bytes.withUnsafeBytes { MappedFile.fnv1a(UnsafeRawBufferPointer(rebasing: $0[0..<376])) }
            withUnsafeBytes(of: checksum.littleEndian) { bytes.replaceSubrange(376..<384, with: $0) }
            try bytes.write(to: file)
        }
        let output = try await CLI.run(["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--offline"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains("walking graph version 1 is not supported (this build reads 2)")
                && output.stderr.contains("building it again from canal.osm"), "\(output.stderr)")
        let again = try await CLI.run(["route", "--from", CanalOSM.south, "--to", CanalOSM.north, "--offline"], environment: store.environment)
        #expect(again.status == 0 && !again.stderr.contains("version"), "rebuilt once: \(again.stderr)")
    }

    /// `route --explain` says where each end joined the ways; a start on the water is placed on the
    /// nearest street, and how far that was is said.
    @Test func routeExplainSaysWhereEachEndJoinsTheWays() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let output = try await CLI.run(
            ["route", "--from", "52.3702,4.8930", "--to", CanalOSM.north, "--offline", "--explain"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 3 && lines[1] == "start: 22 m to Zuidkade" && lines[2] == "end: 0 m to Noordkade", "\(output.stdout)")
    }

    /// `coffee --explain` says, under each place walked over the graph, where the walk joined the ways.
    @Test func coffeeExplainSaysWhereEachWalkJoinsTheWays() async throws {
        let store = TemporaryStore()
        _ = try await CanalOSM.imported(store)
        let output = try await CLI.run(
            ["coffee", "--near", CanalOSM.south, "--offline", "--explain", "--max-walk", "30"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("start: 0 m to Zuidkade; end: 22 m to Zuidkade"), "\(output.stdout)")
        #expect(output.stdout.contains("start: 0 m to Zuidkade; end: 7 m to Steeg"), "\(output.stdout)")
    }
}
