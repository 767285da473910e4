import Foundation
import PlaceCore
import Tracking
import Testing

struct TrackingNDJSONReaderTests {
    @Test func readsISOAndUnixTimesAndEverySpellingOfTheFields() throws {
        let ndjson = """
            {"lat":52.37,"lon":4.89,"time":"2024-05-01T10:00:00Z","accuracy":8,"ele":2,"speed":1.5,"course":90}

            {"latitude":52.3701,"lng":4.8902,"timestamp":1714557601,"acc":6,"elevation":3,"bearing":180}
            {"lat":"52.3702","longitude":4.8903,"t":1714557602500,"horizontal_accuracy":0,"alt":4}\r
            {"lat":52.3703,"lon":4.8904}
            """
        let items = try traceItems(ndjson, name: "fixes.ndjson")
        let fixes = items.compactMap(\.fix)
        #expect(items.count == 4 && fixes.count == 4)
        #expect(fixes[0].time == utc(2024, 5, 1, 10, 0, 0))
        #expect(
            fixes[0].horizontalAccuracy == 8 && fixes[0].elevation == 2 && fixes[0].speed == 1.5
                && fixes[0].course == 90)
        #expect(fixes[1].time == Date(timeIntervalSince1970: 1_714_557_601))
        #expect(fixes[1].coordinate == Coordinate(52.3701, 4.8902))
        #expect(fixes[1].horizontalAccuracy == 6 && fixes[1].elevation == 3 && fixes[1].course == 180)
        // Milliseconds, a quoted number, and an accuracy of 0 (not an accuracy).
        #expect(fixes[2].time == Date(timeIntervalSince1970: 1_714_557_602.5))
        #expect(fixes[2].coordinate.latitude == 52.3702)
        #expect(fixes[2].horizontalAccuracy == nil && fixes[2].elevation == 4)
        #expect(fixes[3].time == nil)
    }

    @Test func skipsBadLinesWithTheirNumbers() throws {
        let ndjson = """
            {"lat":52.37,"lon":4.89}
            not json
            [1,2]
            {"lat":52.37}
            {"lat":152.37,"lon":4.89}
            {"lat":52.37,"lon":4.89,"time":"soon"}
            {"lat":52.38,"lon":4.90}
            """
        let items = try traceItems(ndjson, format: .ndjson)
        #expect(items.map(\.kindName) == ["fix", "skip", "skip", "skip", "skip", "skip", "fix"])
        #expect(items[1].issue?.location == "line 2")
        #expect(items[1].issue?.problem.hasPrefix("not JSON") == true)
        #expect(items[2].issue?.problem == "an array, not a JSON object; skipped")
        #expect(items[3].issue?.problem == "no \"lon\" (or \"lng\", \"longitude\"); skipped")
        #expect(items[4].issue?.location == "line 5")
        #expect(items[4].issue?.problem.contains("latitude 152.37 is outside -90…90") == true)
        #expect(items[5].issue?.problem.hasPrefix("\"time\": \"soon\" is not an ISO 8601 time") == true)
    }
}

struct TrackingGPSDReaderTests {
    @Test func usesTPVWithAFixAndIgnoresEverythingElse() throws {
        let stream = """
            {"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}
            {"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyACM0","driver":"u-blox"}]}
            {"class":"WATCH","enable":true,"json":true}
            {"class":"TPV","device":"/dev/ttyACM0","mode":1}
            {"class":"SKY","satellites":[{"PRN":1,"used":true}]}
            {"class":"TPV","device":"/dev/ttyACM0","mode":3,"time":"2024-05-01T10:00:00.000Z","lat":52.37,"lon":4.89,"altHAE":45.1,"altMSL":2.1,"eph":4.2,"speed":1.2,"track":271.5}
            {"class":"TPV","mode":2,"time":"2024-05-01T10:00:01.000Z","lat":52.3701,"lon":4.8901,"epx":3.1,"epy":5.5,"alt":7}
            {"class":"TPV","mode":3,"time":"2024-05-01T10:00:02.000Z","lat":52.3702,"lon":4.8902,"altHAE":44}
            {"class":"TPV","mode":3}
            {"class":"PPS","device":"/dev/pps0"}
            garbage
            {"mode":3,"lat":1,"lon":2}
            """
        let items = try traceItems(stream, name: "stdin")
        #expect(items.map(\.kindName) == ["fix", "fix", "fix", "skip", "skip", "skip"])
        let fixes = items.compactMap(\.fix)
        #expect(fixes[0].coordinate == Coordinate(52.37, 4.89))
        #expect(fixes[0].time == utc(2024, 5, 1, 10, 0, 0))
        #expect(fixes[0].horizontalAccuracy == 4.2)
        #expect(fixes[0].elevation == 2.1)
        #expect(fixes[0].speed == 1.2 && fixes[0].course == 271.5)
        #expect(fixes[1].horizontalAccuracy == 5.5)
        #expect(fixes[1].elevation == 7)
        #expect(fixes[2].horizontalAccuracy == nil && fixes[2].elevation == 44)
        #expect(items[3].issue?.location == "line 9")
        #expect(items[3].issue?.problem == "a TPV with mode 3 but no lat/lon; skipped")
        #expect(items[4].issue?.location == "line 11")
        #expect(items[5].issue?.problem == "a report without a \"class\"; skipped")
    }
}

