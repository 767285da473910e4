import Foundation
import PlaceCore
import Testing

@testable import PlacesKit

/// A stop is named the way Timely Moves named one: a named place within reach, else the address
/// it stands at, else the street.
struct StopNamesTests {
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3722" lon="4.8950"/>
         <node id="2" lat="52.3725" lon="4.8935"/>
         <node id="3" lat="52.3723" lon="4.8942"><tag k="addr:street" v="Damstraat"/><tag k="addr:housenumber" v="16"/></node>
         <node id="4" lat="52.3735" lon="4.8930"><tag k="amenity" v="cafe"/><tag k="name" v="Café de Jaren"/></node>
         <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="pedestrian"/><tag k="name" v="Damstraat"/></way>
        </osm>
        """

    @Test func aStopWithoutANamedPlaceIsNamedByItsAddressBeforeItsStreet() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let osm = folder.appendingPathComponent("dam.osm")
        try Self.extract.write(to: osm, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [osm.path], nameLists: [], options: NameListOptions())
        let names = try StopNames(store: service.store, reach: 40)
        let atTheHouse = try names.name(for: Coordinate(52.37231, 4.89418))
        #expect(atTheHouse == StopNames.Name(name: "Damstraat 16", distance: atTheHouse?.distance ?? 0, source: "address"))
        #expect(try names.name(for: Coordinate(52.37350, 4.89301))?.source == "poi", "the café, not its street")
        #expect(try names.name(for: Coordinate(52.37252, 4.89345))?.source == "street", "no house within reach: the street")
    }
}

/// A GPX route is named for where it goes as the person named it.
struct RouteGPXNameTests {
    @Test func aRouteToANamedPlaceIsNamedForIt() {
        let route = Route(provider: "local", path: [Coordinate(52.3731, 4.8926), Coordinate(52.3727, 4.9006)], distance: 600, duration: 430)
        var document = RouteDocument(route: route, origin: Coordinate(52.3731, 4.8926), destination: Coordinate(52.3727, 4.9006))
        #expect(document.gpx().contains("<name>Walk to 52.3727,4.9006</name>"))
        document.destinationName = "Nieuwmarkt"
        #expect(document.gpx().contains("<name>Walk to Nieuwmarkt</name>"))
    }
}
