import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing
import Tracking

/// `places stops` end to end: a constructed day in central Amsterdam (a walk, twenty minutes at
/// Café de Jaren, a walk, ten minutes on Damstraat, a walk), in every output format, names from an
/// imported extract, the accuracy filter, stdin, bad input, and the real recordings when they are there.
@Suite(.timeLimit(.minutes(10))) struct StopsCommandTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_255_200)  // 2026-11-21T10:00:00Z, 11:00 in Amsterdam
    static let café = Coordinate(52.3712, 4.8931)
    static let damstraat = Coordinate(52.3723, 4.8946)

    /// Fixes a second as (position, seconds since t0, accuracy).
    typealias Day = SyntheticWalk

    static func day(stayAccuracy: Double = 5) -> Day {
        var day = Day(start: Coordinate(52.3680, 4.8915))
        day.walk(to: café)
        day.stay(1200, accuracy: stayAccuracy)
        day.walk(to: damstraat)
        day.stay(600, accuracy: stayAccuracy)
        day.walk(to: Coordinate(52.3760, 4.8970))
        return day
    }

    static func file(_ text: String, in scenario: Scenario, _ name: String = "day.ndjson") throws -> String {
        let url = scenario.folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test func theTableIsATimelineOfStopsAndTheMovementBetween() async throws {
        let scenario = Scenario()
        let trace = try Self.file(Self.day().ndjson(from: Self.t0), in: scenario)
        let store = TemporaryStore()
        let output = try await CLI.run(["stops", trace], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.first?.hasPrefix("#  From") == true)
        // transit, stop 1, transit, stop 2, transit, blank, totals, the date and zone of the times
        #expect(lines.count == 9, "\(output.stdout)")
        // Li's arrival is early by the last metres of the approach: 20 minutes and a bit.
        #expect(lines[2].hasPrefix("1  11:0") && (lines[2].contains("20 min") || lines[2].contains("21 min")), "\(output.stdout)")
        #expect(lines[3].contains("moving"))
        #expect(lines[4].hasPrefix("2  ") && (lines[4].contains("10 min") || lines[4].contains("11 min")))
        #expect(lines[7].hasPrefix("2 stops, 3"))
        // The harness runs in TZ=Europe/Amsterdam: the times say so, with the day they are on.
        #expect(lines[8].hasPrefix("2026-") && lines[8].contains("times in Europe/Amsterdam"), "\(lines[8])")
        // Nothing imported into this store: stops have no names, and nothing was created.
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func jsonHasTheStopsTransitsAndASummary() async throws {
        let scenario = Scenario()
        let trace = try Self.file(Self.day().ndjson(from: Self.t0), in: scenario)
        let output = try await CLI.run(["stops", trace, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try JSONValue.parse(Data(output.stdout.utf8))
        let stops = try #require(document["stops"]?.arrayValue)
        let transits = try #require(document["transits"]?.arrayValue)
        #expect(stops.count == 2)
        #expect(transits.count == 3)
        let first = stops[0]
        let centre = Coordinate(try #require(first["lat"]?.doubleValue), try #require(first["lon"]?.doubleValue))
        #expect(centre.distance(to: Self.café) < 10)
        // Li's stay takes in the last metres of the approach and the first of the way out.
        #expect(abs((first["duration_s"]?.doubleValue ?? 0) - 1200) < 90)
        #expect(transits[1]["from"]?.doubleValue == 1 && transits[1]["to"]?.doubleValue == 2)
        #expect(transits[0]["from"] == .null)
        #expect((transits[1]["path"]?.arrayValue?.count ?? 0) >= 2)
        let summary = try #require(document["summary"])
        #expect(summary["stops"]?.doubleValue == 2)
        #expect(summary["radius_m"]?.doubleValue == 50)
        #expect(summary["min_duration_s"]?.doubleValue == 300)
        #expect(abs((summary["stopped_s"]?.doubleValue ?? 0) - 1800) < 180)
    }

    @Test func geojsonAndGPXCarryStopsAsPointsAndTransitsAsLines() async throws {
        let scenario = Scenario()
        let trace = try Self.file(Self.day().ndjson(from: Self.t0), in: scenario)
        let geojson = try await CLI.run(["stops", trace, "--format", "geojson"])
        #expect(geojson.status == 0, "\(geojson.stderr)")
        let features = try #require(try JSONValue.parse(Data(geojson.stdout.utf8))["features"]?.arrayValue)
        #expect(features.compactMap { $0["geometry"]?["type"]?.stringValue } == ["LineString", "Point", "LineString", "Point", "LineString"])
        #expect(features[1]["properties"]?["arrival"]?.stringValue?.hasPrefix("2026-11-21T10:") == true)
        let gpx = try await CLI.run(["stops", trace, "--format", "gpx"])
        #expect(gpx.status == 0, "\(gpx.stderr)")
        #expect(gpx.stdout.components(separatedBy: "<wpt ").count - 1 == 2)
        #expect(gpx.stdout.components(separatedBy: "<trk>").count - 1 == 3)
        // What it writes reads back as GPX: the stops as waypoints with their arrival times.
        var waypoints = try TraceReader.source(data: Data(gpx.stdout.utf8), name: "stops.gpx", gpxPoints: .waypoints)
        var arrivals: [Date] = []
        while let item = try waypoints.next() { if case .fix(let fix) = item, let time = fix.time { arrivals.append(time) } }
        #expect(arrivals.count == 2)
        #expect(arrivals.first.map { abs($0.timeIntervalSince(Self.t0) - 230) < 60 } == true, "\(arrivals)")
    }

    @Test func stopsAreNamedFromTheImportedData() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let scenario = Scenario()
        let trace = try Self.file(Self.day().ndjson(from: Self.t0), in: scenario)
        let output = try await CLI.run(["stops", trace, "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let stops = try #require(try JSONValue.parse(Data(output.stdout.utf8))["stops"]?.arrayValue)
        #expect(stops.compactMap { $0["name"]?.stringValue } == ["Café de Jaren", "Damstraat"])
        #expect(stops.compactMap { $0["name_source"]?.stringValue } == ["poi", "street"])
        let table = try await CLI.run(["stops", trace], environment: store.environment)
        #expect(table.stdout.contains("Café de Jaren ("))
        let unnamed = try await CLI.run(["stops", trace, "--format", "json", "--name-within", "0"], environment: store.environment)
        let plain = try #require(try JSONValue.parse(Data(unnamed.stdout.utf8))["stops"]?.arrayValue)
        #expect(plain.count == 2)
        #expect(plain.allSatisfy { $0["name"] == .null })
    }

    @Test func fixesWorseThanTheMinimumAccuracyAreDroppedAndTheStayBridgesTheGap() async throws {
        let scenario = Scenario()
        // The stays were recorded indoors at ±300 m: those fixes are dropped, and what is left of
        // each stay is the walk in and the walk out, a gap apart in the same place: still a stop.
        let trace = try Self.file(Self.day(stayAccuracy: 300).ndjson(from: Self.t0), in: scenario)
        let strict = try await CLI.run(["stops", trace, "--format", "json"])
        #expect(strict.status == 0, "\(strict.stderr)")
        let stops = try #require(try JSONValue.parse(Data(strict.stdout.utf8))["stops"]?.arrayValue)
        #expect(stops.count == 2)
        #expect(stops.allSatisfy { ($0["fixes"]?.doubleValue ?? 0) < 100 })
        #expect(abs((stops.first?["duration_s"]?.doubleValue ?? 0) - 1200) < 90)
        // Each run of refused fixes is one line: two stays, two lines.
        let refused = strict.stderrLines.filter { $0.hasSuffix("accuracy 300 m is worse than the 150 m required; skipped") }
        #expect(refused.count == 2, "\(strict.stderr)")
        #expect(refused.allSatisfy { $0.contains(": fixes ") })
        let lenient = try await CLI.run(["stops", trace, "--format", "json", "--min-accuracy", "500m"])
        let kept = try #require(try JSONValue.parse(Data(lenient.stdout.utf8))["stops"]?.arrayValue)
        #expect(kept.count == 2)
        #expect(kept.allSatisfy { ($0["fixes"]?.doubleValue ?? 0) > 600 })
    }

    @Test func gpsdOnStdinIsStreamedAsNDJSON() async throws {
        let output = try await CLI.run(["stops", "-", "--format", "ndjson"], stdin: Data(Self.day().gpsd(from: Self.t0).utf8))
        #expect(output.status == 0, "\(output.stderr)")
        let lines = try output.stdoutLines.map { try JSONValue.parse(Data($0.utf8)) }
        #expect(lines.map { $0["kind"]?.stringValue ?? "" } == ["transit", "stop", "transit", "stop", "transit", "summary"])
        let transits = lines.filter { $0["kind"]?.stringValue == "transit" }
        #expect(transits.map { [$0["from"]?.doubleValue, $0["to"]?.doubleValue] } == [[nil, 1], [1, 2], [2, nil]])
        #expect(lines.last?["stops"]?.doubleValue == 2)
    }

    /// What each setting does is StopsFlowTests'; here, that the flags reach the flow.
    @Test func theOptionsChangeWhatIsAStop() async throws {
        let scenario = Scenario()
        let trace = try Self.file(Self.day().ndjson(from: Self.t0), in: scenario)
        // Only the twenty minutes at the café last fifteen.
        let longer = try await CLI.run(["stops", trace, "--format", "json", "--min-duration", "15m"])
        #expect(try JSONValue.parse(Data(longer.stdout.utf8))["stops"]?.arrayValue?.count == 1)
        // The café and Damstraat are 160 m apart: a 300 m radius takes the walk between as a stay too.
        let wide = try await CLI.run(["stops", trace, "--format", "json", "--radius", "300m"])
        #expect(try JSONValue.parse(Data(wide.stdout.utf8))["stops"]?.arrayValue?.count == 1, "\(wide.stdout.prefix(600))")
    }

    @Test func aFirstFixFromTheFutureDoesNotSpoilTheDay() async throws {
        // A receiver's first fix dated a day ahead: the checks re-anchor on the real times after
        // three fixes, and the day's two stops come out as without it.
        let scenario = Scenario()
        let future = #"{"lat":52.3680,"lon":4.8915,"time":"2026-11-22T10:00:00Z","accuracy":5}"#
        let trace = try Self.file(future + "\n" + Self.day().ndjson(from: Self.t0), in: scenario)
        let output = try await CLI.run(["stops", trace, "--format", "json"])
        #expect(output.status == 0, "\(output.stderr)")
        let stops = try #require(try JSONValue.parse(Data(output.stdout.utf8))["stops"]?.arrayValue)
        #expect(stops.count == 2)
        #expect(stops.allSatisfy { ($0["duration_s"]?.doubleValue ?? 0) > 500 })
        #expect(output.stderr.contains("re-anchored"))
    }

    @Test func aJumpAndMissingAccuracyAreSaid() async throws {
        let scenario = Scenario()
        var lines = Self.day().ndjson(from: Self.t0).split(separator: "\n").map(String.init)
        // A fix in Paris between two seconds of the walk, and no accuracy anywhere.
        lines.insert(#"{"lat":48.8566,"lon":2.3522,"time":"2026-11-21T10:00:10.5Z"}"#, at: 10)
        lines = lines.map { $0.replacingOccurrences(of: #","accuracy":5.0"#, with: "") }
        let trace = try Self.file(lines.joined(separator: "\n") + "\n", in: scenario)
        let output = try await CLI.run(["stops", trace, "--format", "json", "--min-accuracy", "150m"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try JSONValue.parse(Data(output.stdout.utf8))["stops"]?.arrayValue?.count == 2)
        #expect(output.stderrLines.contains { $0.hasPrefix("places: \(trace): fix 11 (48.8566,2.3522): jumped ") && $0.hasSuffix("; skipped") })
        #expect(output.stderrLines.contains("places: \(trace): no fix said how accurate it was; they were kept, as --min-accuracy cannot judge them"))
        // Without --min-accuracy asked for, a missing accuracy is not worth a line.
        let quiet = try await CLI.run(["stops", trace, "--format", "json"])
        #expect(!quiet.stderr.contains("how accurate"))
    }

    @Test func aFileOfWaypointsSaysSo() async throws {
        let scenario = Scenario()
        let waypoints = try Self.file(
            #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="52.37" lon="4.89"><name>A</name></wpt><wpt lat="52.38" lon="4.89"/></gpx>"#,
            in: scenario, "waypoints.gpx")
        let output = try await CLI.run(["stops", waypoints])
        #expect(output.status == 65)
        #expect(
            output.stderrLines == [
                "places: \(waypoints): no track points, only 2 waypoints or route points; stops need a recorded track (<trk>) with times"
            ])
    }

    @Test func unusableInputIsOneLineWithItsExitCode() async throws {
        let scenario = Scenario()
        let untimed = try Self.file(#"{"lat":52.37,"lon":4.89}"# + "\n" + #"{"lat":52.371,"lon":4.89}"# + "\n", in: scenario, "untimed.ndjson")
        let waypoints = try Self.file(
            #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="52.37" lon="4.89"><name>A</name></wpt></gpx>"#,
            in: scenario, "waypoints.gpx")
        let osm = try Self.file(#"<?xml version="1.0"?><osm version="0.6"></osm>"#, in: scenario, "map.osm")
        let empty = try Self.file("", in: scenario, "empty.gpx")
        let cases: [([String], Int32)] = [
            (["stops", untimed], 65),
            (["stops", waypoints], 65),
            (["stops", osm], 65),
            (["stops", empty], 65),
            (["stops", scenario.folder.appendingPathComponent("missing.gpx").path], 66),
            (["stops", untimed, "--radius", "0m"], 64),
            (["stops", untimed, "--min-duration", "soon"], 64),
            (["stops", untimed, "--max-gap", "-5m"], 64),
            (["stops", untimed, "--format", "kml"], 64),
        ]
        for (arguments, status) in cases {
            let output = try await CLI.run(arguments)
            #expect(output.status == status, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.last?.hasPrefix("places") == true || output.stderrLines.last?.hasPrefix("Error") == true, "\(arguments)")
            #expect(output.stdout.isEmpty, "\(arguments)")
        }
        let noTimes = try await CLI.run(["stops", untimed])
        #expect(noTimes.stderrLines.last?.contains("stops need fixes with times") == true)
    }

    // MARK: - Real recordings (../shared/data/gpx, there in CI)

    static let shared = CLI.repository.deletingLastPathComponent().appendingPathComponent("shared/data/gpx")
    static var hasShared: Bool { FileManager.default.fileExists(atPath: shared.appendingPathComponent("korita-zbevnica.gpx").path) }

    @Test(.enabled(if: hasShared, "../shared/data/gpx is not beside the repository; the real traces are skipped"))
    func theRealTracesGiveTheirStops() async throws {
        func summary(_ file: String) async throws -> JSONValue {
            let output = try await CLI.run(["stops", Self.shared.appendingPathComponent(file).path, "--format", "json"])
            #expect(output.status == 0, "\(file): \(output.stderr)")
            return try #require(try JSONValue.parse(Data(output.stdout.utf8))["summary"])
        }
        // The hike: stopped about 6,000 s by gpxpy's speed split; stays of 5 minutes within 50 m are less.
        let hike = try await summary("korita-zbevnica.gpx")
        #expect((3...8).contains(Int(hike["stops"]?.doubleValue ?? 0)))
        #expect((2400...7200).contains(Int(hike["stopped_s"]?.doubleValue ?? 0)))
        // The 8.5-minute drive never stops for five minutes.
        let drive = try await summary("around-visnjan-with-car.gpx")
        #expect(drive["stops"]?.doubleValue == 0)
        // Eight segments, read as one day.
        let lake = try await summary("cerknicko-jezero.gpx")
        #expect(lake["used"]?.doubleValue == lake["fixes"]?.doubleValue)
        #expect((lake["stops"]?.doubleValue ?? 0) >= 1)
    }
}