struct TrackingGeoJSONReaderTests {
    @Test func readsPointFeaturesAsOneSegmentWithTheirProperties() throws {
        let geojson = """
            {"type":"FeatureCollection","features":[
              {"type":"Feature","geometry":{"type":"Point","coordinates":[4.89,52.37,1.5]},
               "properties":{"time":"2024-05-01T10:00:00Z","accuracy":5}},
              {"type":"Feature","geometry":{"type":"Point","coordinates":[4.8901,52.3701]},
               "properties":{"timestamp":1714557601,"ele":3,"speed":1.1}},
              {"type":"Feature","geometry":{"type":"Point","coordinates":[4.89]},"properties":{}},
              {"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},"properties":{}},
              {"type":"Feature","geometry":null,"properties":{}}
            ]}
            """
        let items = try traceItems(geojson, name: "points.geojson")
        #expect(items.map(\.kindName) == ["fix", "fix", "skip", "skip", "skip"])
        let fixes = items.compactMap(\.fix)
        #expect(fixes[0].coordinate == Coordinate(52.37, 4.89))
        #expect(fixes[0].elevation == 1.5 && fixes[0].horizontalAccuracy == 5)
        #expect(fixes[0].time == utc(2024, 5, 1, 10, 0, 0))
        #expect(fixes[1].time == Date(timeIntervalSince1970: 1_714_557_601))
        #expect(fixes[1].elevation == 3 && fixes[1].speed == 1.1)
        #expect(items[2].issue?.location == "feature 3")
        #expect(items[3].issue?.problem == "a Polygon is not a trace; skipped")
        #expect(items[4].issue?.problem == "has no geometry; skipped")
    }

    @Test func readsLinesWithCoordTimesAndBreaksBetweenFeaturesAndParts() throws {
        let geojson = """
            {
              "type": "FeatureCollection",
              "features": [
                {"type": "Feature",
                 "properties": {"coordTimes": ["2024-05-01T10:00:00Z", "2024-05-01T10:00:05Z"]},
                 "geometry": {"type": "LineString", "coordinates": [[4.89, 52.37, 1], [4.891, 52.371, 2]]}},
                {"type": "Feature",
                 "properties": {"coordTimes": [["2024-05-01T11:00:00Z"], ["2024-05-01T12:00:00Z", "bad"]]},
                 "geometry": {"type": "MultiLineString", "coordinates": [[[5, 53]], [[6, 54], [6.1, 54.1]]]}},
                {"type": "Feature", "properties": {"coordinateProperties": {"times": [1714557601]}},
                 "geometry": {"type": "LineString", "coordinates": [[7, 55]]}}
              ]
            }
            """
        let items = try traceItems(geojson, name: "lines.json")
        #expect(items.map(\.kindName) == ["fix", "fix", "break", "fix", "break", "fix", "skip", "break", "fix"])
        #expect(items[0].fix?.time == utc(2024, 5, 1, 10, 0, 0))
        #expect(items[1].fix?.time == utc(2024, 5, 1, 10, 0, 5))
        #expect(items[1].fix?.elevation == 2)
        #expect(items[3].fix?.time == utc(2024, 5, 1, 11, 0, 0))
        #expect(items[5].fix?.coordinate == Coordinate(54, 6))
        #expect(items[6].issue?.location == "feature 2, line 2, point 2")
        #expect(items[8].fix?.time == Date(timeIntervalSince1970: 1_714_557_601))
    }

    @Test func readsABareGeometryAndReportsBrokenDocuments() throws {
        let line = #"{"type":"LineString","coordinates":[[4.89,52.37],[4.9,52.38]],"properties":{"times":[1,2]}}"#
        #expect(try traceItems(line, name: "x.json").compactMap(\.fix).count == 2)
        let broken = traceError("{\"type\":\"FeatureCollection\",\n\"features\":[", name: "x.geojson")
        #expect(broken?.location == "2:13")
        #expect(broken?.problem.hasPrefix("is not valid JSON") == true)
        let notGeoJSON = traceError(#"{"type":"Topology","objects":{}}"#, name: "x.geojson", format: .geojson)
        #expect(notGeoJSON?.problem == "has \"type\": \"Topology\", which is not GeoJSON")
    }
}
