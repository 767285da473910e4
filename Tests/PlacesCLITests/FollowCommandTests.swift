import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import Testing

/// `places follow` and `places points` end to end: the example walk (with its detour) to a
/// recommendation of the example feed, routes given as files, traces on stdin, bad fixes, and
/// points awarded exactly once.
@Suite(.timeLimit(.minutes(10))) struct FollowCommandTests {
    static let waterlooplein = "52.3676,4.9041"
    static let t0 = Date(timeIntervalSince1970: 1_795_255_200)  // 2026-11-21T10:00:00Z

    static func events(_ output: CLI.Output) throws -> [JSONValue] {
        try output.stdoutLines.filter { !$0.isEmpty }.map { try JSONValue.parse(Data($0.utf8)) }
    }

    static func kinds(_ events: [JSONValue]) -> [String] { events.compactMap { $0["event"]?.stringValue } }

    /// A straight walk from `from` to `to` at 1.4 m/s, a fix a second, as NDJSON lines.
    static func straightWalk(from: Coordinate, to: Coordinate, start: Date = t0, accuracy: Double = 5) -> [String] {
        let distance = from.distance(to: to)
        let bearing = from.bearing(to: to)
        let seconds = Int((distance / 1.4).rounded(.up))
        return (0...seconds).map { second in
            let point = Geodesy.destination(from: from, distance: min(distance, Double(second) * 1.4), bearing: bearing)
            let time = ISO8601Text.format(start.addingTimeInterval(Double(second)))
            return #"{"lat":\#(point.latitude),"lon":\#(point.longitude),"time":"\#(time)","accuracy":\#(accuracy)}"#
        }
    }

    static func write(_ lines: [String], to scenario: Scenario, as name: String) throws -> String {
        let url = scenario.folder.appendingPathComponent(name)
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
        return url.path
    }

    /// No recording of this walk: OSRM falls back to the imported streets, and the route event
    /// says who routed it (`local`), not who was asked (it said `osrm`).
    @Test func aRouteFromTheImportedStreetsIsCreditedToThem() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let scenario = Scenario()
        let from = Coordinate(52.3758, 4.8968)
        let to = Coordinate(52.3742, 4.8952)
        let trace = try Self.write(Self.straightWalk(from: from, to: to), to: scenario, as: "walk.ndjson")
        let output = try await CLI.run(
            ["follow", "--to", "\(to.latitude),\(to.longitude)", "--trace", trace, "--format", "ndjson"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        #expect(events.first?["event"]?.stringValue == "route")
        #expect(events.first?["source"]?.stringValue == "local", "\(output.stdout)")
        #expect(output.stderr.contains("routed over the imported streets instead"), "\(output.stderr)")
    }

    @Test func theExampleWalkLeavesTheRouteComesBackAndArrivesForFortyPointsOnce() async throws {
        let store = TemporaryStore()
        let arguments = ["follow", "--feed", "examples/feed.json", "--to", "rec-waterlooplein", "--trace", "examples/walk.gpx", "--format", "ndjson"]
        let first = try await CLI.run(arguments, environment: store.environment)
        #expect(first.status == 0, "\(first.stderr)")
        let events = try Self.events(first)
        #expect(Self.kinds(events) == ["route", "off-route", "back-on-route", "arrived", "end"])
        #expect(events[0]["source"]?.stringValue == "osrm")
        // The detour: 35 m off for 30 s from about 400 m along; the time rule alerts after 15 s.
        #expect(events[1]["reason"]?.stringValue == "time")
        #expect(events[1]["time"]?.stringValue?.hasPrefix("2026-11-21T10:0") == true)
        #expect(events[3]["points_awarded"]?.doubleValue == 40)
        #expect(events[3]["balance"]?.doubleValue == 40)
        #expect(events[4]["arrived"] == .bool(true))

        // The same walk again: arrived, but nothing more is awarded.
        let again = try await CLI.run(arguments, environment: store.environment)
        #expect(again.status == 0, "\(again.stderr)")
        let arrival = try #require(try Self.events(again).first { $0["event"]?.stringValue == "arrived" })
        #expect(arrival["points_awarded"]?.doubleValue == 0)
        #expect(arrival["already_awarded_at"]?.stringValue != nil)

        let points = try await CLI.run(["points", "--format", "json"], environment: store.environment)
        let ledger = try JSONValue.parse(Data(points.stdout.utf8))
        #expect(ledger["balance"]?.doubleValue == 40)
        #expect(ledger["history"]?.arrayValue?.count == 1)
        #expect(ledger["history"]?.arrayValue?.first?["id"]?.stringValue == "feed:rec-waterlooplein")
        #expect(ledger["history"]?.arrayValue?.first?["feed"]?.stringValue == "Amsterdam centrum quiet spots")

        let table = try await CLI.run(["points"], environment: store.environment)
        #expect(table.stdoutLines.first == "40 points")
        #expect(table.stdout.contains("Waterlooplein market"))
    }

    @Test func twoFollowsAtOnceAwardOnce() async throws {
        let store = TemporaryStore()
        let arguments = ["follow", "--feed", "examples/feed.json", "--to", "rec-waterlooplein", "--trace", "examples/walk.gpx", "--format", "ndjson"]
        let environment = store.environment
        async let a = CLI.run(arguments, environment: environment)
        async let b = CLI.run(arguments, environment: environment)
        let outputs = try await [a, b]
        var awarded = 0
        for output in outputs {
            #expect(output.status == 0, "\(output.stderr)")
            let arrival = try Self.events(output).first { $0["event"]?.stringValue == "arrived" }
            awarded += Int(arrival?["points_awarded"]?.doubleValue ?? -1)
        }
        #expect(awarded == 40)
        let points = try await CLI.run(["points", "--format", "json"], environment: store.environment)
        #expect(try JSONValue.parse(Data(points.stdout.utf8))["balance"]?.doubleValue == 40)
    }

    @Test func textEventsCarryTheFixTimeInLocalTime() async throws {
        let store = TemporaryStore()
        let output = try await CLI.run(
            ["follow", "--feed", "examples/feed.json", "--to", "rec-waterlooplein", "--trace", "examples/walk.gpx"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdoutLines
        #expect(lines.count == 5)
        // 10:0x UTC is 11:0x in Amsterdam.
        #expect(lines[1].hasPrefix("11:0") && lines[1].contains("off route"))
        #expect(lines[3].contains("arrived") && lines[3].contains("+40 points (balance 40)"))
        #expect(lines[4].contains("end") && lines[4].contains("arrived"))
    }

    @Test func aGivenRouteNeedsNoRoutingProvider() async throws {
        let scenario = Scenario()
        let route = try await CLI.run(["route", "--from", "52.3731,4.8926", "--to", Self.waterlooplein, "--format", "geojson"])
        let routeFile = scenario.folder.appendingPathComponent("route.geojson")
        try Data(route.stdout.utf8).write(to: routeFile)
        // No cassettes at all: any request would fail.
        let output = try await CLI.run(
            ["follow", "--route", routeFile.path, "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--format", "ndjson"],
            environment: ["PLACES_CASSETTE_DIR": scenario.folder.path])
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        #expect(Self.kinds(events) == ["route", "off-route", "back-on-route", "arrived", "end"])
        #expect(events[3]["points_awarded"] == nil)

        // The GPX that `places route` writes works the same.
        let gpx = try await CLI.run(["route", "--from", "52.3731,4.8926", "--to", Self.waterlooplein, "--format", "gpx"])
        let gpxFile = scenario.folder.appendingPathComponent("route.gpx")
        try Data(gpx.stdout.utf8).write(to: gpxFile)
        let fromGPX = try await CLI.run(
            ["follow", "--route", gpxFile.path, "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--format", "ndjson"],
            environment: ["PLACES_CASSETTE_DIR": scenario.folder.path])
        #expect(Self.kinds(try Self.events(fromGPX)) == ["route", "off-route", "back-on-route", "arrived", "end"])
    }

    @Test func gpsdReportsOnStdinAreFollowedLive() async throws {
        // The example walk as gpsd would stream it: VERSION, DEVICES, then TPV and SKY reports.
        let gpx = try String(contentsOf: CLI.repository.appendingPathComponent("examples/walk.gpx"), encoding: .utf8)
        var lines = [
            #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}"#,
            #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox"}]}"#,
            #"{"class":"WATCH","enable":true,"json":true}"#,
            #"{"class":"TPV","device":"/dev/ttyACM0","mode":1}"#,
        ]
        let pattern = try NSRegularExpression(pattern: #"lat="([0-9.]+)" lon="([0-9.]+)"><time>([^<]+)</time><extensions><hacc>([0-9.]+)"#)
        for match in pattern.matches(in: gpx, range: NSRange(gpx.startIndex..., in: gpx)) {
            let field = { (index: Int) in String(gpx[Range(match.range(at: index), in: gpx)!]) }
            lines.append(
                #"{"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"\#(field(3))","lat":\#(field(1)),"lon":\#(field(2)),"eph":\#(field(4))}"#)
            lines.append(#"{"class":"SKY","device":"/dev/ttyACM0","nSat":12,"uSat":8}"#)
        }
        let output = try await CLI.run(
            ["follow", "--to", Self.waterlooplein, "--trace", "-", "--format", "ndjson"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Self.kinds(try Self.events(output)) == ["route", "off-route", "back-on-route", "arrived", "end"])
    }

    @Test func badFixesAreSkippedAndNamedAndTheRestIsUsed() async throws {
        let scenario = Scenario()
        var lines = Self.straightWalk(from: Coordinate(52.3731, 4.8926), to: Coordinate(52.3676, 4.9041))
        lines.insert(#"{"lat":52.37305,"lon":4.8927}"#, at: 5)  // no time
        lines.insert(#"{"lat":52.3730,"lon":4.8928,"time":"2026-11-21T09:00:00Z","accuracy":5}"#, at: 10)  // out of order
        lines.insert(#"{"lat":48.8566,"lon":2.3522,"time":"2026-11-21T10:00:12.5Z","accuracy":5}"#, at: 15)  // Paris, 430 km away
        lines.insert(#"{"lat":95,"lon":4.89,"time":"2026-11-21T10:00:14.5Z"}"#, at: 20)  // off the globe
        lines.insert("this is not JSON", at: 25)
        let trace = try Self.write(lines, to: scenario, as: "walk.ndjson")
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[4.8926,52.3731],[4.9041,52.3676]]}"#], to: scenario, as: "route.geojson")
        let output = try await CLI.run(["follow", "--route", route, "--to", Self.waterlooplein, "--trace", trace, "--format", "ndjson"])
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        #expect(Self.kinds(events) == ["route", "arrived", "end"])
        #expect(events.last?["skipped"]?.doubleValue == 5)
        let skipped = output.stderrLines.filter { $0.hasSuffix("skipped") }
        #expect(skipped.count == 5, "\(output.stderr)")
        #expect(skipped.allSatisfy { $0.hasPrefix("places: \(trace): ") && !$0.hasSuffix("skipped; skipped") })
    }

    @Test func accuracyZeroOrMissingIsUnknownAndSaidOnce() async throws {
        let scenario = Scenario()
        // Loggers write 0 for "no idea"; it is not an accuracy of 0 m.
        let zero = Self.straightWalk(from: Coordinate(52.3731, 4.8926), to: Coordinate(52.3676, 4.9041), accuracy: 0)
        let missing = zero.map { $0.replacingOccurrences(of: #","accuracy":0.0"#, with: "") }
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[4.8926,52.3731],[4.9041,52.3676]]}"#], to: scenario, as: "route.geojson")
        for (name, lines) in [("zero.ndjson", zero), ("missing.ndjson", missing)] {
            let trace = try Self.write(lines, to: scenario, as: name)
            let output = try await CLI.run(["follow", "--route", route, "--to", Self.waterlooplein, "--trace", trace, "--format", "ndjson"])
            #expect(output.status == 0, "\(name): \(output.stderr)")
            #expect(Self.kinds(try Self.events(output)) == ["route", "arrived", "end"], "\(name)")
            #expect(
                output.stderrLines == [
                    "places: \(trace): no fix said how accurate it was; the plain thresholds applied (set them with --tolerance and --off-route-distance)"
                ], "\(name)")
            #expect(try Self.events(output).dropFirst().first?["accuracy_m"] == .null)
        }
    }

    @Test func aTraceWithoutTimesCannotBeFollowed() async throws {
        let scenario = Scenario()
        let trace = try Self.write(
            [
                #"<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#,
                #"<trkpt lat="52.3731" lon="4.8926"/><trkpt lat="52.3730" lon="4.8930"/><trkpt lat="52.3729" lon="4.8934"/>"#,
                "</trkseg></trk></gpx>",
            ], to: scenario, as: "untimed.gpx")
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[4.8926,52.3731],[4.9041,52.3676]]}"#], to: scenario, as: "route.geojson")
        let output = try await CLI.run(["follow", "--route", route, "--to", Self.waterlooplein, "--trace", trace])
        #expect(output.status == 65)
        #expect(output.stderrLines.last?.contains("none of its 3 fixes can be used") == true, "\(output.stderr)")
    }

    @Test func aWrongFirstFixIsReanchoredAndTheRouteAskedAgain() async throws {
        // The route is first asked from a wild first fix 35 km away (answered by a copy of the
        // recording of docs/walking.md), then, once three fixes agree, again from Dam, where they are.
        let scenario = Scenario()
        try scenario.copy("osrm", "route.json") { _ in }
        var wild = try Cassette(contentsOf: CLI.cassettes.appendingPathComponent("osrm/route.json"))
        wild.interactions = wild.interactions.filter { $0.request.url.contains("/4.8926,52.3731;4.9041,52.3676?") }
        for index in wild.interactions.indices {
            wild.interactions[index].request.url = wild.interactions[index].request.url.replacingOccurrences(
                of: "/4.8926,52.3731;", with: "/5.1,52.1;")
        }
        try wild.write(to: scenario.folder.appendingPathComponent("osrm/wild.json"))

        let dam = Coordinate(52.3731, 4.8926)
        var lines = [#"{"lat":52.1,"lon":5.1,"time":"2026-11-21T09:59:57Z","accuracy":5}"#]
        for (second, metres) in [(58, 2.8), (59, 1.4)] {
            let point = Geodesy.destination(from: dam, distance: metres, bearing: 0)
            lines.append(#"{"lat":\#(point.latitude),"lon":\#(point.longitude),"time":"2026-11-21T09:59:\#(second)Z","accuracy":5}"#)
        }
        lines += Self.straightWalk(from: dam, to: Coordinate(52.3676, 4.9041))
        let trace = try Self.write(lines, to: scenario, as: "walk.ndjson")
        let output = try await CLI.run(
            ["follow", "--to", Self.waterlooplein, "--trace", trace, "--format", "ndjson"],
            environment: ["PLACES_CASSETTE_DIR": scenario.cassetteDirectories])
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        // The wild fix is off the first route at once; the second route starts where the walk does.
        // (The straight walk then cuts the route's corners, which follow reports; not the point here.)
        #expect(Array(Self.kinds(events).prefix(3)) == ["route", "off-route", "route"])
        #expect(Self.kinds(events).suffix(2) == ["arrived", "end"])
        #expect(Self.kinds(events).filter { $0 == "route" }.count == 2)
        #expect(events[2]["time"]?.stringValue == "2026-11-21T10:00:00Z")
        #expect(output.stderr.contains("re-anchored: 3 fixes in a row agree with each other"))
    }

    @Test func rerouteAsksForANewRouteWhereTheWalkerLeftTheOldOne() async throws {
        // The detour of the example walk leaves the route at 52.3716215,4.8975513; a recording for a
        // route from there (a copy of docs/walking.md's answer) lets the reroute happen offline.
        let scenario = Scenario()
        try scenario.copy("osrm", "route.json") { _ in }
        var there = try Cassette(contentsOf: CLI.cassettes.appendingPathComponent("osrm/route.json"))
        there.interactions = there.interactions.filter { $0.request.url.contains("/4.8926,52.3731;4.9041,52.3676?") }
        for index in there.interactions.indices {
            there.interactions[index].request.url = there.interactions[index].request.url
                .replacingOccurrences(of: "/4.8926,52.3731;", with: "/4.897551,52.371622;")
        }
        try there.write(to: scenario.folder.appendingPathComponent("osrm/reroute.json"))
        let arguments = ["follow", "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--reroute", "--format", "ndjson"]
        let output = try await CLI.run(arguments, environment: ["PLACES_CASSETTE_DIR": scenario.cassetteDirectories])
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        #expect(Self.kinds(events) == ["route", "off-route", "reroute", "arrived", "end"])
        #expect(events[2]["time"]?.stringValue == events[1]["time"]?.stringValue)

        // Without a recording for it, the reroute fails, is said, and the old route is followed on.
        let offline = try await CLI.run(arguments)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(Self.kinds(try Self.events(offline)) == ["route", "off-route", "back-on-route", "arrived", "end"])
        #expect(
            offline.stderrLines.contains {
                $0.hasPrefix("places: could not reroute from 52.3716215,4.8975513") && $0.hasSuffix("following the old route")
            })
    }

    @Test func unusableInputsAreOneLineWithTheirExitCodes() async throws {
        let scenario = Scenario()
        let osm = try Self.write([#"<?xml version="1.0"?><osm version="0.6"><node id="1" lat="52" lon="4"/></osm>"#], to: scenario, as: "map.osm")
        let empty = try Self.write([""], to: scenario, as: "empty.gpx")
        let emptyRoute = try Self.write([#"{"type":"LineString","coordinates":[]}"#], to: scenario, as: "empty.geojson")
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[4.8926,52.3731],[4.9041,52.3676]]}"#], to: scenario, as: "route.geojson")
        let cases: [([String], Int32)] = [
            (["follow", "--to", Self.waterlooplein, "--trace", scenario.folder.appendingPathComponent("missing.gpx").path], 66),
            (["follow", "--to", Self.waterlooplein, "--route", route, "--trace", osm], 65),
            (["follow", "--to", Self.waterlooplein, "--route", route, "--trace", empty], 65),
            (["follow", "--to", Self.waterlooplein, "--route", emptyRoute, "--trace", "examples/walk.gpx"], 65),
            (
                [
                    "follow", "--to", Self.waterlooplein, "--route", scenario.folder.appendingPathComponent("nope.geojson").path, "--trace",
                    "examples/walk.gpx",
                ], 66
            ),
            (["follow", "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--tolerance", "60m"], 64),
            (["follow", "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--cooldown", "soon"], 64),
            (["follow", "--to", "rec-waterlooplein", "--trace", "examples/walk.gpx"], 69),
            (["follow", "--to", Self.waterlooplein, "--trace", "examples/walk.gpx", "--trace-format", "kml"], 64),
            (["follow", "--to", Self.waterlooplein, "--route", route, "--trace", "examples/walk.gpx", "--reroute"], 64),
        ]
        for (arguments, status) in cases {
            let output = try await CLI.run(arguments)
            #expect(output.status == status, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1, "\(arguments): \(output.stderr)")
        }
    }

    @Test func aRoutingFailureEndsWithItsProviderNamed() async throws {
        let scenario = Scenario()
        let trace = try Self.write(Self.straightWalk(from: Coordinate(52.6, 4.3), to: Coordinate(52.6005, 4.3)), to: scenario, as: "sea.ndjson")
        let output = try await CLI.run(["follow", "--to", Self.waterlooplein, "--trace", trace])
        #expect(output.status == 66)
        #expect(output.stderrLines.last?.hasPrefix("places: osrm:") == true, "\(output.stderr)")
    }

    @Test func anExpiredRecommendationArrivesWithoutPoints() async throws {
        let store = TemporaryStore()
        let scenario = Scenario()
        let start = Coordinate(52.3780, 4.8880)
        let market = Coordinate(52.3792, 4.8868)
        let trace = try Self.write(Self.straightWalk(from: start, to: market), to: scenario, as: "walk.ndjson")
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[\#(start.longitude),\#(start.latitude)],[4.8868,52.3792]]}"#], to: scenario, as: "route.geojson")
        let output = try await CLI.run(
            ["follow", "--feed", "examples/feed.json", "--to", "rec-noordermarkt", "--route", route, "--trace", trace, "--format", "ndjson"],
            environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let arrival = try #require(try Self.events(output).first { $0["event"]?.stringValue == "arrived" })
        #expect(arrival["points_awarded"]?.doubleValue == 0)
        #expect(arrival["expired_at"]?.stringValue == "2026-11-14T15:00:00Z")
        let points = try await CLI.run(["points", "--format", "json"], environment: store.environment)
        #expect(try JSONValue.parse(Data(points.stdout.utf8))["balance"]?.doubleValue == 0)
    }

    @Test func theArrivalRadiusIsTheRecommendationsOwn() async throws {
        // Begijnhof's radius is 30 m: a walk that stops 40 m short does not arrive.
        let store = TemporaryStore()
        let scenario = Scenario()
        let garden = Coordinate(52.3663, 4.8967)
        let start = Geodesy.destination(from: garden, distance: 300, bearing: 0)
        let short = Geodesy.destination(from: garden, distance: 40, bearing: 0)
        let trace = try Self.write(Self.straightWalk(from: start, to: short), to: scenario, as: "walk.ndjson")
        let route = try Self.write(
            [#"{"type":"LineString","coordinates":[[\#(start.longitude),\#(start.latitude)],[4.8967,52.3663]]}"#], to: scenario, as: "route.geojson")
        let arguments = ["follow", "--feed", "examples/feed.json", "--to", "rec-begijnhof", "--route", route, "--trace", trace, "--format", "ndjson"]
        let output = try await CLI.run(arguments, environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let events = try Self.events(output)
        #expect(Self.kinds(events) == ["route", "end"])
        #expect(events.last?["arrived"] == .bool(false))
        // With --arrival-radius 50m it does, but the points still need the recommendation's 30 m.
        let wider = try await CLI.run(arguments + ["--arrival-radius", "50m"], environment: store.environment)
        let widerEvents = try Self.events(wider)
        #expect(Self.kinds(widerEvents) == ["route", "arrived", "end"])
        #expect(widerEvents[1]["points_awarded"]?.doubleValue == 0)
        #expect(widerEvents[1]["points_radius_m"]?.doubleValue == 30)
    }

    @Test func pointsWithoutAStoreAreZeroAndCreateNothing() async throws {
        let store = TemporaryStore()
        let output = try await CLI.run(["points"], environment: store.environment)
        #expect(output.status == 0)
        #expect(output.stdoutLines.first == "0 points")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }
}
