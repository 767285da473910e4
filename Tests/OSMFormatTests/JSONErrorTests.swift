import Foundation
import OSMFormat
import PlaceSearchTesting
import Testing

@Suite struct JSONErrorTests {
    private func error(_ text: String) -> OSMFormatError? {
        #expect(throws: OSMFormatError.self) { try readAll(text) }
    }

    @Test func jsonWithoutElements() {
        let failure = error(#"{"generator": "a tool", "nodes": []}"#)
        #expect(
            failure?.message
                == "not an OpenStreetMap file: this JSON has neither an \"elements\" array (an Overpass API answer with [out:json]) nor \"features\" (GeoJSON)"
        )
    }

    @Test func elementWithoutId() {
        let failure = error(#"{"elements": [{"type": "node", "id": 1, "lat": 1, "lon": 2}, {"type": "way", "nodes": [1]}]}"#)
        #expect(failure?.location == "elements[1]")
        #expect(failure?.message == "the way has no \"id\"")
    }

    @Test func elementOfUnknownType() {
        let failure = error(#"{"elements": [{"type": "planet", "id": 1}]}"#)
        #expect(failure?.location == "elements[0]")
        #expect(failure?.message == "unknown element type \"planet\": expected node, way or relation")
    }

    @Test func remarkWithAnError() {
        let failure = error(#"{"elements": [], "remark": "runtime error: Query timed out in \"query\" at line 3 after 26 seconds."}"#)
        #expect(failure?.message == "the Overpass answer reports an error: runtime error: Query timed out in \"query\" at line 3 after 26 seconds.")
    }

    @Test func malformedJSONHasLineAndColumn() {
        let failure = error("{\"elements\": [\n  {\"type\": \"node\",, \"id\": 1}\n]}")
        #expect(failure?.location == "line 2, column 19")
        #expect(failure?.message.hasPrefix("this JSON is malformed: ") == true)
    }

    @Test func badMember() {
        let failure = error(#"{"elements": [{"type": "relation", "id": 5, "members": [{"type": "way", "role": "outer"}]}]}"#)
        #expect(failure?.location == "elements[0]")
        #expect(failure?.message == "members[0] of relation 5 needs a type (node, way or relation) and a ref")
    }

    @Test func nodesWithoutCoordinatesAreSkipped() throws {
        let result = try readAll(#"{"elements": [{"type": "node", "id": 1}, {"type": "node", "id": 2, "lat": 1.5, "lon": 2.5}]}"#)
        #expect(result.elements == [.node(OSMNode(id: 2, latitude: 1.5, longitude: 2.5))])
    }
}

@Suite struct DetectionTests {
    @Test func emptyFile() {
        let failure = #expect(throws: OSMFormatError.self) { try readAll(Data(), name: "empty.osm") }
        #expect(failure?.message == "not an OpenStreetMap file: empty.osm is empty")
    }

    @Test func randomBytes() {
        var generator = SeededRandom(printingSeedFor: "randomBytes")
        for _ in 0..<200 {
            let bytes = (0..<Int.random(in: 1..<600, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: OSMFormatError.self, "seed \(generator.seed)") { try readAll(Data(bytes), name: "noise.bin") }
        }
        let failure = #expect(throws: OSMFormatError.self) { try readAll(Data([0x50, 0x4B, 0x03, 0x04, 0x14]), name: "a.zip") }
        #expect(
            failure?.message == "not an OpenStreetMap file: a.zip is neither OSM XML, PBF, Overpass JSON nor GeoJSON (it looks like a ZIP archive)")
    }

    /// Random bytes behind every signature: each reader must refuse them with an error.
    @Test(arguments: [
        [UInt8(0x1F), 0x8B], Array("BZh9".utf8), Array("<osm>".utf8), Array("{".utf8), [0, 0, 0, 0x0D, 0x0A, 0x09] + Array("OSMHeader".utf8),
    ])
    func randomBytesAfterASignature(signature: [UInt8]) {
        var generator = SeededRandom(printingSeedFor: "randomBytesAfterASignature(\(signature))")
        for _ in 0..<100 {
            let bytes = signature + (0..<Int.random(in: 0..<300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(throws: OSMFormatError.self, "seed \(generator.seed)") { try readAll(Data(bytes)) }
        }
    }

    @Test func corruptAndTruncatedCompression() throws {
        let gz = try TestFiles.fixture("sample.osm.gz")
        let truncated = #expect(throws: OSMFormatError.self) { try readAll(gz.prefix(gz.count / 2), name: "cut.osm.gz") }
        #expect(truncated?.message == "cut.osm.gz cannot be decompressed: the gzip stream ends early: the file is truncated")
        var corrupt = gz
        corrupt.replaceSubrange(20..<40, with: Array(repeating: 0xFF, count: 20))
        let failure = #expect(throws: OSMFormatError.self) { try readAll(corrupt, name: "bad.osm.gz") }
        #expect(failure?.message.hasPrefix("bad.osm.gz cannot be decompressed: the gzip stream is corrupt") == true)

        let bz2 = try TestFiles.fixture("sample.osm.bz2")
        let truncatedBz2 = #expect(throws: OSMFormatError.self) { try readAll(bz2.prefix(bz2.count / 2), name: "cut.osm.bz2") }
        #expect(truncatedBz2?.message == "cut.osm.bz2 cannot be decompressed: the bzip2 stream ends early: the file is truncated")
        var corruptBz2 = bz2
        corruptBz2.replaceSubrange(20..<40, with: Array(repeating: 0xFF, count: 20))
        let failureBz2 = #expect(throws: OSMFormatError.self) { try readAll(corruptBz2, name: "bad.osm.bz2") }
        #expect(failureBz2?.message.hasPrefix("bad.osm.bz2 cannot be decompressed: the bzip2 stream is corrupt") == true)
    }

    @Test func concatenatedGzipMembers() throws {
        // Two gzip members of one file, as pigz or `cat a.gz b.gz` make: the whole text is read.
        let gz = try TestFiles.fixture("sample.osm.gz")
        let result = try readAll(gz + gz)
        #expect(result.elements.count == SampleFileTests.expected.count)
    }

    @Test func unreadableFile() {
        let url = URL(fileURLWithPath: "/nonexistent/places-test.osm.pbf")
        let failure = #expect(throws: OSMFormatError.self) { try OSMFileReader.read(contentsOf: url) { _ in } }
        #expect(failure?.message.hasPrefix("cannot read /nonexistent/places-test.osm.pbf") == true)
    }
}
