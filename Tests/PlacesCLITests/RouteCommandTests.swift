import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// `places route` end to end against the bundled route cassettes (OSRM and Google, computed from
/// the OpenStreetMap extract in each API's format).
@Suite(.timeLimit(.minutes(10))) struct RouteCommandTests {
    static let dam = "52.3731,4.8926"
    static let waterlooplein = "52.3676,4.9041"

    @Test func theReadmeRouteIsAskedOfOSRMWithoutAKeyAndListsItsSteps() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein])
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.first?.hasPrefix("1.2 km, 14 min on foot") == true)
        #expect(lines.first?.hasSuffix("(osrm)") == true)
        #expect(lines.contains { $0.contains("Make a slight right onto Damstraat") })
        #expect(lines.contains { $0.hasPrefix("© OpenStreetMap contributors") })
        #expect(output.stderr.contains("replayed from cassettes/osrm/route.json"))
    }

    @Test func jsonCarriesTheStepsAndAPathThePolylineAgreesWith() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let route = try #require(try JSONValue.parse(Data(output.stdout.utf8))["route"])
        #expect(route["provider"]?.stringValue == "osrm")
        let distance = try #require(route["distance_m"]?.doubleValue)
        #expect(abs(distance - 1166.4) < 0.1)
        let steps = try #require(route["steps"]?.arrayValue)
        #expect(steps.count == 20)
        let stepSum = steps.compactMap { $0["distance_m"]?.doubleValue }.reduce(0, +)
        #expect(abs(stepSum - distance) < 1)
        let path = try #require(route["path"]?.arrayValue)
        let decoded = try Polyline.decode(try #require(route["polyline6"]?.stringValue), precision: 6)
        #expect(decoded.count == path.count)
        let first = try #require(path.first?.arrayValue?.compactMap { $0.doubleValue })
        #expect(Coordinate(first[1], first[0]).distance(to: Coordinate(52.3731, 4.8926)) < 30)
    }

    @Test func geojsonIsALineWithTheStepsAsPoints() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--format", "geojson"])
        #expect(output.status == 0, "\(output.stderr)")
        let features = try #require(try JSONValue.parse(Data(output.stdout.utf8))["features"]?.arrayValue)
        #expect(features.first?["geometry"]?["type"]?.stringValue == "LineString")
        #expect(features.count > 1, "the steps are missing")
        #expect(features.dropFirst().allSatisfy { $0["geometry"]?["type"]?.stringValue == "Point" })
        #expect(features.count == 21)
        let last = try #require(features.first?["geometry"]?["coordinates"]?.arrayValue?.last?.arrayValue?.compactMap { $0.doubleValue })
        #expect(Coordinate(last[1], last[0]).distance(to: Coordinate(52.3676, 4.9041)) < 30)
    }

    @Test func gpxIsARouteWithTheInstructionsOnItsPoints() async throws {
        let json = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--format", "json"])
        let pathCount = try JSONValue.parse(Data(json.stdout.utf8))["route"]?["path"]?.arrayValue?.count
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--format", "gpx"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        #expect(output.stdout.components(separatedBy: "<rtept ").count - 1 == pathCount)
        #expect(output.stdout.contains("<desc>Make a slight right onto Damstraat</desc>"))
        #expect(output.stdout.hasSuffix("</gpx>\n"))
    }

    @Test func googleIsUsedWhenAskedAndItsWarningIsShown() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--provider", "google"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.first?.hasSuffix("(google)") == true)
        #expect(output.stdout.contains("Walking directions are in beta"))
        #expect(output.stderr.contains("cassettes/google/route.json"))
    }

    @Test func noRouteIsOneLineAndExit66() async throws {
        let output = try await CLI.run(["route", "--from", "52.6,4.3", "--to", Self.waterlooplein])
        #expect(output.status == 66)
        #expect(output.stdout.isEmpty)
        #expect(output.stderrLines.contains { $0.hasPrefix("places: osrm:") && $0.contains("NoRoute") })
    }

    /// Without --feed a --to that is no coordinate is a place's name: offline and with nothing
    /// imported it cannot be looked up (69), said in one line that also says how to name a recommendation.
    @Test func aNameThatCannotBeLookedUpSaysHowToNameARecommendation() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", "rec-1"])
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("--to 'rec-1' could not be looked up"))
        #expect(output.stderr.contains("to name a recommendation, also give --feed"))
    }

    @Test func badInputIsAUsageError() async throws {
        for arguments in [
            ["route", "--from", "91,4", "--to", Self.waterlooplein],
            ["route", "--from", Self.dam, "--to", "52.3,"],
            ["route", "--from", Self.dam, "--to", Self.waterlooplein, "--provider", "mapquest"],
            ["route", "--from", Self.dam, "--to", Self.waterlooplein, "--format", "kml"],
        ] {
            let output = try await CLI.run(arguments)
            #expect(output.status == 64, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1, "\(arguments): \(output.stderr)")
        }
    }

    @Test func googleLiveWithoutAKeySaysWhichKeyAndSendsNothing() async throws {
        let output = try await CLI.run(["route", "--from", Self.dam, "--to", Self.waterlooplein, "--provider", "google", "--http-mode", "live"])
        #expect(output.status == 78)
        #expect(output.stderr.contains("GOOGLE_MAPS_API_KEY"))
    }

    @Test func aRequestWithoutARecordingSaysSoOffline() async throws {
        let output = try await CLI.run(["route", "--from", "52.3700,4.8900", "--to", Self.waterlooplein])
        #expect(output.status == 69)
        #expect(output.stderrLines.count == 1)
        #expect(
            output.stderr.contains(
                "no recording of this request to GET https://routing.openstreetmap.de/routed-foot/route/v1/foot/4.89,52.37;4.9041,52.3676"))
        #expect(output.stderr.contains("the bundled recordings cover central Amsterdam"), "\(output.stderr)")
    }
}
