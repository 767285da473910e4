import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import Testing

/// What a user sees when a provider fails: the failure named on stderr, the others still answering.
@Suite(.timeLimit(.minutes(10))) struct ProviderFailureTests {
    static let coffee = ["coffee", "--near", "52.37,4.89", "--top", "3"]

    func run(_ scenario: Scenario, _ extra: [String] = [], environment: [String: String] = [:]) async throws -> CLI.Output {
        try await CLI.run(Self.coffee + extra, environment: environment.merging(["PLACES_CASSETTE_DIR": scenario.cassetteDirectories]) { $1 })
    }

    @Test func whenOneProviderFailsTheOthersResultsPrintAndTheFailureIsNamed() async throws {
        let scenario = Scenario()
        try scenario.copy("osm") { $0.respond(status: 500, body: .text("<html>Internal Server Error</html>")) }
        let output = try await run(scenario)
        #expect(output.status == 0)
        #expect(output.stdoutLines.count == 4)
        #expect(output.stderr.contains("places: osm: overpass-api.de/api/interpreter failed (HTTP 500)"))
        #expect(output.stderr.contains("replayed from cassettes/foursquare/coffee.json"))
    }

    @Test(arguments: [
        (401, #"{"message": "Invalid request token."}"#, "refused the key (HTTP 401: Invalid request token.); check FOURSQUARE_API_KEY"),
        (429, #"{"message": "Quota exceeded"}"#, "is rate limiting us (HTTP 429: Quota exceeded)"),
        (500, #"{"message": "Internal error"}"#, "failed (HTTP 500: Internal error)"),
    ])
    func httpErrorsAreUnavailable(_ status: Int, _ body: String, message: String) async throws {
        let scenario = Scenario()
        try scenario.copy("foursquare") { $0.respond(status: status, body: .text(body)) }
        let output = try await run(scenario, ["--provider", "foursquare"])
        #expect(output.status == 69)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains("places: foursquare: places-api.foursquare.com/places/search \(message)"), "\(output.stderr)")
        #expect(output.stderrLines.last == "places: no provider answered (1 failed)")
    }

    @Test func anAnswerWithoutItsResultsArrayIsBadData() async throws {
        let scenario = Scenario()
        try scenario.copy("foursquare") { $0.respond(status: 200, body: .json(["context": [:]])) }
        let output = try await run(scenario, ["--provider", "foursquare"])
        #expect(output.status == 65)
        #expect(output.stderr.contains("foursquare: unexpected answer from places-api.foursquare.com/places/search: results is missing"))
    }

    @Test func aFieldOfTheWrongTypeIsBadDataNamingTheField() async throws {
        let scenario = Scenario()
        try scenario.copy("foursquare") { interaction in
            guard case .json(.object(var root)) = interaction.response.body, case .array(var results)? = root["results"],
                case .object(var first)? = results.first
            else { return }
            first["rating"] = "excellent"
            results[0] = .object(first)
            root["results"] = .array(results)
            interaction.response.body = .json(.object(root))
        }
        let output = try await run(scenario, ["--provider", "foursquare"])
        #expect(output.status == 65)
        #expect(output.stderr.contains("results[0].rating: expected a number"))
    }

    @Test func aCorruptCassetteNamesTheFileAndPositionAndSinksOnlyItsProvider() async throws {
        let scenario = Scenario()
        try scenario.write("foursquare", "coffee.json", text: "{\n  \"places_cassette\": 1,\n  \"interactions\": [\n    {\"recorded_at\": \n")
        let alone = try await run(scenario, ["--provider", "foursquare"])
        #expect(alone.status == 65)
        let path = scenario.folder.appendingPathComponent("foursquare/coffee.json").path
        #expect(alone.stderr.contains("foursquare: \(path):5:1: the document ends where a value was expected"), "\(alone.stderr)")
        let together = try await run(scenario)
        #expect(together.status == 0)
        #expect(together.stdoutLines.count == 4)
        #expect(together.stderr.contains("places: foursquare: \(path):5:1"))
    }

    @Test func aLateProviderIsCutAtItsDeadline() async throws {
        let scenario = Scenario()
        try scenario.copy("foursquare") { $0.durationMilliseconds = 1_200_000 }
        // OpenStreetMap's recordings took 640 ms; Foursquare's now take twenty minutes. A run that
        // waited for them cannot finish within five; a starved machine (seen: 70 s for this run
        // under four parallel test suites) adds far less than that to the deadline, which leaves
        // OpenStreetMap's answer room on such a machine (4 s did not, at load 16).
        let output = try await run(scenario, ["--deadline", "20s"], environment: ["PLACES_REPLAY_LATENCY": "recorded"])
        #expect(output.elapsed < .seconds(300), "took \(output.elapsed)")
        #expect(output.status == 0)
        #expect(output.stderr.contains("places: foursquare: no answer within 20 s; allow more time with --deadline"))
        #expect(output.stdoutLines.count == 4)  // OpenStreetMap answered in time
        let alone = try await run(scenario, ["--deadline", "300ms", "--provider", "foursquare"], environment: ["PLACES_REPLAY_LATENCY": "recorded"])
        #expect(alone.status == 69)
        #expect(alone.stderr.contains("no answer within 300 ms"))
    }

    @Test func anExpiredCassetteFailsLoudlyWhenAMaximumAgeIsSet() async throws {
        let output = try await CLI.run(Self.coffee + ["--provider", "osm"], environment: ["PLACES_CASSETTE_MAX_AGE": "0.001"])
        #expect(output.status == 65)
        #expect(output.stderr.contains("re-record it"))
    }
}
