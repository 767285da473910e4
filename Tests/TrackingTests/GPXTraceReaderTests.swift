import Foundation
import PlaceCore
import Tracking
import Testing

struct TrackingGPXReaderTests {
    @Test func readsTrackPointsWithTheirFieldsAndASegmentBreakPerTrkseg() throws {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata><time>2024-01-01T00:00:00Z</time></metadata>
              <trk><name>Walk</name>
                <trkseg>
                  <trkpt lat="52.3700" lon="4.8900"><ele>2.5</ele><time>2024-05-01T10:00:00Z</time></trkpt>
                  <trkpt lat='52.3701' lon='4.8902'>
                    <ele>3</ele><time>2024-05-01T10:00:01.250Z</time><speed>1.4</speed><course>45</course>
                    <extensions><hacc>6.5</hacc></extensions>
                  </trkpt>
                </trkseg>
                <trkseg>
                  <trkpt lat="52.3710" lon="4.8910"><time>2024-05-01T12:00:00+02:00</time><hdop>1.2</hdop></trkpt>
                </trkseg>
                <trkseg></trkseg>
              </trk>
            </gpx>
            """
        let items = try traceItems(gpx)
        #expect(items.map(\.kindName) == ["fix", "fix", "break", "fix"])
        let first = try #require(items[0].fix)
        #expect(first.coordinate == Coordinate(52.37, 4.89))
        #expect(first.elevation == 2.5)
        #expect(first.time == utc(2024, 5, 1, 10, 0, 0))
        #expect(first.horizontalAccuracy == nil)
        let second = try #require(items[1].fix)
        #expect(second.time == utc(2024, 5, 1, 10, 0, 1.25))
        #expect(second.speed == 1.4)
        #expect(second.course == 45)
        #expect(second.horizontalAccuracy == 6.5)
        let third = try #require(items[3].fix)
        // +02:00 is 10:00 UTC; hdop is not read as metres.
        #expect(third.time == utc(2024, 5, 1, 10, 0, 0))
        #expect(third.horizontalAccuracy == nil)
    }

    @Test func readsGPX10WithoutZoneOrFractionAndAccuracyFromExtensions() throws {
        let gpx = """
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
            <trkpt lat="45.1" lon="14.2"><time>2010-08-05T14:23:59</time><speed>3.5</speed></trkpt>
            <trkpt lat="45.2" lon="14.3"><time>2010-08-05T14:24:00Z</time>
              <extensions><osmand:accuracy xmlns:osmand="https://osmand.net">12</osmand:accuracy></extensions></trkpt>
            </trkseg></trk></gpx>
            """
        let fixes = try traceItems(gpx).compactMap(\.fix)
        #expect(fixes.count == 2)
        #expect(fixes[0].time == utc(2010, 8, 5, 14, 23, 59))
        #expect(fixes[0].speed == 3.5)
        #expect(fixes[1].horizontalAccuracy == 12)
    }

    @Test func handlesNamespacePrefixesCDATAEntitiesCommentsAndADoctype() throws {
        let gpx = """
            \u{FEFF}<?xml version="1.0"?>
            <!DOCTYPE gpx [ <!ENTITY x "y>z"> ]>
            <!-- a comment with <trkpt lat="1" lon="1"> inside, and -- dashes -->
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1" creator="a &amp; b">
              <g:trk><g:name><![CDATA[<b>Bold</b> & more]]></g:name><g:trkseg>
                <g:trkpt lat="&#53;2.5" lon="4.&#x35;"><g:time><![CDATA[2024-05-01T10:00:00Z]]></g:time>
                  <g:ele>&#49;0</g:ele><!-- <ele>99</ele> --></g:trkpt>
                <?processing instruction?>
                <g:trkpt lat="52.6" lon="4.6"/>
              </g:trkseg></g:trk>
            </g:gpx>
            """
        let items = try traceItems(gpx)
        #expect(items.map(\.kindName) == ["fix", "fix"])
        let first = try #require(items[0].fix)
        #expect(first.coordinate == Coordinate(52.5, 4.5))
        #expect(first.time == utc(2024, 5, 1, 10, 0, 0))
        #expect(first.elevation == 10)
        let second = try #require(items[1].fix)
        #expect(second.coordinate == Coordinate(52.6, 4.6))
        #expect(second.time == nil)
    }

    @Test func skipsBadPointsWithTheirLineAndGoesOn() throws {
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="52.1" lon="4.1"><time>2024-05-01T10:00:00Z</time></trkpt>
            <trkpt lat="north" lon="4.1"><time>2024-05-01T10:00:01Z</time></trkpt>
            <trkpt lat="95" lon="4.1"/>
            <trkpt lon="4.1"/>
            <trkpt lat="52.1" lon="4.1"><time>yesterday</time></trkpt>
            <trkpt lat="52.2" lon="4.2"><time>2024-05-01T10:00:05Z</time><ele>high</ele></trkpt>
            </trkseg></trk></gpx>
            """
        let items = try traceItems(gpx)
        #expect(items.map(\.kindName) == ["fix", "skip", "skip", "skip", "skip", "fix"])
        #expect(items[1].issue?.location == "line 3")
        #expect(items[1].issue?.problem == "lat=\"north\" is not a number; skipped")
        #expect(items[2].issue?.location == "line 4")
        #expect(items[2].issue?.problem.contains("latitude 95 is outside -90…90") == true)
        #expect(items[3].issue?.problem == "the <trkpt> has no lat attribute; skipped")
        #expect(items[4].issue?.location == "line 6")
        #expect(items[4].issue?.problem.hasPrefix("the time \"yesterday\" is not an ISO 8601 time") == true)
        // An unreadable <ele> is left out, not a reason to lose the point.
        #expect(items[5].fix?.elevation == nil)
    }

