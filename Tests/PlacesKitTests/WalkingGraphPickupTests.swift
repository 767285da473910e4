import Foundation
import PlaceCore
import PlacesKit
import Testing

/// A service that keeps running (`places serve`) sees the streets of an import made after it
/// first routed, and stops using those of an import that was removed, without a restart.
struct WalkingGraphPickupTests {
    /// Two streets that meet at a corner, in OpenStreetMap XML.
    static let corner = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3700000" lon="4.8900000"/>
         <node id="2" lat="52.3700000" lon="4.8930000"/>
         <node id="3" lat="52.3720000" lon="4.8930000"/>
         <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Eerste Straat"/></way>
         <way id="11"><nd ref="2"/><nd ref="3"/><tag k="highway" v="footway"/><tag k="name" v="Tweede Pad"/></way>
        </osm>
        """

    @Test func anImportMadeWhileTheServiceRunsIsWalkedAtOnce() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let corner = Coordinate(52.3700, 4.8930)
        #expect(service.walkingGraphs().covering(corner) == nil)

        let file = folder.appendingPathComponent("corner.osm")
        try Self.corner.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())
        let graphs = service.walkingGraphs()
        #expect(graphs.entries.count == 1)
        #expect(graphs.covering(corner) != nil, "the new import's streets are not used by the running service")

        // Opened once, so the graph's checked-stamp (x.walk.verified) may be beside it now.
        let walks = folder.appendingPathComponent("places.walks")
        #expect(try FileManager.default.contentsOfDirectory(atPath: walks.path).contains { $0.hasSuffix(".walk") })

        _ = try service.removeImport(file.path)
        #expect(service.walkingGraphs().entries.isEmpty, "the removed import's streets are still used")
        // Nothing of its graph is left: neither the file nor the stamp that it was checked.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: walks.path)) ?? []
        #expect(left.allSatisfy { !$0.contains(".walk") }, "left behind: \(left)")
    }

    /// A new version of a file that has no ways left takes its old streets with it.
    @Test func aFileImportedAgainWithoutWaysLeavesNoStreetsBehind() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("corner.osm")
        try Self.corner.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())
        #expect(service.walkingGraphs().entries.count == 1)

        let cafeOnly = """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="hand">
             <node id="1" lat="52.3700000" lon="4.8900000"><tag k="amenity" v="cafe"/><tag k="name" v="Hoek"/></node>
            </osm>
            """
        try cafeOnly.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())
        #expect(service.walkingGraphs().entries.isEmpty, "the old version's streets are still walked")
        let walks = folder.appendingPathComponent("places.walks")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: walks.path)) ?? []
        #expect(left.allSatisfy { !$0.contains(".walk") }, "left behind: \(left)")
    }
}
