import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// `places recommendations` end to end, with the example feed, feeds written for a test, a named
/// feed from the config, and a URL feed replayed from a cassette.
@Suite(.timeLimit(.minutes(10))) struct RecommendationsCommandTests {
    static let dam = "52.3731,4.8926"

    static func results(_ output: CLI.Output) throws -> [JSONValue] {
        try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue ?? []
    }

    /// A feed file in a scenario folder.
    static func feedFile(_ scenario: Scenario, _ name: String = "feed.json", _ text: String) throws -> URL {
        let url = scenario.folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    static let twoGood = #"""
        {"name": "Test spots", "recommendations": [
          {"id": "rec-a", "name": "Spui", "description": "Book market", "latitude": 52.3686, "longitude": 4.8896, "points": 10},
          {"id": "rec-x", "name": "Nowhere", "description": "No latitude", "longitude": 4.9, "points": 5},
          {"id": "rec-b", "name": "Dam", "description": "The square", "latitude": 52.3731, "longitude": 4.8930, "points": 20}
        ]}
        """#

    @Test func ranksTheExampleFeedByPointsAndWalk() async throws {
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "examples/feed.json"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.isEmpty, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.first?.hasPrefix("#  Name") == true)
        let ids = lines.dropFirst().compactMap { $0.split(separator: " ").first { $0.hasPrefix("feed:") }.map(String.init) }
        #expect(ids == ["feed:rec-waterlooplein", "feed:rec-nieuwmarkt", "feed:rec-begijnhof", "feed:rec-hortus"])
        // Saturday 21 November 2026 in Amsterdam: the Hortus holds until New Year's Eve, 17:00 local time.
        #expect(lines.contains { $0.contains("Hortus Botanicus") && $0.contains("2026-12-31 17:00") })
    }

    @Test func jsonHasEveryFieldOfARecommendation() async throws {
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "examples/feed.json", "--format", "json", "--explain"])
        #expect(output.status == 0, "\(output.stderr)")
        let root = try jsonObject(output.stdout)
        let results = try #require(root["results"] as? [[String: Any]])
        #expect(results.count == 4)
        let first = results[0]
        #expect(first["id"] as? String == "feed:rec-waterlooplein")
        #expect(first["name"] as? String == "Waterlooplein market")
        #expect((first["description"] as? String)?.hasPrefix("The flea market") == true)
        #expect(first["points"] as? Int == 40)
        #expect(first["radius_m"] as? Int == 50)
        #expect(first["expires"] is NSNull)
        #expect(first["feed"] as? String == "Amsterdam centrum quiet spots")
        let walk = try #require(first["walk"] as? [String: Any])
        #expect(walk["meters"] as? Int == 1292)
        #expect((walk["minutes"] as? Double).map { abs($0 - 15.4) < 0.05 } == true)
        let scores = results.compactMap { $0["score"] as? Double }
        #expect(scores.count == 4)
        #expect(scores == scores.sorted(by: >))
        let begijnhof = try #require(results.first { $0["id"] as? String == "feed:rec-begijnhof" })
        #expect(begijnhof["radius_m"] as? Int == 30)
        #expect(results.first { $0["id"] as? String == "feed:rec-hortus" }?["expires"] as? String == "2026-12-31T16:00:00Z")
        // --explain: what was left out and why.
        let excluded = try #require(root["excluded"] as? [[String: Any]])
        let reasons = Dictionary(
            uniqueKeysWithValues: excluded.compactMap { item in
                (item["id"] as? String).map { ($0, "\(item["stage"] ?? ""): \(item["reason"] ?? "")") }
            })
        #expect(reasons["feed:rec-noordermarkt"] == "expired: expired at 2026-11-14T15:00:00Z")
        #expect(reasons["feed:rec-vondelpark-rosarium"]?.hasPrefix("walk: ") == true)
        let feed = try #require(root["feed"] as? [String: Any])
        #expect(feed["name"] as? String == "Amsterdam centrum quiet spots")
        #expect(feed["source"] as? String == "examples/feed.json")
        #expect(feed["count"] as? Int == 6)
    }

    @Test func ndjsonAndGeoJSONCarryTheSameResults() async throws {
        let ndjson = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "examples/feed.json", "--format", "ndjson", "--top", "2"])
        #expect(ndjson.status == 0, "\(ndjson.stderr)")
        #expect(ndjson.stdoutLines.count == 2)
        #expect(try JSONValue.parse(ndjson.stdoutLines[1])["id"]?.stringValue == "feed:rec-nieuwmarkt")
        let geojson = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "examples/feed.json", "--format", "geojson"])
        let root = try JSONValue.parse(Data(geojson.stdout.utf8))
        let features = root["features"]?.arrayValue ?? []
        #expect(features.count == 4)
        #expect(features.first?["geometry"]?["coordinates"] == [.number("4.9041"), .number("52.3676")])
        #expect(features.first?["properties"]?["points"]?.intValue == 40)
    }

    @Test func theExplanationShowsScorePartsAndWhatWasLeftOut() async throws {
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "examples/feed.json", "--explain", "--top", "1"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("score 0.823 = points 0.400 + walk 0.159 + rate 0.264"))
        #expect(output.stdout.contains("40 points for 15.4 min: 2.6 points/min"))
        #expect(output.stdout.contains("arrived within 50 m (the default); from Amsterdam centrum quiet spots"))
        #expect(output.stdout.contains("Noordermarkt farmers' market"))
        #expect(output.stdout.contains("expired at 2026-11-14T15:00:00Z"))
        #expect(output.stdout.contains("over the 30 min limit"))
    }

    @Test func aBadEntryIsNamedOnStderrAndTheRestAreRanked() async throws {
        let scenario = Scenario()
        let file = try Self.feedFile(scenario, "feed.json", Self.twoGood)
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "feed.json", "--format", "json"], in: scenario.folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderrLines == ["places: feed.json: entry 2 (rec-x): no latitude; skipped"])
        #expect(try Self.results(output).compactMap { $0["id"]?.stringValue } == ["feed:rec-b", "feed:rec-a"])
        let root = try JSONValue.parse(Data(output.stdout.utf8))
        #expect(root["feed"]?["skipped"] == [["entry": 2, "id": "rec-x", "reason": "no latitude"]])
        _ = file
    }

    @Test func aMissingFeedFileIsNoInput() async throws {
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "no-such-feed.json"])
        #expect(output.status == 66)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1)
        #expect(
            output.stderr.hasPrefix("places: feed: no feed file at no-such-feed.json; --feed takes a file, an http(s) URL or a name from [feeds]"))
    }

    @Test func aFeedThatIsNotJSONIsBadData() async throws {
        let scenario = Scenario()
        let file = try Self.feedFile(scenario, "feed.json", "name,lat,lon\nDam,52.37,4.89\n")
        let output = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", file.path])
        #expect(output.status == 65)
        #expect(
            output.stderrLines == [
                "places: feed: \(file.path) is not JSON (1:1: expected a value, found 'n'); a feed is a JSON document of recommendations"
            ])
        let empty = try Self.feedFile(scenario, "empty.json", #"{"recommendations": [{"id": "a", "name": "A"}]}"#)
        let nothing = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", empty.path])
        #expect(nothing.status == 65)
        #expect(nothing.stderr.contains("has no usable recommendation (entry 1 (a): no description)"))
    }

    @Test func aNamedFeedComesFromTheConfigAndTheDefaultFromFeedSection() async throws {
        let scenario = Scenario()
        let file = try Self.feedFile(scenario, "spots.json", Self.twoGood)
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("[feeds]\nspots = \"\(file.path)\"\nexample = \"\(CLI.repository.path)/examples/feed.json\"\n".utf8).write(to: config)
        let named = try await CLI.run(["recommendations", "--near", Self.dam, "--feed", "spots", "--config", config.path, "--format", "json"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try Self.results(named).first?["feed"]?.stringValue == "Test spots")
        #expect(named.stderr.contains("places: \(file.path): entry 2 (rec-x): no latitude; skipped"))

        // No --feed: [feed] file (or url) in the config.
        try Data("[feed]\nfile = \"\(CLI.repository.path)/examples/feed.json\"\n".utf8).write(to: config)
        let configured = try await CLI.run(["recommendations", "--near", Self.dam, "--config", config.path, "--format", "json"])
        #expect(configured.status == 0, "\(configured.stderr)")
        #expect(try Self.results(configured).count == 4)
        let providers = try await CLI.run(["providers", "--config", config.path])
        #expect(providers.stdoutLines.contains { $0.hasPrefix("feed") && $0.contains("yes") && $0.contains("examples/feed.json") })

        // `places show` tells what a recommendation is worth, and when it ran out.
        let shown = try await CLI.run(["show", "feed:rec-begijnhof", "--config", config.path])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdoutLines.contains("30 points within 30 m"))
        let expired = try await CLI.run(["show", "feed:rec-noordermarkt", "--config", config.path, "--format", "json"])
        let offer = try JSONValue.parse(Data(expired.stdout.utf8))["recommendation"]
        #expect(offer?["points"]?.doubleValue == 50)
        #expect(offer?["expires"]?.stringValue == "2026-11-14T15:00:00Z")
    }

    @Test func noFeedAtAllIsAConfigurationError() async throws {
        let output = try await CLI.run(["recommendations", "--near", Self.dam])
        #expect(output.status == 78)
        #expect(output.stderrLines == ["places: no feed configured; use --feed FILE|URL or set [feed] url in the config"])
        let providers = try await CLI.run(["providers"])
        #expect(providers.stdoutLines.contains { $0.hasPrefix("feed") && $0.contains("no feed configured") })
        let scenario = Scenario()
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("[feed]\nurl = \"feed.json\"\n".utf8).write(to: config)
        let broken = try await CLI.run(["recommendations", "--near", Self.dam, "--config", config.path])
        #expect(broken.status == 78)
        #expect(broken.stderrLines == ["places: \(config.path): url 'feed.json' in [feed] is not an http(s) URL; use file = \"PATH\" for a file"])
    }

    @Test func aURLFeedReplaysFromTheFeedCassettes() async throws {
        let scenario = Scenario()
        let feed = try String(contentsOf: CLI.repository.appendingPathComponent("examples/feed.json"), encoding: .utf8)
        try scenario.write(
            "feed", "recommendations.json",
            text: """
                {"places_cassette": 1, "interactions": [{"recorded_at": "2026-11-21T12:00:00Z",
                  "request": {"method": "GET", "url": "https://feeds.example.org/amsterdam.json"},
                  "response": {"status": 200, "headers": {"Content-Type": "application/json"}, "body": {"json": \(feed)}}}]}
                """)
        let output = try await CLI.run(
            ["recommendations", "--near", Self.dam, "--feed", "https://feeds.example.org/amsterdam.json", "--format", "json"],
            environment: ["PLACES_CASSETTE_DIR": scenario.folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try Self.results(output).count == 4)
        #expect(output.stderr.contains("replayed from"))
        // Offline, a URL nobody recorded cannot be answered.
        let missing = try await CLI.run(
            ["recommendations", "--near", Self.dam, "--feed", "https://feeds.example.org/other.json"],
            environment: ["PLACES_CASSETTE_DIR": scenario.folder.path])
        #expect(missing.status == 69)
        #expect(missing.stderr.contains("places: feed: "))
    }

    @Test func badOptionsAreUsageErrors() async throws {
        for arguments in [
            ["--top", "0"], ["--max-walk", "forever"], ["--near", "91,4"], ["--feed", " "], ["--feed", "ftp://example.org/f.json"],
        ] {
            let output = try await CLI.run(["recommendations"] + arguments)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1, "\(arguments): \(output.stderr)")
        }
    }

    @Test func helpDocumentsTheFeedShapes() async throws {
        let output = try await CLI.run(["recommendations", "--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("places recommendations --near 52.3731,4.8926 --feed examples/feed.json"))
        #expect(output.stdout.contains(#"{"recommendations": {"event-1": {"-Nabc": ENTRY, …}},"#))
        #expect(output.stdout.contains("--feed <file|url|name>"))
    }
}