    @Test func aTruncatedFileIsAnErrorWithTheLineAndTheOpenElement() {
        let gpx = "<gpx>\n<trk><trkseg>\n<trkpt lat=\"52.1\" lon=\"4.1\">\n<time>2024-05-01T10:0"
        let error = traceError(gpx, name: "walk.gpx")
        #expect(error?.kind == .malformed)
        #expect(error?.description == "walk.gpx:4:22: the file ends inside <time>; the file may be truncated")
        // Cut inside a tag.
        let cutTag = traceError("<gpx>\n<trk><trkseg>\n<trkpt lat=\"52.1\" lo", name: "walk.gpx")
        #expect(cutTag?.description == "walk.gpx:3:21: the file ends inside a tag; the file may be truncated")
        // Cut inside a comment.
        let cutComment = traceError("<gpx>\n<!-- never closed", name: "walk.gpx")
        #expect(cutComment?.description.hasPrefix("walk.gpx:2:") == true)
        #expect(cutComment?.problem == "the file ends inside a comment; the file may be truncated")
    }

    @Test func anotherXMLRootIsAnErrorNamingIt() {
        let osm = "<?xml version='1.0'?>\n<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"2\"/></osm>"
        let error = traceError(osm, name: "map.osm")
        #expect(error?.location == "2:1")
        #expect(error?.problem.contains("the root element is <osm>, not <gpx>") == true)
        let kml = traceError(
            "<kml xmlns=\"http://www.opengis.net/kml/2.2\"><Document/></kml>", name: "a.kml", format: .gpx)
        #expect(kml?.problem.contains("<kml>") == true)
    }

