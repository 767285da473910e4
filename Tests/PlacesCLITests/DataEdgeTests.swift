import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// Where the imported data ends: an empty answer says which is true (not covered, covered but
/// none of that kind, nothing within the walk), an answer from just outside an extract says so, a
/// walk names the end the imported streets do not reach, and an answer credits only the imports
/// it could have come from.
@Suite(.timeLimit(.minutes(10))) struct DataEdgeTests {
    /// Car parks only, 2 km north-west of the sample extract: a GeoJSON of parking as
    /// overpass-turbo exports it.
    static let parkingOnly = """
        {"type":"FeatureCollection","generator":"overpass-turbo","features":[
         {"type":"Feature","properties":{"@id":"node/900","amenity":"parking","name":"P Westerpark"},
          "geometry":{"type":"Point","coordinates":[4.8790,52.3860]}}]}
        """

    /// Streets and a car park in Kouvola, no café.
    static let kouvola = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="60.5300" lon="26.9400"/>
          <node id="2" lat="60.5310" lon="26.9420"/>
          <node id="3" lat="60.5305" lon="26.9410"><tag k="amenity" v="parking"/><tag k="name" v="Torikatu"/></node>
          <way id="10"><nd ref="1"/><nd ref="2"/><tag k="highway" v="residential"/><tag k="name" v="Kauppalankatu"/></way>
        </osm>
        """

    static func store() async throws -> TemporaryStore {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        for (name, text) in [("parking.geojson", parkingOnly), ("kouvola.osm", kouvola)] {
            let file = store.folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let result = try await CLI.run(["import", file.path], environment: store.environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return store
    }

    @Test func anEmptyAnswerSaysWhetherTheDataCoversThePointOrHoldsSuchPlaces() async throws {
        let store = try await Self.store()
        let lisbon = try await CLI.run(["coffee", "--near", "38.72,-9.14", "--offline"], environment: store.environment)
        #expect(lisbon.status == 0, "\(lisbon.stderr)")
        #expect(lisbon.stderr.contains("the imported data does not cover 38.72,-9.14: the nearest import, sample.osm, is 1,"), "\(lisbon.stderr)")
        #expect(!lisbon.stderr.contains("max-walk"))
        let kouvola = try await CLI.run(["coffee", "--near", "60.5305,26.941", "--offline"], environment: store.environment)
        #expect(kouvola.stderr.contains("kouvola.osm covers 60.5305,26.941 but holds no coffee place"), "\(kouvola.stderr)")
        // The Amsterdam point with its numbers swapped lies in the Indian Ocean.
        let swapped = try await CLI.run(["coffee", "--near", "4.8925,52.3712", "--offline"], environment: store.environment)
        #expect(
            swapped.stderr.contains(
                "does not cover 4.8925,52.3712, but sample.osm covers 52.3712,4.8925: are latitude and longitude the wrong way round?"),
            "\(swapped.stderr)")
        let walk = try await CLI.run(["coffee", "--near", "52.3712,4.8925", "--offline", "--max-walk", "1"], environment: store.environment)
        #expect(walk.stderr.contains("try a longer --max-walk"), "\(walk.stderr)")
    }

    @Test func anAnswerCreditsOnlyTheImportsThatCouldHaveGivenIt() async throws {
        let store = try await Self.store()
        let coffee = try await CLI.run(["coffee", "--near", "52.3712,4.8925", "--offline", "--format", "json"], environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let credits = try JSONValue.parse(Data(coffee.stdout.utf8))["providers"]?.arrayValue?.first?["attribution"]?.arrayValue ?? []
        #expect(credits.compactMap { $0["source"]?.stringValue } == ["sample.osm"], "not the parking GeoJSON, not Kouvola: \(credits)")
        #expect(coffee.stderrLines.contains { $0.hasPrefix("places: offline: ") && $0.contains("sample.osm") && !$0.contains("parking.geojson") })
    }

    @Test func anAnswerFromJustOutsideAnExtractSaysSo() async throws {
        let store = try await Self.store()
        // 300 m south of the sample's southernmost place.
        let outside = try await CLI.run(["coffee", "--near", "52.3653,4.8930", "--offline"], environment: store.environment)
        #expect(outside.stderr.contains("outside the area of sample.osm"), "\(outside.stderr)")
        let inside = try await CLI.run(["coffee", "--near", "52.3712,4.8925", "--offline"], environment: store.environment)
        #expect(!inside.stderr.contains("outside the area"), "\(inside.stderr)")
    }

    @Test func aWalkNamesTheEndTheImportedStreetsDoNotReach() async throws {
        let store = try await Self.store()
        let route = try await CLI.run(["route", "--from", "52.3755,4.8965", "--to", "52.3900,4.9300", "--offline"], environment: store.environment)
        #expect(route.status != 0)
        #expect(route.stderr.contains("the imported streets do not reach the end, 52.39,4.93: the nearest, sample.osm's, are"), "\(route.stderr)")
        #expect(!route.stderr.contains("--names FILE.csv"), "a name list adds no streets: \(route.stderr)")
    }
}
