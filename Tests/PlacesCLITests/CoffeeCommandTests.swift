import Foundation
import Testing

/// `places coffee` end to end, answered from the bundled cassettes as on a fresh machine.
@Suite(.timeLimit(.minutes(10))) struct CoffeeCommandTests {
    static let topThree = ["Het Groene Paleis - Coffee and Bakery", "Vascobelo V-bar", "Coffee & Cakes"]

    @Test func onAFreshMachineTheTopThreeComeFromTheBundledCassettesWithOneNote() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.count == 4)
        #expect(lines.first?.hasPrefix(" #  Name") == true || lines.first?.hasPrefix("#  Name") == true)
        for (index, name) in Self.topThree.enumerated() {
            #expect(lines[index + 1].contains(name), "row \(index + 1): \(lines[index + 1])")
            #expect(lines[index + 1].contains(" m · "))
        }
        #expect(output.stderrLines.count == 1)
        let note = try #require(output.stderrLines.first)
        #expect(note.contains("replayed from cassettes/foursquare/coffee.json, cassettes/osm/coffee.json"))
        #expect(note.contains("not live data"))
        #expect(note.contains("FOURSQUARE_API_KEY"))
    }

    @Test func theCassettesAreFoundFromAnyWorkingDirectory() async throws {
        let elsewhere = FileManager.default.temporaryDirectory
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"], in: elsewhere)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.count == 4)
        #expect(output.stderr.contains("/cassettes/foursquare/coffee.json"))
    }

    @Test func jsonFollowsTheDocumentedSchemaAndExplanationsAddUp() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--format", "json"])
        #expect(output.status == 0)
        let root = try jsonObject(output.stdout)
        let query = try #require(root["query"] as? [String: Any])
        #expect(query["category"] as? String == "coffee")
        #expect(query["radius_m"] as? Int == 1000)
        #expect(query["top"] as? Int == 3)
        let results = try #require(root["results"] as? [[String: Any]])
        #expect(results.map { $0["name"] as? String } == Self.topThree)
        #expect(results.map { $0["rank"] as? Int } == [1, 2, 3])
        for result in results {
            for key in [
                "id", "name", "lat", "lon", "categories", "rating", "price", "open_now", "time_zone", "address", "walk", "score", "components",
                "sources",
            ] {
                #expect(result.keys.contains(key), "result lacks \(key)")
            }
            let components = try #require(result["components"] as? [[String: Any]])
            #expect(components.map { $0["name"] as? String } == ["rating", "walk", "coffee"])
            let sum = components.compactMap { $0["contribution"] as? Double }.reduce(0, +)
            let score = try #require(result["score"] as? Double)
            #expect(abs(sum - score) < 0.0005)
            let walk = try #require(result["walk"] as? [String: Any])
            #expect((walk["meters"] as? Int ?? 0) > 0)
            #expect((result["id"] as? String)?.contains(":") == true)
        }
        #expect((results.first?["sources"] as? [String])?.count == 2)  // merged from both providers
        let providers = try #require(root["providers"] as? [[String: Any]])
        #expect(providers.map { $0["id"] as? String } == ["foursquare", "osm"])
        #expect(providers.allSatisfy { $0["ok"] as? Bool == true })
        #expect(root["excluded"] == nil)
    }

    @Test func ndjsonIsOneResultPerLine() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--format", "ndjson"])
        #expect(output.status == 0)
        let lines = output.stdoutLines
        #expect(lines.count == 3)
        let names = try lines.map { try jsonObject($0)["name"] as? String }
        #expect(names == Self.topThree)
    }

    @Test func geojsonIsAFeatureCollectionOfPointsInLongitudeLatitudeOrder() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--format", "geojson"])
        #expect(output.status == 0)
        let root = try jsonObject(output.stdout)
        #expect(root["type"] as? String == "FeatureCollection")
        let features = try #require(root["features"] as? [[String: Any]])
        #expect(features.count == 3)
        for feature in features {
            #expect(feature["type"] as? String == "Feature")
            let geometry = try #require(feature["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "Point")
            let coordinates = try #require(geometry["coordinates"] as? [Double])
            #expect(coordinates.count == 2)
            #expect((4.8...5.0).contains(coordinates[0]) && (52.3...52.4).contains(coordinates[1]))
            let properties = try #require(feature["properties"] as? [String: Any])
            #expect(properties["name"] is String)
            #expect(properties["marker-symbol"] as? String == "cafe")
        }
    }

    @Test func explainShowsTheScorePartsAndWhatWasLeftOutAndWhy() async throws {
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--explain"])
        #expect(output.status == 0)
        let text = output.stdout
        #expect(text.components(separatedBy: "score ").count - 1 == 3)
        #expect(text.contains("rating  "))
        #expect(text.contains("after shrinking to the mean"))
        #expect(text.contains("m on foot"))
        #expect(text.contains("merged from foursquare:"))
        #expect(text.contains("Left out ("))
        #expect(text.contains("SooTea") && text.contains("bubble tea, not coffee"))
        #expect(text.contains("Abraxas") && text.contains("cannabis shop, not coffee"))
        #expect(text.contains("Bluebird Coffeeshop") && text.contains("a Dutch \"coffeeshop\" sells cannabis"))
        let json = try jsonObject(try await CLI.run(["coffee", "--near", "52.37,4.89", "--explain", "--format", "json"]).stdout)
        let excluded = try #require(json["excluded"] as? [[String: Any]])
        #expect(excluded.contains { $0["name"] as? String == "SooTea" && $0["stage"] as? String == "coffee" })
    }

    @Test func openNowDoesNotDependOnTheMachinesTimeZone() async throws {
        // OpenStreetMap gives no time zone: each place's is the zone at its position (Europe/Amsterdam).
        func openFlags(_ zone: String) async throws -> [String] {
            let output = try await CLI.run(
                ["coffee", "--near", "52.37,4.89", "--top", "50", "--format", "ndjson"],
                environment: ["TZ": zone, "PLACES_NOW": "2026-11-21T06:45:00Z"])
            return try output.stdoutLines.map { line in
                let result = try jsonObject(line)
                return "\(result["name"] as? String ?? "") \(result["open_now"].map { "\($0)" } ?? "nil")"
            }
        }
        let amsterdam = try await openFlags("Europe/Amsterdam")
        #expect(amsterdam.count > 20)
        #expect(try await openFlags("America/New_York") == amsterdam)
        #expect(try await openFlags("Asia/Tokyo") == amsterdam)
    }

    @Test func withoutNearTheDefaultCentreIsUsedAndSaid() async throws {
        let output = try await CLI.run(["coffee", "--top", "3"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("using Amsterdam's centre 52.370216,4.895168"))
        #expect(output.stdoutLines.count == 4)
    }

    @Test func pipedOutputHasNoColourAndColourHonoursNoColor() async throws {
        let piped = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"])
        #expect(!piped.stdout.contains("\u{1B}["))
        let forced = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--color", "always"])
        #expect(forced.stdout.contains("\u{1B}["))
        let refused = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--color", "always"], environment: ["NO_COLOR": "1"])
        #expect(!refused.stdout.contains("\u{1B}["))
    }

    @Test func aKeyNeverShowsUpInOutputOrLogs() async throws {
        let secret = "fsq3-very-secret-key-42"
        let output = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--top", "3", "--verbose", "--http-mode", "replay"],
            environment: ["FOURSQUARE_API_KEY": secret])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("→ GET https://places-api.foursquare.com/places/search"))
        #expect(!output.stdout.contains(secret) && !output.stderr.contains(secret))
        #expect(output.stderr.contains("use --http-mode live to ask the live APIs"))
    }
}