    @Test func mismatchedEndTagsAndBadTagsAreErrors() {
        let mismatched = traceError("<gpx><trk><trkseg></trk></gpx>")
        #expect(mismatched?.problem.hasPrefix("found </trk> where </trkseg> was expected") == true)
        #expect(mismatched?.location == "1:19")
        let unquoted = traceError("<gpx><trk><trkseg><trkpt lat=52 lon=4/></trkseg></trk></gpx>")
        #expect(unquoted?.problem.contains("must be in quotes") == true)
        // Empty: the extension says GPX, so the GPX reader says so.
        #expect(traceError("", name: "empty.gpx")?.description == "empty.gpx: is empty; expected a GPX file")
        #expect(traceError("  \n", name: "x", format: .gpx)?.problem == "is empty; expected a GPX file")
        #expect(
            traceError("just text", name: "x", format: .gpx)?.problem == "has no <gpx> element; this is not a GPX file")
        #expect(
            traceError("", name: "empty")?.description
                == "empty: is empty; expected a trace (GPX, GeoJSON, NDJSON fixes or gpsd JSON)")
    }

    @Test func routePointsAndWaypointsAreReadWhenAskedFor() throws {
        let gpx = """
            <gpx>
              <wpt lat="1.0" lon="1.0"><name>A</name></wpt>
              <wpt lat="1.1" lon="1.1"/>
              <rte><rtept lat="2.0" lon="2.0"/><rtept lat="2.1" lon="2.1"/></rte>
              <rte><rtept lat="3.0" lon="3.0"/></rte>
              <trk><trkseg><trkpt lat="4.0" lon="4.0"/></trkseg></trk>
            </gpx>
            """
        let tracks = try traceItems(gpx)
        #expect(tracks.compactMap(\.fix).map(\.coordinate) == [Coordinate(4, 4)])
        let routes = try traceItems(gpx, gpxPoints: .routePoints)
        #expect(routes.map(\.kindName) == ["fix", "fix", "break", "fix"])
        #expect(routes.compactMap(\.fix).map(\.coordinate.latitude) == [2.0, 2.1, 3.0])
        let all = try traceItems(gpx, gpxPoints: .all)
        #expect(all.map(\.kindName) == ["fix", "fix", "break", "fix", "fix", "break", "fix", "break", "fix"])
    }

    @Test func everyTruncationAndEveryByteChangeEndsInItemsOrAnErrorNeverATrap() {
        let gpx = Array(
            """
            <?xml version="1.0"?><!-- c --><gpx xmlns:g="x"><trk><trkseg>
            <trkpt lat="52.1" lon="4.1"><ele>1</ele><time>2024-05-01T10:00:00Z</time><extensions><hacc>3</hacc></extensions></trkpt>
            <g:trkpt lat='52.2' lon='4.2'><time><![CDATA[2024-05-01T10:00:01.5+01:00]]></time></g:trkpt>
            </trkseg><trkseg><trkpt lat="5&#50;.3" lon="4.3"/></trkseg></trk></gpx>
            """.utf8)
        var truncatedErrors = 0
        for length in 0..<gpx.count {
            var source = try? TraceReader.source(data: Data(gpx[..<length]), name: "cut.gpx", format: .gpx)
            do {
                while try source?.next() != nil {}
            } catch {
                truncatedErrors += 1
                #expect(
                    error.location != nil || error.problem.hasPrefix("is empty")
                        || error.problem.hasPrefix("has no <gpx>"))
            }
        }
        // Every proper prefix is cut somewhere inside the document.
        #expect(truncatedErrors == gpx.count)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            var mutated = gpx
            for _ in 0..<3 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let position = Int(state >> 33) % mutated.count
                mutated[position] = UInt8(truncatingIfNeeded: state >> 17)
            }
            var source = try? TraceReader.source(data: Data(mutated), name: "noise.gpx", format: .gpx)
            _ = try? { () throws(TraceError) in while try source?.next() != nil {} }()
        }
    }

    @Test func chunkBoundariesFallAnywhere() throws {
        // Long comments and names push the points across many 64 KiB chunk boundaries.
        var gpx = "<gpx><!--" + String(repeating: "x", count: 70_000) + "--><trk><trkseg>\n"
        for index in 0..<3000 {
            let padding = String(repeating: " ", count: index % 97)
            gpx += "<trkpt\(padding) lat=\"52.\(index)\" lon=\"4.1\"><time>2024-05-01T10:00:00Z</time>"
            gpx += "<name><![CDATA[" + String(repeating: "&", count: index % 53) + "]]></name></trkpt>\n"
        }
        gpx += "</trkseg></trk></gpx>"
        let items = try traceItems(gpx)
        #expect(items.count == 3000)
        #expect(items.allSatisfy { $0.fix != nil })
        #expect(items.last?.fix?.coordinate.latitude == 52.2999)
    }
}
