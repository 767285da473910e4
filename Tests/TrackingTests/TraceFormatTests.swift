import Foundation
import PlaceCore
import Tracking
import Testing

struct TrackingFormatTests {
    @Test(arguments: [
        ("<?xml version=\"1.0\"?><gpx>", TraceFormat.gpx),
        ("\u{FEFF}\n  <gpx version=\"1.1\">", .gpx),
        ("<osm version=\"0.6\">", .gpx),  // the GPX reader then names the root
        (#"{"class":"VERSION","release":"3.25"}"# + "\n", .gpsd),
        (#"{"class":"TPV","mode":3,"lat":1,"lon":2}"#, .gpsd),
        (#"{"type":"FeatureCollection","features":[]}"#, .geojson),
        ("{\n  \"type\": \"FeatureCollection\",\n  \"features\": [", .geojson),
        (#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2"#, .geojson),
        (#"{"type":"LineString","coordinates":[[1,2],[3,4]]}"#, .geojson),
        (#"{"lat":52.37,"lon":4.89,"time":"2024-05-01T10:00:00Z"}"# + "\n" + #"{"lat":5"#, .ndjson),
    ])
    func detectsTheFormatFromTheFirstBytes(_ prefix: String, _ expected: TraceFormat) {
        #expect(TraceFormat.detect(Array(prefix.utf8)) == expected)
    }

    @Test func detectsNothingInEmptyOrOtherInput() {
        #expect(TraceFormat.detect([UInt8]()) == nil)
        #expect(TraceFormat.detect(Array(" \n\t".utf8)) == nil)
        #expect(TraceFormat.detect(Array("lat,lon\n52,4\n".utf8)) == nil)
        #expect(TraceFormat.detect(Array("[1,2,3]".utf8)) == nil)
    }

    @Test func fileExtensionsAreAHint() throws {
        #expect(TraceFormat(fileExtension: "GPX") == .gpx)
        #expect(TraceFormat(fileExtension: ".geojson") == .geojson)
        #expect(TraceFormat(fileExtension: "json") == .geojson)
        #expect(TraceFormat(fileExtension: "jsonl") == .ndjson)
        #expect(TraceFormat(fileExtension: "ndjson") == .ndjson)
        #expect(TraceFormat(fileExtension: "csv") == nil)
        // The content wins over the name: NDJSON in a .json file is read as NDJSON.
        let items = try traceItems(#"{"lat":1,"lon":2}"# + "\n", name: "fixes.json")
        #expect(items.count == 1)
    }

    @Test func aMissingFileIsNotFoundAndADirectoryIsUnreadable() {
        #expect(throws: TraceError.self) { _ = try TraceReader.open(path: "/nonexistent/walk.gpx") }
        do {
            _ = try TraceReader.open(path: "/nonexistent/walk.gpx")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.description == "/nonexistent/walk.gpx: does not exist; check the path")
        }
        do {
            _ = try TraceReader.open(path: NSTemporaryDirectory())
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.problem.contains("is a directory"))
        }
    }

    @Test func anUnknownInputSaysWhatWasExpected() {
        let error = traceError("lat,lon\n52,4\n", name: "fixes.csv")
        #expect(error?.problem.hasPrefix("is not a trace: expected GPX") == true)
    }

    @Test func readsTheFileFromDisk() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).gpx")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1.5\" lon=\"2\"/></trkseg></trk></gpx>".utf8
        )
        .write(to: url)
        var source = try TraceReader.open(path: url.path)
        var count = 0
        while let item = try source.next() {
            if case .fix = item { count += 1 }
        }
        #expect(count == 2)
    }
}

struct TrackingReadPathTests {
    @Test func readsTheFirstLineOfAGeoJSONFilePassingOverPoints() throws {
        let geojson = """
            {"type":"FeatureCollection","features":[
              {"type":"Feature","geometry":{"type":"Point","coordinates":[4.0,52.0]},"properties":{}},
              {"type":"Feature","geometry":{"type":"LineString","coordinates":[[4.1,52.1],[4.2,52.2],[4.2,52.2],[4.3,52.3]]},"properties":{}},
              {"type":"Feature","geometry":{"type":"LineString","coordinates":[[9,9],[9.1,9.1]]},"properties":{}}
            ]}
            """
        let path = try TraceReader.readPath(data: Data(geojson.utf8), name: "route.geojson")
        #expect(path == [Coordinate(52.1, 4.1), Coordinate(52.2, 4.2), Coordinate(52.3, 4.3)])
        let multi = #"{"type":"MultiLineString","coordinates":[[[1,1],[2,2]],[[2,2],[3,3]]]}"#
        #expect(try TraceReader.readPath(data: Data(multi.utf8), name: "r.geojson").count == 3)
    }

    /// A GPX file of tracks only is followed as all of them, in order: the first alone was a
    /// walk's first part (silently).
    @Test func readsTheFirstRouteOfAGPXFileOrElseAllItsTracks() throws {
        let routed = """
            <gpx><trk><trkseg><trkpt lat="9" lon="9"/><trkpt lat="9.1" lon="9.1"/></trkseg></trk>
            <rte><rtept lat="1" lon="1"/><rtept lat="1.1" lon="1.1"/><rtept lat="1.2" lon="1.2"/></rte>
            <rte><rtept lat="5" lon="5"/><rtept lat="5.1" lon="5.1"/></rte></gpx>
            """
        let route = try TraceReader.readPath(data: Data(routed.utf8), name: "route.gpx")
        #expect(route.map(\.latitude) == [1, 1.1, 1.2])
        let tracked = """
            <gpx><trk><trkseg><trkpt lat="1" lon="1"/></trkseg><trkseg><trkpt lat="2" lon="2"/></trkseg></trk>
            <trk><trkseg><trkpt lat="7" lon="7"/></trkseg></trk></gpx>
            """
        #expect(try TraceReader.readPath(data: Data(tracked.utf8), name: "t.gpx").map(\.latitude) == [1, 2, 7])
    }

    @Test func aRouteWithoutALineIsAnError() {
        let points =
            #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[4,52]},"properties":{}}]}"#
        #expect(throws: TraceError.self) { try TraceReader.readPath(data: Data(points.utf8), name: "r.geojson") }
        do {
            _ = try TraceReader.readPath(
                data: Data("<gpx><rte><rtept lat=\"1\" lon=\"1\"/></rte></gpx>".utf8), name: "r.gpx")
            Issue.record("a one-point route was read")
        } catch {
            #expect(error.description.hasPrefix("r.gpx: the route has no line: it has a single point"))
        }
        do {
            _ = try TraceReader.readPath(
                data: Data("<gpx><rte><rtept lat=\"x\" lon=\"1\"/></rte></gpx>".utf8), name: "r.gpx")
            Issue.record("a route with a bad point was read")
        } catch {
            #expect(error.description == "r.gpx:1: lat=\"x\" is not a number; a route must have no bad points")
        }
    }
}

/// A program, an image or an archive given as a trace is said to be binary, whatever its name or
/// the format asked for, and no byte of it is echoed back.
struct BinaryTraceTests {
    @Test(arguments: [nil, TraceFormat.gpx, .ndjson])
    func binaryDataIsNoTrace(_ format: TraceFormat?) {
        let bytes = Data([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x01, 0x00] + Array("<gpx><trk/></gpx>".utf8))
        #expect {
            _ = try TraceReader.source(data: bytes, name: "walk.gpx", format: format)
        } throws: { error in
            let text = (error as? TraceError)?.description ?? ""
            return text.contains("is binary data, not a trace") && !text.contains("\\x00")
        }
    }
}