@Suite(.timeLimit(.minutes(10))) struct ShowAndProvidersTests {
    @Test func showGivesHoursTipsAndAPhotoForAnIDFromTheList() async throws {
        let list = try jsonObject(try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "1", "--format", "json"]).stdout)
        let id = try #require((list["results"] as? [[String: Any]])?.first?["id"] as? String)
        let output = try await CLI.run(["show", id])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Het Groene Paleis"))
        #expect(output.stdout.contains("Hours (Europe/Amsterdam)  open until 18:00"))
        #expect(output.stdout.contains("Mon–Sat  08:00–18:00"))
        #expect(output.stdout.contains("Photo   https://fastly.4sqi.net/img/general/original/"))
        #expect(output.stdout.contains("Tips"))
        #expect(output.stderr.contains("replayed from cassettes/foursquare/show.json"))
        let json = try jsonObject(try await CLI.run(["show", id, "--format", "json"]).stdout)
        #expect(json["id"] as? String == id)
        #expect(((json["hours"] as? [String: Any])?["weekly"] as? [Any])?.count == 7)
        #expect((json["tips"] as? [Any])?.isEmpty == false)
        let feature = try jsonObject(try await CLI.run(["show", id, "--format", "geojson"]).stdout)
        #expect(feature["type"] as? String == "Feature")
    }

    @Test func showWorksForOpenStreetMapPlaces() async throws {
        let output = try await CLI.run(["show", "osm:node/2724001437"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Starbucks"))
        #expect(output.stdout.contains("Rokin 74"))
        #expect(output.stdout.contains("Mon–Sun  07:00–22:00"))
        #expect(output.stdout.contains("Website https://www.starbucks.nl"))
    }

    @Test func providersListsEveryProviderAndWhy() async throws {
        let output = try await CLI.run(["providers"])
        #expect(output.status == 0)
        let lines = output.stdoutLines
        #expect(lines.count == 10)
        let columns = lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).prefix(3).joined(separator: " ") }
        // The feed is ready only once one is configured.
        #expect(
            columns == [
                "foursquare yes recorded", "osm yes recorded", "parkshark yes recorded", "amsterdam-garages yes recorded", "feed no not",
                "google yes recorded", "osrm yes recorded", "photon yes recorded", "local no not",
            ])
        #expect(lines[1].contains("set FOURSQUARE_API_KEY to go live"))
        #expect(lines[4].contains("parking, details"))
        // The routing providers answer no category; they route. Photon geocodes.
        #expect(lines[6].contains("routing") && lines[6].contains("set GOOGLE_MAPS_API_KEY to go live"))
        #expect(lines[7].contains("routing") && lines[7].contains("keyless"))
        #expect(lines[8].contains("geocoding") && lines[8].contains("keyless"))
        // Routing over the imported streets is ready once something is imported.
        #expect(lines[9].contains("routing") && lines[9].contains("nothing is imported"))
        let live = try await CLI.run(["providers", "--format", "json", "--http-mode", "live"])
        let providers = try #require(try JSONSerialization.jsonObject(with: Data(live.stdout.utf8)) as? [[String: Any]])
        #expect(providers.first?["ready"] as? Bool == false)
        #expect(providers.first?["mode"] as? String == "not ready")
        #expect(providers.first { $0["id"] as? String == "amsterdam-garages" }?["ready"] as? Bool == true)
        // A retired service answers from what it ships with, even when live is asked for.
        #expect(providers.first { $0["id"] as? String == "parkshark" }?["mode"] as? String == "recorded")
    }

    @Test func aKeyFromTheConfigFileMakesFoursquareLiveWithoutShowingTheKey() async throws {
        let scenario = Scenario()
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("# my places\n[foursquare]\napi_key = \"fsq3-config-secret-99\"  # from the developer console\n".utf8).write(to: config)
        let output = try await CLI.run(["providers", "--config", config.path], environment: ["PLACES_HTTP_MODE": "auto"])
        #expect(output.status == 0, "\(output.stderr)")
        let foursquare = try #require(output.stdoutLines.first { $0.hasPrefix("foursquare") })
        #expect(foursquare.contains("live"))
        #expect(foursquare.contains("with a key from \(config.path)"))
        #expect(!output.stdout.contains("fsq3-config-secret-99"))
        // The environment wins over the file.
        let fromEnvironment = try await CLI.run(
            ["providers", "--config", config.path], environment: ["FOURSQUARE_API_KEY": "fsq3-env-key-1", "PLACES_HTTP_MODE": "auto"])
        #expect(fromEnvironment.stdout.contains("with a key from FOURSQUARE_API_KEY"))
    }

    @Test func helpTeachesWithExamplesAndExitCodes() async throws {
        let output = try await CLI.run(["--help"])
        #expect(output.status == 0)
        #expect(output.stdout.contains("places coffee --near 52.37,4.89 --top 3"))
        #expect(output.stdout.contains("Exit codes:"))
        #expect(output.stdout.contains("78  configuration"))
        let coffee = try await CLI.run(["coffee", "--help"])
        #expect(coffee.stdout.contains("--max-walk <time>"))
        #expect(coffee.stdout.contains("--format <format>"))
    }
}
