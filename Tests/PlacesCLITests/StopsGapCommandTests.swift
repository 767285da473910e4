import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing
import Tracking

/// `places stops` on a recording with gaps between its track segments: the jumps across them are
/// said apart from the movement in every format, and the speed is over what was recorded.
@Suite(.timeLimit(.minutes(10))) struct StopsGapCommandTests {
    typealias Day = StopsCommandTests.Day

    /// The constructed day as GPX, the recording off between the café and Damstraat: the walk there
    /// is two segments, 12 minutes and 1.2 km of it unrecorded.
    static func gpx() -> String {
        var day = Day(start: Coordinate(52.3680, 4.8915))
        day.walk(to: StopsCommandTests.café)
        day.stay(1200)
        day.walk(to: Coordinate(52.3740, 4.8931))
        let resume = day.fixes.count
        day.position = Coordinate(52.3740, 4.9110)  // 1.2 km east, 12 minutes later
        day.second += 720
        day.walk(to: Coordinate(52.3740, 4.9140))
        day.stay(600)
        var text =
            #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
        for (index, (point, second, _)) in day.fixes.enumerated() {
            if index == resume { text += "</trkseg><trkseg>" }
            let time = ISO8601Text.format(StopsCommandTests.t0.addingTimeInterval(Double(second)))
            text += #"<trkpt lat="\#(point.latitude)" lon="\#(point.longitude)"><time>\#(time)</time></trkpt>"#
        }
        return text + "</trkseg></trk></gpx>\n"
    }

    @Test func theJumpBetweenSegmentsIsUnrecordedNotMovement() async throws {
        let scenario = Scenario()
        let trace = try StopsCommandTests.file(Self.gpx(), in: scenario, "gap.gpx")
        let json = try await CLI.run(["stops", trace, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try JSONValue.parse(Data(json.stdout.utf8))
        let transits = try #require(document["transits"]?.arrayValue)
        let between = try #require(transits.first { $0["from"]?.doubleValue == 1 })
        #expect(between["gaps"]?.doubleValue == 1)
        #expect(abs((between["gap_distance_m"]?.doubleValue ?? 0) - 1220) < 60, "\(between)")
        #expect(abs((between["gap_s"]?.doubleValue ?? 0) - 721) <= 2)
        // Walked: about 300 m before the break and 200 m after, at a walker's pace.
        #expect(abs((between["distance_m"]?.doubleValue ?? 0) - 500) < 120, "\(between)")
        #expect(abs((between["speed_kmh"]?.doubleValue ?? 0) - 5) < 1, "\(between)")
        #expect(between["path_breaks"]?.arrayValue?.count == 1)
        let summary = try #require(document["summary"])
        #expect(summary["gaps"]?.doubleValue == 1)
        #expect(abs((summary["gap_distance_m"]?.doubleValue ?? 0) - 1220) < 60)

        let table = try await CLI.run(["stops", trace])
        let row = try #require(
            table.stdoutLines.first { $0.contains("gap") && !$0.hasPrefix("2 stops") }, "\(table.stdout)")
        #expect(row.contains("1 gap: 1.2 km straight in 12 min unrecorded"), "\(row)")
        #expect(
            table.stdoutLines.dropLast().last?.contains("12 min unrecorded (1 gap, 1.2 km in straight lines)") == true,
            "\(table.stdout)")

        // No line crosses the gap: two lines in GeoJSON, two segments in GPX.
        let geojson = try await CLI.run(["stops", trace, "--format", "geojson"])
        let features = try #require(try JSONValue.parse(Data(geojson.stdout.utf8))["features"]?.arrayValue)
        let line = try #require(features.first { $0["properties"]?["gaps"]?.doubleValue == 1 })
        #expect(line["geometry"]?["type"]?.stringValue == "MultiLineString")
        #expect(line["geometry"]?["coordinates"]?.arrayValue?.count == 2)
        let gpx = try await CLI.run(["stops", trace, "--format", "gpx"])
        let track = try #require(gpx.stdout.components(separatedBy: "<trk>").first { $0.contains("stop 1 to stop 2") })
        #expect(track.components(separatedBy: "<trkseg>").count - 1 == 2)
        #expect(track.contains("1 gap: 1.2 km straight"))
        let ndjson = try await CLI.run(["stops", trace, "--format", "ndjson"])
        #expect(ndjson.stdoutLines.contains { $0.contains(#""kind":"transit""#) && $0.contains(#""gaps":1"#) })
    }

    static let shared = StopsCommandTests.shared
    static var hasShared: Bool {
        FileManager.default.fileExists(atPath: shared.appendingPathComponent("cerknicko-jezero.gpx").path)
    }

    @Test(.enabled(if: hasShared, "../shared/data/gpx is not beside the repository; the real trace is skipped"))
    func cerknicasJumpsBetweenSegmentsAreNotCountedAsMovement() async throws {
        let output = try await CLI.run([
            "stops", Self.shared.appendingPathComponent("cerknicko-jezero.gpx").path, "--format", "json",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let document = try JSONValue.parse(Data(output.stdout.utf8))
        // The transit from stop 2 to stop 3 crossed three gaps: 2.3 km, 1.4 km and 5.3 km in straight lines.
        let transits = try #require(document["transits"]?.arrayValue)
        let jumpy = try #require(transits.first { ($0["gaps"]?.doubleValue ?? 0) > 0 })
        #expect(jumpy["gaps"]?.doubleValue == 3)
        #expect(abs((jumpy["gap_distance_m"]?.doubleValue ?? 0) - 9040) < 100, "\(jumpy)")
        #expect((jumpy["distance_m"]?.doubleValue ?? 0) < 2500)
        // The whole day: 4.6 km recorded in all (some of it inside stops), not 13 km.
        let summary = try #require(document["summary"])
        #expect((summary["moving_m"]?.doubleValue ?? 0) < 4600, "\(summary)")
        #expect(summary["gaps"]?.doubleValue == 3)
    }
}
