import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import Testing

/// Every bad input: one line on stderr naming the input, a documented exit code, nothing on stdout.
@Suite(.timeLimit(.minutes(10))) struct BadInputTests {
    @Test(arguments: [
        (["coffee", "--near", "91,0"], 64, "--near '91,0': latitude 91 is outside -90…90"),
        (["coffee", "--near", "52.37,"], 64, "--near '52.37,' is not a coordinate"),
        (["coffee", "--near", "52.37"], 64, "--near '52.37' is not a coordinate"),
        (["coffee", "--near", "52.37,4.89,3"], 64, "got 3 parts"),
        (["coffee", "--near", "52.37,4.89", "--top", "0"], 64, "--top must be between 1 and 50, not 0"),
        (["coffee", "--near", "52.37,4.89", "--top", "-1"], 64, "--top must be between 1 and 50, not -1"),
        (["coffee", "--near", "52.37,4.89", "--top", "many"], 64, "--top"),
        (["coffee", "--near", "52.37,4.89", "--radius", "-5"], 64, "--radius '-5' must be a distance above 0"),
        (["coffee", "--near", "52.37,4.89", "--max-walk", "0"], 64, "--max-walk '0' must be a time above 0"),
        (["coffee", "--near", "52.37,4.89", "--provider", "yelp"], 64, "unknown provider 'yelp'; coffee providers are foursquare, osm"),
        (["coffee", "--near", "52.37,4.89", "--format", "xml"], 64, "--format"),
        (["coffee", "--near", "52.37,4.89", "--http-mode", "sometimes"], 64, "--http-mode 'sometimes' is not a mode"),
        (["coffee", "--near", "52.37,4.89", "--deadline", "soon"], 64, "--deadline 'soon'"),
        (["coffee", "--near", "52.37,4.89", "--deadline", "1e30s"], 64, "--deadline '1e30s'"),
        (["coffee", "--near", "52.37,4.89", "--deadline", "0.1ms"], 64, "--deadline '0.1ms' must be a time from 10 ms to 1 hour"),
        (["coffee", "--near", "52.37,4.89", "--max-walk", "1e300"], 64, "--max-walk '1e300'"),
        (["coffee", "--near", "52.37,4.89", "--radius", "nan"], 64, "--radius 'nan'"),
        (["coffee", "--bogus"], 64, "Unknown option '--bogus'"),
        (["show", "nonsense"], 64, "'nonsense' is not a place id"),
        (["show", "yelp:123"], 64, "unknown provider 'yelp' in 'yelp:123'"),
        (["show", "osm:banana/1"], 64, "'osm:banana/1' is not an OpenStreetMap id"),
        (["show", "parkshark:abc"], 64, "'parkshark:abc' is not a ParkShark meter"),
        (["parking", "--duration", "100"], 64, "--duration '100' needs a unit: say 100m or 100h"),
        (["follow", "--to", "52.37,4.9", "--trace", "walk.gpx", "--cooldown", "30"], 64, "--cooldown '30' needs a unit: say 30s or 30m"),
        (["coffee", "--deadline", "10"], 64, "--deadline '10' needs a unit: say 10s or 10ms"),
        (["frobnicate"], 64, "unknown command 'frobnicate'; commands are coffee"),
        (["cofee"], 64, "unknown command 'cofee'; did you mean 'coffee'?"),
        (["stpos", "day.gpx"], 64, "did you mean 'stops'?"),
        (["coffee", "--near", "52.37 4.89"], 64, "put a comma between the two numbers"),
        (["reverse", "Leidseplein"], 64, "got a name (this takes a position only)"),
    ])
    func badUsage(_ arguments: [String], status: Int32, message: String) async throws {
        let output = try await CLI.run(arguments)
        #expect(output.status == status, "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.hasPrefix("places: "))
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    /// A folder given to import is said, with the files in it that could be imported; it trapped
    /// (exit 132) when Foundation's readData(ofLength:) met EISDIR.
    @Test func aFolderToImportIsOneLineAndExit66() async throws {
        let store = TemporaryStore()
        let folder = store.folder.appendingPathComponent("extracts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try SampleOSM.xml.write(to: folder.appendingPathComponent("sample.osm"), atomically: true, encoding: .utf8)
        for arguments in [["import", folder.path], ["import", "--names", folder.path]] {
            let output = try await CLI.run(arguments, environment: store.environment)
            #expect(output.status == 66, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1, "\(output.stderr)")
            #expect(output.stderr.contains("is a folder; give the files to import"), "\(output.stderr)")
        }
        let output = try await CLI.run(["import", folder.path], environment: store.environment)
        #expect(output.stderr.contains("sample.osm"), "the folder's importable files are named: \(output.stderr)")
    }

    @Test func aBrokenConfigFileIsNamedWithItsLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("config.toml")
        try Data("[foursquare]\napi_key = fsq3-unquoted\n".utf8).write(to: config)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--config", config.path])
        #expect(output.status == 78)
        #expect(
            output.stderr
                == "places: \(config.path):2: the value of api_key must be a \"quoted string\", a number, true or false; "
                + "fix or remove that line (TOML: text goes in quotes, key = \"value\")\n")
        let missing = try await CLI.run(["providers", "--config", "/nonexistent/places.toml"])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("/nonexistent/places.toml does not exist"))
    }

    @Test func aMaximumCassetteAgeThatIsNotATimeIsAConfigurationError() async throws {
        for value in ["garbage", "-1"] {
            let output = try await CLI.run(["coffee", "--near", "52.37,4.89"], environment: ["PLACES_CASSETTE_MAX_AGE": value])
            #expect(output.status == 78)
            #expect(output.stderr == "places: PLACES_CASSETTE_MAX_AGE '\(value)' must be a positive number of days (or a time such as 12h)\n")
        }
    }

    @Test func outputThatCannotBeWrittenIsOneLineAndExit74() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"], stdout: "/dev/full")
        #expect(output.status == 74)
        #expect(output.stderrLines.last?.hasPrefix("places: cannot write the results to standard output") == true)
    }

    /// One short line per provider: what has no recording, which areas the bundled recordings
    /// cover, and what to do (the search's details are in --verbose).
    @Test func anUnknownLocationOfflineSaysWhatIsRecordedInstead() async throws {
        let output = try await CLI.run(["coffee", "--near", "40.7128,-74.0060"])
        #expect(output.status == 69)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 3, "\(output.stderr)")
        let foursquare = try #require(output.stderrLines.first { $0.hasPrefix("places: foursquare: ") })
        #expect(foursquare.contains("no recording of this request to GET https://places-api.foursquare.com/places/search"))
        #expect(foursquare.contains("the bundled recordings cover central Amsterdam"))
        #expect(foursquare.contains("'places import FILE.osm' adds any area for --offline"))
        #expect(output.stderrLines.allSatisfy { $0.count < 320 }, "\(output.stderr)")
        #expect(output.stderrLines.last == "places: no provider answered (2 failed)")
        // Imported data that covers the spot is pointed to instead.
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let covered = try await CLI.run(["coffee", "--near", "52.3712,4.8951", "--provider", "foursquare"], environment: store.environment)
        #expect(covered.stderr.contains("imported data covers this spot: add --offline to answer from it"), "\(covered.stderr)")
        // A copy of places far from any cassettes folder still replays the recordings of the
        // checkout it was built from (a binary built with --scratch-path elsewhere does the same).
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("places-nowhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: nowhere, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: nowhere) }
        let copy = nowhere.appendingPathComponent("places")
        try CLI.placeBinary(at: copy)
        let elsewhere = try await CLI.run(["coffee", "--near", "52.37,4.89", "--provider", "osm"], in: nowhere, binary: copy)
        #expect(elsewhere.status == 0, "\(elsewhere.stderr)")
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(elsewhere.stderr.contains("replayed from \(checkout.path)/cassettes/osm/"), "\(elsewhere.stderr)")
    }

    @Test func aMissingKeyInLiveModeIsAConfigurationError() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--provider", "foursquare", "--http-mode", "live"])
        #expect(output.status == 78)
        #expect(output.stderr.contains("foursquare cannot answer: set FOURSQUARE_API_KEY"))
        let show = try await CLI.run(["show", "foursquare:abc", "--http-mode", "live"])
        #expect(show.status == 78)
    }

    @Test func anUnknownPlaceIsNotFound() async throws {
        let scenario = Scenario()
        var cassette = try Cassette(contentsOf: CLI.cassettes.appendingPathComponent("foursquare/show.json"))
        cassette.interactions = Array(cassette.interactions.prefix(1))
        cassette.interactions[0].request.url = cassette.interactions[0].request.url.replacingOccurrences(
            of: #"/places/[0-9a-f]+\?"#, with: "/places/0000?", options: .regularExpression)
        cassette.interactions[0].respond(status: 404, body: .json(["message": "Place not found"]))
        try cassette.write(to: scenario.folder.appendingPathComponent("foursquare/show.json"))
        let output = try await CLI.run(["show", "foursquare:0000"], environment: ["PLACES_CASSETTE_DIR": scenario.folder.path])
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderr.contains("Foursquare has no place foursquare:0000"))
    }
}
