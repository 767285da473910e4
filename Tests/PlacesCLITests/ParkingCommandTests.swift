import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import Testing

/// `places parking` end to end, replaying the bundled ParkShark and garage-feed cassettes.
@Suite(.timeLimit(.minutes(10))) struct ParkingCommandTests {
    static func results(_ output: CLI.Output) throws -> [JSONValue] {
        let root = try JSONValue.parse(Data(output.stdout.utf8))
        return root["results"]?.arrayValue ?? []
    }

    @Test func listsParkingAroundAPointNearestFirst() async throws {
        let output = try await CLI.run(["parking", "--near", "52.3731,4.8926", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let results = try Self.results(output)
        #expect(results.count == 10)
        let walks = results.compactMap { $0["walk"]?["meters"]?.intValue }
        #expect(walks == walks.sorted())
        // Meters from ParkShark and garages from the city's feed, merged into one list.
        let kinds = Set(results.compactMap { $0["kind"]?.stringValue })
        #expect(kinds.contains("meter"))
        // Without --advice nothing time-dependent is asked: the stay is priced from the tariffs.
        #expect(results.filter { $0["kind"]?.stringValue == "meter" }.allSatisfy { $0["cost"]?["source"]?.stringValue == "tariff" })
        #expect(output.stderr.contains("replayed from cassettes/"))
        #expect(output.stderr.contains("use --http-mode live"))
    }

    @Test func adviceRanksByTheCostOfTheStayAtTheDefaultCentre() async throws {
        let output = try await CLI.run(["parking", "--advice", "--duration", "2h", "--arrive", "fri 08:30", "--format", "json", "--explain"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("no --near given; using Amsterdam's centre 52.370216,4.895168"))
        let results = try Self.results(output)
        #expect(!results.isEmpty)
        // Friday 08:30 for 2 h pays 09:00–10:30: €7.50 at €5/h, €6.00 at €4/h, as ParkShark calculated.
        for result in results where result["kind"]?.stringValue == "meter" {
            #expect(result["cost"]?["source"]?.stringValue == "provider")
            #expect(["7.5", "6"].contains(result["cost"]?["eur"]?.doubleValue.map { NumberText.trimmed($0, 2) } ?? ""), "\(result)")
        }
        let scores = results.compactMap { $0["score"]?.doubleValue }
        #expect(scores == scores.sorted(by: >))
        // Nothing full and nothing unpayable is advised; what was left out says why.
        #expect(!results.contains { $0["availability"]?["state"]?.stringValue == "full" })
        let root = try JSONValue.parse(Data(output.stdout.utf8))
        #expect(root["query"]?["arrival"]?.stringValue == "2026-11-27T07:30:00Z")
        #expect(root["excluded"]?.arrayValue?.isEmpty == false)
    }

    @Test func theTableShowsTheStayAndMarksTariffCosts() async throws {
        let output = try await CLI.run(["parking", "--near", "52.3731,4.8926", "--top", "3"])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.first?.contains("Cost 2 h") == true)
        #expect(lines.count == 6)
        #expect(lines.dropLast().last?.contains("worked out from the tariff") == true)
        // How the arrival was read: now (Saturday 11:30), in the destination's zone, said with it.
        #expect(lines.last == "Costs for 2 h from Sat 21 Nov 11:30 Europe/Amsterdam", "\(lines.last ?? "")")
    }

    @Test func anISOTimeWithoutAZoneIsReadInTheDestinationsZoneAndThePastIsSaid() async throws {
        let output = try await CLI.run(["parking", "--near", "52.3731,4.8926", "--advice", "--arrive", "2026-11-27T08:30", "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let query = try JSONValue.parse(Data(output.stdout.utf8))["query"]
        #expect(query?["arrival"]?.stringValue == "2026-11-27T07:30:00Z")
        #expect(query?["time_zone"]?.stringValue == "Europe/Amsterdam")
        // A machine elsewhere reads it the same: the destination decides.
        let elsewhere = try await CLI.run(
            ["parking", "--near", "52.3731,4.8926", "--advice", "--arrive", "2026-11-27T08:30", "--format", "json"],
            environment: ["TZ": "America/New_York"])
        #expect(try JSONValue.parse(Data(elsewhere.stdout.utf8))["query"]?["arrival"]?.stringValue == "2026-11-27T07:30:00Z")
        let past = try await CLI.run(["parking", "--near", "52.3731,4.8926", "--arrive", "2026-11-20T08:30"])
        #expect(past.status == 0)
        #expect(past.stderr.contains("the arrival Fri 20 Nov 08:30 Europe/Amsterdam is in the past"), "\(past.stderr)")
    }

    @Test(arguments: [
        (["parking", "--duration", "0m"], "--duration '0m' is too short"),
        (["parking", "--duration", "-1h"], "--duration '-1h' is not a time"),
        (["parking", "--duration", "2x"], "--duration '2x' is not a time"),
        (["parking", "--duration", "30d"], "--duration '30d' is not a time"),
        (["parking", "--arrive", "25:00"], "--arrive '25:00': the hour must be 0–23, not 25"),
        (["parking", "--arrive", "someday"], "--arrive 'someday' is not a time"),
        (["parking", "--arrive", "fri 8:75"], "the minutes must be 0–59"),
        (["parking", "--arrive", "caturday 08:30"], "'caturday' is not a day"),
        (["parking", "--sort", "price"], "--sort 'price' must be score, cost or walk"),
        (["parking", "--methods", "bitcoin"], "'bitcoin' is not a payment method"),
        (["parking", "--provider", "foursquare"], "unknown provider 'foursquare'; parking providers are osm, parkshark, amsterdam-garages"),
        (["parking", "--near", "52.37"], "--near '52.37' is not a coordinate"),
    ])
    func badInput(_ arguments: [String], message: String) async throws {
        let output = try await CLI.run(arguments)
        #expect(output.status == 64, "\(arguments): \(output.stderr)")
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func oneProviderFailingDoesNotSinkTheOther() async throws {
        let scenario = Scenario()
        try scenario.copy("amsterdam-garages", "parking.json") { $0.respond(status: 503, body: .text("maintenance")) }
        let output = try await CLI.run(
            ["parking", "--near", "52.3731,4.8926", "--format", "json"], environment: ["PLACES_CASSETTE_DIR": scenario.cassetteDirectories])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("amsterdam-garages"))
        #expect(output.stderr.contains("HTTP 503"))
        let results = try Self.results(output)
        #expect(!results.isEmpty, "ParkShark still answers")
        #expect(results.allSatisfy { $0["kind"]?.stringValue == "meter" })
    }
}
