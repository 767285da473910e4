import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// A small hand-written OSM extract: Damrak in two segments, Damraksteeg, Damstraat, Kalverstraat,
/// cafés (one a bubble-tea place, one a cannabis "coffeeshop"), a car park and a suburb.
enum SampleOSM {
    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <bounds minlat="52.3700" minlon="4.8900" maxlat="52.3780" maxlon="4.9000"/>
          <node id="1" lat="52.3760" lon="4.8970"/>
          <node id="2" lat="52.3750" lon="4.8960"/>
          <node id="3" lat="52.3740" lon="4.8950"/>
          <node id="4" lat="52.3745" lon="4.8940"/>
          <node id="5" lat="52.3746" lon="4.8930"/>
          <node id="6" lat="52.3725" lon="4.8935"/>
          <node id="7" lat="52.3722" lon="4.8950"/>
          <node id="8" lat="52.3690" lon="4.8910"/>
          <node id="9" lat="52.3680" lon="4.8915"/>
          <node id="20" lat="52.3712" lon="4.8931">
            <tag k="amenity" v="cafe"/><tag k="name" v="Café de Jaren"/><tag k="cuisine" v="coffee_shop"/>
            <tag k="opening_hours" v="Mo-Su 09:00-23:00"/><tag k="addr:street" v="Nes"/><tag k="addr:housenumber" v="41"/>
          </node>
          <node id="21" lat="52.3716" lon="4.8921">
            <tag k="amenity" v="cafe"/><tag k="name" v="Café &apos;t Smalle"/>
          </node>
          <node id="22" lat="52.3706" lon="4.8910">
            <tag k="amenity" v="cafe"/><tag k="cuisine" v="bubble_tea"/><tag k="name" v="SooTea"/>
          </node>
          <node id="23" lat="52.3709" lon="4.8950">
            <tag k="shop" v="cannabis"/><tag k="name" v="Coffeeshop Family First"/>
          </node>
          <node id="24" lat="52.3700" lon="4.8940">
            <tag k="amenity" v="parking"/><tag k="parking" v="underground"/><tag k="name" v="Parkeergarage Rokin"/>
          </node>
          <node id="25" lat="52.3730" lon="4.8940">
            <tag k="place" v="suburb"/><tag k="name" v="Burgwallen-Nieuwe Zijde"/>
          </node>
          <way id="100"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/><tag k="name" v="Damrak"/></way>
          <way id="101"><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="name" v="Damrak"/></way>
          <way id="102"><nd ref="4"/><nd ref="5"/><tag k="highway" v="footway"/><tag k="name" v="Damraksteeg"/></way>
          <way id="103"><nd ref="6"/><nd ref="7"/><tag k="highway" v="pedestrian"/><tag k="name" v="Damstraat"/></way>
          <way id="104"><nd ref="8"/><nd ref="9"/><tag k="highway" v="pedestrian"/><tag k="name" v="Kalverstraat"/></way>
        </osm>
        """
}

/// `places import`, `places complete` and `places coffee --offline`, end to end.
@Suite(.timeLimit(.minutes(10))) struct ImportCommandTests {
    static func imported(_ store: TemporaryStore) async throws -> URL {
        let file = store.folder.appendingPathComponent("sample.osm")
        try SampleOSM.xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return file
    }

    static func names(_ output: CLI.Output) throws -> [String] {
        try (JSONValue.parse(Data(output.stdout.utf8))["suggestions"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    @Test func importsAnExtractAndCompletesFromIt() async throws {
        let store = TemporaryStore()
        let file = store.folder.appendingPathComponent("sample.osm")
        try SampleOSM.xml.write(to: file, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Imported \(file.path) (OSM XML, 20 elements)"), "\(result.stdout)")
        #expect(result.stdout.contains("5 POIs · 4 streets · 1 place"), "\(result.stdout)")
        #expect(result.stderr.isEmpty, "no progress bar when stderr is not a terminal: \(result.stderr)")

        let damr = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(damr.status == 0, "\(damr.stderr)")
        #expect(try Self.names(damr).prefix(2).sorted() == ["Damrak", "Damraksteeg"])
        #expect(!(try Self.names(damr)).contains("Damstraat"), "Damstraat does not start with Damr")

        let typo = try await CLI.run(["complete", "Dmrak", "--near", "52.37,4.89", "--format", "json"], environment: store.environment)
        #expect(try Self.names(typo).first == "Damrak")
        let suggestion = try JSONValue.parse(Data(typo.stdout.utf8))["suggestions"]?.arrayValue?.first
        #expect(suggestion?["match"]?.stringValue == "1 typo")
        #expect(suggestion?["id"]?.stringValue == "osm:way/100")

        let cafe = try await CLI.run(["complete", "cafe de", "--format", "json"], environment: store.environment)
        #expect(try Self.names(cafe).first == "Café de Jaren")

        let streets = try await CLI.run(["complete", "Kalverstr", "--kind", "street"], environment: store.environment)
        #expect(streets.stdout.contains("Kalverstraat"))
        #expect(streets.stdoutLines.first?.hasPrefix("Name") == true, "a table with a header when piped: \(streets.stdout)")
    }

    @Test func importingTheSameFileTwiceDuplicatesNothing() async throws {
        let store = TemporaryStore()
        let file = try await Self.imported(store)
        let again = try await CLI.run(["import", file.path, "--format", "json"], environment: store.environment)
        #expect(again.status == 0, "\(again.stderr)")
        let report = try JSONValue.parse(Data(again.stdout.utf8))
        #expect(report["imports"]?.arrayValue?.first?["replaced"]?.intValue == 0)
        #expect(report["imports"]?.arrayValue?.first?["removed"]?.intValue == 0)
        // Ten names and the café's address, Nes 41.
        #expect(report["index"]?["names"]?.intValue == 11)
        let damrak = try await CLI.run(["complete", "Damrak", "--kind", "street", "--format", "json"], environment: store.environment)
        #expect(try Self.names(damrak).filter { $0 == "Damrak" }.count == 1)
    }

    @Test func coffeeOfflineAnswersFromTheImportedDataWithoutWhatIsNotCoffee() async throws {
        let store = TemporaryStore()
        _ = try await Self.imported(store)
        let coffee = try await CLI.run(
            ["coffee", "--near", "52.3712,4.8925", "--offline", "--format", "json"],
            environment: store.environment.merging(["PLACES_HTTP_MODE": "live"]) { $1 })
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let names = try (JSONValue.parse(Data(coffee.stdout.utf8))["results"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(Set(names) == ["Café de Jaren", "Café 't Smalle"], "no bubble tea, no cannabis: \(names)")
        #expect(coffee.stderr.contains("offline"), "\(coffee.stderr)")
        let ids = try (JSONValue.parse(Data(coffee.stdout.utf8))["results"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids.contains("osm:node/20"))

        let parking = try await CLI.run(["parking", "--near", "52.3712,4.8925", "--offline", "--format", "json"], environment: store.environment)
        #expect(parking.status == 0, "\(parking.stderr)")
        #expect(parking.stdout.contains("Parkeergarage Rokin"))
    }

    @Test func offlineWithNothingImportedSaysWhatToDo() async throws {
        let store = TemporaryStore()
        let coffee = try await CLI.run(["coffee", "--near", "52.37,4.89", "--offline"], environment: store.environment)
        #expect(coffee.status == 66)
        #expect(coffee.stderr.contains("places import"), "\(coffee.stderr)")
        let complete = try await CLI.run(["complete", "Damr"], environment: store.environment)
        #expect(complete.status == 66)
        #expect(complete.stderr.contains("places import"), "\(complete.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store.path), "looking creates no store")
    }

    @Test func emptyLongAndControlCharacterQueriesAnswerNothingQuietly() async throws {
        let store = TemporaryStore()
        _ = try await Self.imported(store)
        for text in ["", "   ", String(repeating: "Damrak ", count: 72), "\u{1}\u{7}\u{1B}[31m", "Dam\u{0}rak", "'-_/"] {
            let result = try await CLI.run(["complete", text, "--format", "json"], environment: store.environment)
            #expect(result.status == 0, "\(text.debugDescription): \(result.stderr)")
            #expect(try JSONValue.parse(Data(result.stdout.utf8))["suggestions"] != nil)
        }
    }

    @Test func aFileThatIsNotOSMIsRefusedAndTheStoreIsLeftAsItWas() async throws {
        let store = TemporaryStore()
        _ = try await Self.imported(store)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))

        let gpx = store.folder.appendingPathComponent("walk.gpx")
        try #"<?xml version="1.0"?><gpx version="1.1"><trk><trkseg><trkpt lat="52.37" lon="4.89"/></trkseg></trk></gpx>"#
            .write(to: gpx, atomically: true, encoding: .utf8)
        let notOSM = try await CLI.run(["import", gpx.path], environment: store.environment)
        #expect(notOSM.status == 65)
        #expect(notOSM.stderrLines.count == 1, "\(notOSM.stderr)")
        #expect(notOSM.stderr.contains(gpx.path) && notOSM.stderr.contains("gpx"), "\(notOSM.stderr)")

        let truncated = store.folder.appendingPathComponent("cut.osm")
        try String(SampleOSM.xml.prefix(900)).write(to: truncated, atomically: true, encoding: .utf8)
        let cut = try await CLI.run(["import", truncated.path], environment: store.environment)
        #expect(cut.status == 65)
        #expect(cut.stderr.contains("line"), "names where: \(cut.stderr)")

        let csv = store.folder.appendingPathComponent("streets.csv")
        try "a,b,Damrak\na,b\n".write(to: csv, atomically: true, encoding: .utf8)
        let missing = try await CLI.run(["import", "--names", csv.path, "--name-column", "3"], environment: store.environment)
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("streets.csv") && missing.stderr.contains("line 2"), "\(missing.stderr)")
        // A mistaken option is named by the flag the user typed, in one line.
        let zero = try await CLI.run(["import", "--names", csv.path, "--name-column", "0"], environment: store.environment)
        #expect(zero.status == 65)
        #expect(zero.stderr == "places: --name-column 0 must be 1 or more: the columns of streets.csv count from 1\n", "\(zero.stderr)")
        let unnamed = try await CLI.run(["import", "--names", csv.path], environment: store.environment)
        #expect(unnamed.status == 65)
        #expect(
            unnamed.stderr.hasPrefix("places: --name-column is needed: no column of streets.csv is headed 'name'"), "\(unnamed.stderr)")

        // A list of megabytes is read in parts, one per core: a short row in each half is named by
        // the earlier one's line, whichever part finds its row first.
        var rows = (1...60_000).map { "https://example.org/register/street/\($0),b,Straat \($0)" }
        rows[9_999] = "a,b"
        rows[49_999] = "a"
        let large = store.folder.appendingPathComponent("large.csv")
        try (rows.joined(separator: "\n") + "\n").write(to: large, atomically: true, encoding: .utf8)
        let short = try await CLI.run(["import", "--names", large.path, "--name-column", "3"], environment: store.environment)
        #expect(short.status == 65)
        #expect(short.stderrLines.count == 1 && short.stderr.contains("large.csv") && short.stderr.contains("line 10000"), "\(short.stderr)")

        let absent = try await CLI.run(["import", store.folder.appendingPathComponent("nope.osm").path], environment: store.environment)
        #expect(absent.status == 66)

        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before, "a failed import changes nothing")
        let still = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(try Self.names(still).contains("Damrak"))
    }

    @Test func aFailedImportIntoANewStoreCreatesNoStore() async throws {
        let store = TemporaryStore()
        let bad = store.folder.appendingPathComponent("bad.osm")
        try "<html><body>not a map</body></html>".write(to: bad, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", bad.path], environment: store.environment)
        #expect(result.status == 65)
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aNameListImportsWithItsColumnMapping() async throws {
        let store = TemporaryStore()
        let csv = store.folder.appendingPathComponent("streets.csv")
        try "u1,b1,Damrak,1900\nu2,b2,\"Damraksteeg\",1950\nu3,b3,Rokin,1800\n".write(to: csv, atomically: true, encoding: .utf8)
        let result = try await CLI.run(["import", "--names", csv.path, "--name-column", "3", "--kind", "street"], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 streets"), "\(result.stdout)")
        let damr = try await CLI.run(["complete", "damr", "--format", "json"], environment: store.environment)
        #expect(try Self.names(damr).sorted() == ["Damrak", "Damraksteeg"])
    }
}

/// An id that `coffee --offline` printed can be shown and kept without the network.
@Suite(.timeLimit(.minutes(10))) struct OfflineIDCommandTests {
    @Test func anOfflineIDIsShownAndKeptFromTheImportedData() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let environment = store.environment.merging(["PLACES_HTTP_MODE": "live"]) { $1 }

        let shown = try await CLI.run(["show", "osm:node/20", "--offline"], environment: environment)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Café de Jaren") && shown.stdout.contains("Nes 41"), "\(shown.stdout)")

        let kept = try await CLI.run(["favorites", "add", "osm:node/20", "--offline"], environment: environment)
        #expect(kept.status == 0, "\(kept.stderr)")
        let again = try await CLI.run(["favorites", "add", "osm:node/20", "--offline"], environment: environment)
        #expect(again.status == 0, "\(again.stderr)")
        let list = try await CLI.run(["favorites", "list", "--format", "json"], environment: environment)
        let ids = (try JSONValue.parse(Data(list.stdout.utf8))["favorites"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids == ["osm:node/20"], "kept once, not doubled: \(list.stdout)")

        let foreign = try await CLI.run(["show", "fsq:4a27a35ef964a520b0911fe3", "--offline"], environment: environment)
        #expect(foreign.status == 64, "only OpenStreetMap ids answer offline")
        #expect(foreign.stderr.contains("needs its provider"), "\(foreign.stderr)")
    }
}
