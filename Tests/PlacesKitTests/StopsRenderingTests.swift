import Foundation
import PlaceBytes
import PlaceCore
import PlacesKit
import Testing
import Tracking

/// Stops as an app or the server renders them, from the flow's own summary: GeoJSON, GPX, NDJSON
/// and the timeline, each checked for what a reader of that format relies on.
struct StopsRenderingTests {
    /// Ten minutes at the Dam, seven minutes' walk (a fix every minute, about 80 m apart), twelve
    /// minutes at the Nieuwmarkt: two stops and the transit between them.
    static let gpx: String = {
        var points: [(Double, Double, Int)] = []
        for minute in 0...10 { points.append((52.3731, 4.8926, minute)) }
        for step in 1...7 {
            let share = Double(step) / 8
            points.append((52.3731 + (52.3725 - 52.3731) * share, 4.8926 + (4.9003 - 4.8926) * share, 10 + step))
        }
        for minute in 18...30 { points.append((52.3725, 4.9003, minute)) }
        let fixes = points.map { lat, lon, minute in
            "<trkpt lat=\"\(lat)\" lon=\"\(lon)\"><time>2026-11-21T10:\(minute < 10 ? "0" : "")\(minute):00Z</time></trkpt>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(fixes.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """
    }()

    static func summary(keeping: StopsKeeping = .everything) throws -> StopsSummary {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        var source = try TraceReader.source(data: Data(gpx.utf8), name: "walk.gpx")
        return try service.stops(StopsQuery(), source: &source, name: "walk.gpx", keeping: keeping)
    }

    @Test func geoJSONHasAPointPerStopAndALinePerTransitInTimeOrder() throws {
        let summary = try Self.summary()
        #expect(summary.stops.count == 2)
        #expect(!summary.transits.isEmpty)
        let document = try JSONValue.parse(StopsRendering(timeZone: .gmt).render(summary, as: .geojson))
        #expect(document["type"]?.stringValue == "FeatureCollection")
        let features = try #require(document["features"]?.arrayValue)
        #expect(features.count == summary.stops.count + summary.transits.count)
        #expect(features.allSatisfy { $0["type"]?.stringValue == "Feature" })
        let kinds = features.map { $0["properties"]?["kind"]?.stringValue }
        #expect(kinds.filter { $0 == "stop" }.count == 2)
        // The walk between the stops is a line of the recorded fixes, [lon, lat] as GeoJSON has them.
        let walk = try #require(features.first { $0["properties"]?["kind"]?.stringValue == "transit" && $0["properties"]?["from"]?.intValue == 1 })
        #expect(walk["geometry"]?["type"]?.stringValue == "LineString")
        let path = try #require(walk["geometry"]?["coordinates"]?.arrayValue)
        #expect(path.count >= 2)
        #expect(path.allSatisfy { ($0.arrayValue?.first?.doubleValue ?? 0) > 4.8 && ($0.arrayValue?.last?.doubleValue ?? 0) > 52 })
        #expect(walk["properties"]?["path"] == nil, "the path is the geometry, not repeated in the properties")
        // A stop is a point at its centre, with its times and number.
        let first = try #require(features.first { $0["properties"]?["kind"]?.stringValue == "stop" })
        #expect(first["geometry"]?["type"]?.stringValue == "Point")
        #expect(first["properties"]?["number"]?.intValue == 1)
        #expect(first["properties"]?["arrival"]?.stringValue == "2026-11-21T10:00:00Z")
        let stops = features.compactMap { $0["properties"]?["number"]?.intValue }
        #expect(stops == [1, 2], "in time order")
    }

    @Test func gpxHasAWaypointPerStopAndATrackPerRecordedTransit() throws {
        let summary = try Self.summary()
        let gpx = StopsRendering(timeZone: .gmt).render(summary, as: .gpx)
        #expect(gpx.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<gpx version=\"1.1\""))
        #expect(gpx.hasSuffix("</gpx>\n"))
        #expect(gpx.components(separatedBy: "<wpt ").count - 1 == 2)
        #expect(gpx.contains("<desc>stop 1: 10:00–10:10, 10 min</desc>"))
        let tracks = summary.transits.filter { !StopsDocument.pieces($0).isEmpty }.count
        #expect(tracks >= 1)
        #expect(gpx.components(separatedBy: "<trk>").count - 1 == tracks)
        #expect(gpx.components(separatedBy: "<trkseg>").count == gpx.components(separatedBy: "</trkseg>").count)
    }

    @Test func ndjsonIsOneObjectPerStopThenTheSummary() throws {
        let summary = try Self.summary()
        let lines = StopsRendering(timeZone: .gmt).render(summary, as: .ndjson).split(separator: "\n").map(String.init)
        #expect(lines.count == summary.stops.count + 1)
        let kinds = try lines.map { try JSONValue.parse($0)["kind"]?.stringValue }
        #expect(kinds == ["stop", "stop", "summary"])
        #expect(try JSONValue.parse(lines[2])["stops"]?.intValue == 2)
    }

    @Test func theTimelineIsPlainUnlessAStyleMarksIt() throws {
        let summary = try Self.summary(keeping: .withoutPaths)
        let plain = StopsRendering(timeZone: .gmt).render(summary, as: .table)
        #expect(plain.contains("2 stops, "))
        #expect(plain.contains("2026-11-21, times in GMT"))
        #expect(!plain.contains("«"))
        #expect(plain.split(separator: "\n").allSatisfy { !$0.hasSuffix(" ") })
        let marked = StopsRendering(timeZone: .gmt, style: TextStyle(width: nil) { mark, text in mark == .strong ? "«\(text)»" : text })
            .render(summary, as: .table)
        // A cell is marked with its padding, as a terminal's colour runs to the column's edge.
        #expect(marked.components(separatedBy: "«stop ").count - 1 == 2, "an unnamed stop is marked strong, as a named one would be")
        #expect(!marked.contains("«moving"), "the movement between stops is not")
    }
}
