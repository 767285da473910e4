import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing

/// A hand-written extract with named places: Leidseplein with two cafés, and two villages of one
/// name a few kilometres apart (an ambiguous name).
enum NamedOSM {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="52.3641" lon="4.8830"><tag k="place" v="square"/><tag k="name" v="Leidseplein"/></node>
          <node id="2" lat="52.3645" lon="4.8836"><tag k="amenity" v="cafe"/><tag k="name" v="Café Americain"/></node>
          <node id="3" lat="52.3638" lon="4.8822"><tag k="amenity" v="cafe"/><tag k="name" v="Koffiehuis Leidse"/></node>
          <node id="4" lat="52.3000" lon="4.9000"><tag k="place" v="village"/><tag k="name" v="Oudekerk"/></node>
          <node id="5" lat="52.2600" lon="4.9300"><tag k="place" v="village"/><tag k="name" v="Oudekerk"/></node>
        </osm>
        """

    static func imported(_ store: TemporaryStore) async throws {
        let file = store.folder.appendingPathComponent("named.osm")
        try xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
    }
}

/// A place by name wherever a position is asked: the imported names first, then Photon (here
/// from the bundled recordings of its answers).
@Suite(.timeLimit(.minutes(10))) struct NamedPlacesTests {
    @Test func aNameFromTheImportedDataIsUsedAndSaid() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["coffee", "--near", "Leidseplein", "--offline", "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderrLines.contains("places: near: Leidseplein (Square) 52.3641,4.883"), "\(output.stderr)")
        let near = try JSONValue.parse(Data(output.stdout.utf8))["query"]?["near"]
        #expect(near?["name"]?.stringValue == "Leidseplein")
        #expect(near?["source"]?.stringValue == "index")
        #expect(near?["lat"]?.doubleValue == 52.3641)
        let names = try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names.contains("Café Americain"))
    }

    @Test func anAmbiguousNameNamesTheRunnerUp() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["coffee", "--near", "Oudekerk", "--offline"], environment: store.environment)
        let line = try #require(output.stderrLines.first { $0.hasPrefix("places: near: Oudekerk") }, "\(output.stderr)")
        #expect(line.contains("; also: Oudekerk (Village) 52.2"), "\(line)")
        #expect(line.contains("give --near LAT,LON or a longer name to choose"), "\(line)")
    }

    @Test func aNameThatMatchesNothingSaysWhatWasSearchedAndWhatIsClose() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["coffee", "--near", "Leidsplein", "--offline"], environment: store.environment)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("--near 'Leidsplein' matches no place in the imported names"), "\(output.stderr)")
        #expect(output.stderr.contains("did you mean Leidseplein?"), "\(output.stderr)")
        #expect(!output.stderr.contains("photon"), "--offline asks no geocoder, live or recorded: \(output.stderr)")
    }

    @Test func photonAnswersWhatTheImportedNamesDoNotKnow() async throws {
        let output = try await CLI.run(["route", "--from", "Dam", "--to", "Nieuwmarkt", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("from: Dam (square, Amsterdam, Noord-Holland) 52.3731,4.8926 from photon"), "\(output.stderr)")
        // Dam is also a street in Zaandam: the runner-up is named.
        #expect(output.stderr.contains("also: Dam (residential, Zaandam"), "\(output.stderr)")
        #expect(output.stderr.contains("to: Nieuwmarkt (square"), "\(output.stderr)")
        let route = try JSONValue.parse(Data(output.stdout.utf8))["route"]
        #expect(route?["to"]?.arrayValue?.compactMap(\.doubleValue) == [4.9006, 52.3727])
        #expect(route?["distance_m"]?.doubleValue ?? 0 > 500)
    }

    /// `--offline` looks a name up among the imported names only: not with Photon, live or
    /// recorded (it asked Photon's recordings, which a user without network did not expect).
    @Test func offlineAsksNoGeocoderForANameTheImportedNamesDoNotKnow() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["coffee", "--near", "Rijksmuseum", "--offline", "--format", "json"], environment: store.environment)
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr.contains("--near 'Rijksmuseum' matches no place in the imported names"), "\(output.stderr)")
        #expect(!output.stderr.contains("photon"), "\(output.stderr)")
    }

    @Test(arguments: [
        ("", "--near is empty"),
        ("a\u{1}b", "--near has control characters"),
        (String(repeating: "x", count: 500), "--near is 500 characters long"),
        ("52.37,", "--near '52.37,' is not a coordinate"),
    ])
    func namesThatCannotBeNamesAreUsageErrors(_ name: String, _ message: String) async throws {
        let output = try await CLI.run(["coffee", "--near", name])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func aGeocoderThatFailsIsSaidAndTheImportedNamesStillAnswer() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let server = try LocalHTTPServer { _ in .init(status: 503, body: Data("{\"message\": \"overloaded\"}".utf8)) }
        defer { server.stop() }
        let config = store.folder.appendingPathComponent("config.toml")
        try "[photon]\nendpoint = \"http://127.0.0.1:\(server.port)\"\n".write(to: config, atomically: true, encoding: .utf8)
        // "Leidsepl" is only the start of a name: the geocoder is asked, fails, and the partial match
        // answers. (Recommendations of a feed file: the search itself needs no network.)
        let output = try await CLI.run(
            ["recommendations", "--near", "Leidsepl", "--feed", "examples/feed.json", "--config", config.path],
            environment: store.environment.merging(["PLACES_HTTP_MODE": "live"]) { $1 })
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("photon: 127.0.0.1:\(server.port)/api failed (HTTP 503: overloaded)"), "\(output.stderr)")
        #expect(output.stderr.contains("using the imported names' best match"), "\(output.stderr)")
        #expect(output.stderr.contains("near: Leidseplein"), "\(output.stderr)")
        // Nothing imported: nothing could resolve the name.
        let alone = try await CLI.run(
            ["coffee", "--near", "Leidsepl", "--config", config.path], environment: ["PLACES_HTTP_MODE": "live"])
        #expect(alone.status == 69, "\(alone.stderr)")
        #expect(alone.stderrLines.count == 1, "\(alone.stderr)")
    }

    @Test func reverseSaysWhatIsThere() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["reverse", "52.3642,4.8831", "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let results = try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue ?? []
        #expect(results.first?["name"]?.stringValue == "Leidseplein")
        #expect(results.first?["source"]?.stringValue == "imported")
        #expect((results.first?["distance_m"]?.doubleValue ?? 99) < 20)
        // Photon's recorded answer for Dam, with nothing imported.
        let dam = try await CLI.run(["reverse", "52.3731,4.8926"])
        #expect(dam.status == 0, "\(dam.stderr)")
        #expect(dam.stdout.contains("Dam") && dam.stdout.contains("photon"), "\(dam.stdout)")
        // Nowhere: the imported data knows nothing there, and the geocoder has no recording of it.
        let nowhere = try await CLI.run(["reverse", "0,0"], environment: store.environment)
        #expect(nowhere.status == 69, "\(nowhere.stderr)")
        #expect(nowhere.stderrLines.count == 1, "\(nowhere.stderr)")
    }

    @Test func reverseOfflineAnswersFromTheImportedDataAlone() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let output = try await CLI.run(["reverse", "52.3642,4.8831", "--offline", "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let results = try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue ?? []
        #expect(results.first?["name"]?.stringValue == "Leidseplein")
        #expect(!results.isEmpty && results.allSatisfy { $0["source"]?.stringValue == "imported" }, "\(output.stdout)")
        // At Dam Photon's recording answers without --offline (above); with it, nothing is asked:
        // the imported data knows nothing there, which is no match, not a failure.
        let dam = try await CLI.run(["reverse", "52.3731,4.8926", "--offline"], environment: store.environment)
        #expect(dam.status == 0, "\(dam.stderr)")
        #expect(!dam.stdout.contains("photon") && !dam.stderr.contains("photon"), "\(dam.stdout)\(dam.stderr)")
        #expect(dam.stderr.contains("no match"), "\(dam.stderr)")
    }
}
