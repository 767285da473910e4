import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing

/// `places parking` lists a garage once with its entrances, from imported data (`--offline`) and
/// from a live Overpass answer (`--provider osm`), and labels the car parks nobody named.
@Suite(.timeLimit(.minutes(10))) struct ParkingEntrancesCommandTests {
    /// Rokin's garage as OpenStreetMap maps it: an underground area with two named entrance nodes
    /// in it, and an unnamed kerbside car park 20 m from Geldersekade.
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="52.36975" lon="4.89214"/>
          <node id="2" lat="52.37140" lon="4.89214"/>
          <node id="3" lat="52.37140" lon="4.89302"/>
          <node id="4" lat="52.36975" lon="4.89302"/>
          <node id="5" lat="52.37300" lon="4.90000"/>
          <node id="6" lat="52.37300" lon="4.90100"/>
          <node id="10" lat="52.3702757" lon="4.8925526">
            <tag k="amenity" v="parking_entrance"/><tag k="parking" v="underground"/><tag k="name" v="Rokin Garage (Ingang)"/>
          </node>
          <node id="11" lat="52.3708168" lon="4.8927076">
            <tag k="amenity" v="parking_entrance"/><tag k="parking" v="underground"/><tag k="name" v="Rokin Garage (uitgang)"/>
          </node>
          <node id="12" lat="52.37318" lon="4.90050">
            <tag k="amenity" v="parking"/><tag k="parking" v="on_kerb"/>
          </node>
          <way id="100"><nd ref="1"/><nd ref="2"/><nd ref="3"/><nd ref="4"/><nd ref="1"/>
            <tag k="amenity" v="parking"/><tag k="parking" v="underground"/><tag k="name" v="Parkeergarage Rokin"/>
          </way>
          <way id="101"><nd ref="5"/><nd ref="6"/><tag k="highway" v="residential"/><tag k="name" v="Geldersekade"/></way>
        </osm>
        """

    static func results(_ output: CLI.Output) throws -> [JSONValue] {
        try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue ?? []
    }

    /// - Parameter entrance: the id of the entrance "Rokin Garage (Ingang)".
    static func expectRokinOnce(_ results: [JSONValue], entrance: String = "osm:node/6757261126") {
        let names = results.compactMap { $0["name"]?.stringValue }
        #expect(names.filter { $0.contains("Rokin") } == ["Parkeergarage Rokin"], "\(names)")
        let rokin = results.first { $0["name"]?.stringValue == "Parkeergarage Rokin" }
        let entrances = rokin?["entrances"]?.arrayValue ?? []
        #expect(
            entrances.compactMap { $0["name"]?.stringValue } == ["Rokin Garage (Ingang)", "Rokin Garage (uitgang)"],
            "\(String(describing: rokin))")
        #expect(entrances.first?["id"]?.stringValue == entrance)
        #expect(entrances.first?["lat"]?.doubleValue == 52.3702757)
    }

    @Test func offlineAGarageIsListedOnceWithItsEntrances() async throws {
        let store = TemporaryStore()
        let file = store.folder.appendingPathComponent("rokin.osm")
        try Self.xml.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let parking = try await CLI.run(
            ["parking", "--near", "52.3705,4.8926", "--offline", "--format", "json"], environment: store.environment)
        #expect(parking.status == 0, "\(parking.stderr)")
        let results = try Self.results(parking)
        Self.expectRokinOnce(results, entrance: "osm:node/10")
        #expect(results.contains { $0["name"]?.stringValue == "Street parking on Geldersekade" }, "\(parking.stdout)")
    }

    /// The same garage as a live Overpass server answers `out tags bb`: the area with its box.
    static let overpass = #"""
        {"version": 0.6, "generator": "test server", "elements": [
          {"type": "node", "id": 6757261126, "lat": 52.3702757, "lon": 4.8925526,
           "tags": {"amenity": "parking_entrance", "parking": "underground", "name": "Rokin Garage (Ingang)"}},
          {"type": "node", "id": 6757261121, "lat": 52.3708168, "lon": 4.8927076,
           "tags": {"amenity": "parking_entrance", "parking": "underground", "name": "Rokin Garage (uitgang)"}},
          {"type": "way", "id": 719936522, "bounds": {"minlat": 52.36975, "minlon": 4.89214, "maxlat": 52.3714, "maxlon": 4.89302},
           "tags": {"amenity": "parking", "parking": "underground", "name": "Parkeergarage Rokin", "capacity": "293"}}
        ]}
        """#

    @Test func liveOverpassAGarageIsListedOnceWithItsEntrances() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data(Self.overpass.utf8)) }
        defer { server.stop() }
        let scenario = Scenario()
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("[osm]\nendpoint = \"http://127.0.0.1:\(server.port)/api/interpreter\"\n".utf8).write(to: config)
        let parking = try await CLI.run([
            "parking", "--near", "52.3705,4.8926", "--provider", "osm", "--http-mode", "live", "--config", config.path,
            "--format", "json",
        ])
        #expect(parking.status == 0, "\(parking.stderr)")
        let results = try Self.results(parking)
        Self.expectRokinOnce(results)
        // The way's centre is the middle of its box, as Overpass's own `center` would be.
        let rokin = try #require(results.first)
        #expect(abs((rokin["lat"]?.doubleValue ?? 0) - 52.370575) < 1e-6)
        let query = String(decoding: try #require(server.requests.first?.body), as: UTF8.self)
        #expect(query.contains("out%20tags%20bb") || query.contains("out+tags+bb"), "\(query)")
    }

    static let extract = RealDataImportTests.data.appendingPathComponent("amsterdam_centrum.osm")
    static var hasExtract: Bool { FileManager.default.fileExists(atPath: extract.path) }

    @Test(.enabled(if: hasExtract, "../shared/data/amsterdam_centrum.osm is not beside the repository"))
    func theRealRokinGarageIsOnePlace() async throws {
        let store = TemporaryStore()
        let imported = try await CLI.run(["import", Self.extract.path], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let parking = try await CLI.run(
            ["parking", "--near", "52.3705,4.8926", "--offline", "--format", "json"], environment: store.environment)
        #expect(parking.status == 0, "\(parking.stderr)")
        let results = try Self.results(parking)
        Self.expectRokinOnce(results)
        let names = results.compactMap { $0["name"]?.stringValue }
        #expect(
            !names.contains("Car park") && !names.contains("Car park entrance"),
            "every unnamed car park says more: \(names)")
        #expect(
            Set(names).count == names.count || names.filter { $0.hasPrefix("Street parking") }.count == 2, "\(names)")
    }
}
