import Foundation
import PlaceCore
import PlacesKit
import Testing

/// `reverse` beside a long street names that street, found by its line, not the side street whose
/// middle happens to be nearer than the long street's middle.
struct ReverseStreetLineTests {
    /// Lange Straat runs 1 km east–west; Korte Steeg is 100 m long, 130 m north of its east end.
    static let streets = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3700000" lon="4.8800000"/>
         <node id="2" lat="52.3700000" lon="4.8875000"/>
         <node id="3" lat="52.3700000" lon="4.8950000"/>
         <node id="4" lat="52.3712000" lon="4.8935000"/>
         <node id="5" lat="52.3712000" lon="4.8950000"/>
         <node id="6" lat="52.3712000" lon="4.8950000"/>
         <way id="10"><nd ref="1"/><nd ref="2"/><nd ref="3"/><tag k="highway" v="residential"/><tag k="name" v="Lange Straat"/></way>
         <way id="11"><nd ref="4"/><nd ref="5"/><tag k="highway" v="residential"/><tag k="name" v="Korte Steeg"/></way>
         <way id="12"><nd ref="5"/><nd ref="3"/><tag k="highway" v="footway"/></way>
        </osm>
        """

    @Test func aSpotBesideTheEndOfALongStreetIsOnThatStreet() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("streets.osm")
        try Self.streets.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())

        // 10 m north of Lange Straat, 460 m from its middle; Korte Steeg's middle is 125 m away.
        let spot = Coordinate(52.37009, 4.8940)
        let matches = try await service.reverse(spot, geocoders: false)
        let street = try #require(matches.first { $0.kind == "street" })
        #expect(street.name == "Lange Straat")
        #expect(abs(street.distance - 10) < 1, "\(street.distance) m")
        #expect(street.coordinate.latitude == 52.37 || abs(street.coordinate.latitude - 52.37) < 0.00001)
        #expect(matches.filter { $0.kind == "street" }.count == 1)
    }
}
