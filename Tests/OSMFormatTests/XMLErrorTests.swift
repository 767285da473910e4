import Foundation
import OSMFormat
import Testing

@Suite struct XMLErrorTests {
    private func error(_ text: String) -> OSMFormatError? {
        #expect(throws: OSMFormatError.self) { try readAll(text) }
    }

    @Test func gpxIsNotOSM() {
        let failure = error(
            """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="test"><trk/></gpx>
            """)
        #expect(failure?.message == "this XML is not OpenStreetMap data: the root element is <gpx>, expected <osm>")
        #expect(failure?.location == "line 2, column 1")
    }

    @Test func truncatedFileNamesTheLastLine() {
        let failure = error(
            """
            <?xml version="1.0"?>
            <osm version="0.6">
              <node id="1" lat="52.1" lon="4.1"/>
              <way id="2">
                <nd ref="1"/>
            """)
        #expect(failure?.message == "the file ends before </way>: it is truncated")
        #expect(failure?.location == "line 5, column 18")
    }

    @Test func truncatedInsideATag() {
        let failure = error("<osm>\n<node id=\"1\" lat=\"52")
        #expect(failure?.message == "the file ends inside the value of the attribute lat: it is truncated")
        #expect(failure?.location == "line 2, column 21")
    }

    /// Every prefix of the sample that stops before </osm> is an error, never a crash.
    @Test func everyCutOfTheSampleThrows() throws {
        let data = try TestFiles.fixture("sample.osm")
        let end = try #require(data.range(of: Data("</osm>".utf8))).lowerBound
        for cut in stride(from: 0, to: end, by: 3) {
            #expect(throws: OSMFormatError.self, "cut at \(cut)") { try readAll(data.prefix(cut)) }
        }
    }

    @Test func unquotedAttribute() {
        let failure = error("<osm>\n  <node id=1 lat=\"1\" lon=\"2\"/>\n</osm>")
        #expect(failure?.message == "the value of the attribute id of <node> must be in quotes, found '1'")
        #expect(failure?.location == "line 2, column 12")
    }

    @Test func attributeWithoutValue() {
        let failure = error("<osm><node id=\"1\" lat lon=\"2\"/></osm>")
        #expect(failure?.message == "the attribute lat of <node> has no value: expected '=', found 'l'")
        #expect(failure?.location == "line 1, column 23")
    }

    @Test func missingClosingQuote() {
        let failure = error("<osm><node id=\"1 lat=\"1\" lon=\"2\"/></osm>")
        #expect(failure?.message == "expected a space after the value of the attribute id of <node>, found '1'")
    }

    @Test func idThatIsNotANumber() {
        let failure = error("<osm>\n<node id=\"abc\" lat=\"1\" lon=\"2\"/></osm>")
        #expect(failure?.message == "the id \"abc\" of <node> is not a whole number")
        #expect(failure?.location == "line 2, column 11")
    }

    @Test func hugeIdIsAnErrorNotATrap() {
        let failure = error("<osm><way id=\"99999999999999999999\"/></osm>")
        #expect(failure?.message == "the id \"99999999999999999999\" of <way> is not a whole number")
    }

    @Test func latitudeThatIsNotANumber() {
        let failure = error("<osm><node id=\"1\" lat=\"north\" lon=\"2\"/></osm>")
        #expect(failure?.message == "the lat \"north\" of <node> is not a number")
    }

    @Test func unknownEntity() {
        let failure = error("<osm><node id=\"1\" lat=\"1\" lon=\"2\"><tag k=\"a\" v=\"&nbsp;\"/></node></osm>")
        #expect(failure?.message == "unknown entity &nbsp; (XML knows &amp; &lt; &gt; &quot; &apos; and &#…;)")
    }

    @Test func mismatchedEndTag() {
        let failure = error("<osm>\n<way id=\"1\"><nd ref=\"2\"/></node></osm>")
        #expect(failure?.message == "the end tag </node> does not match the open element <way>")
        #expect(failure?.location == "line 2, column 26")
    }

    @Test func tagWithoutValue() {
        let failure = error("<osm><node id=\"7\" lat=\"1\" lon=\"2\"><tag k=\"name\"/></node></osm>")
        #expect(failure?.message == "the <tag k=\"name\"> of node 7 has no v attribute")
    }

    @Test func memberOfUnknownType() {
        let failure = error("<osm><relation id=\"7\"><member type=\"area\" ref=\"1\" role=\"\"/></relation></osm>")
        #expect(failure?.message == "a <member> of relation 7 has the type \"area\": expected node, way or relation")
    }

    @Test func skipsWhatIsNotData() throws {
        let result = try readAll(
            """
            \u{FEFF}<?xml version='1.0' encoding='UTF-8'?>
            <!DOCTYPE osm [ <!ENTITY x "<y>"> ]>
            <osm version="0.6" generator="Overpass API">
              <note>The data included in this document is from www.openstreetmap.org.</note>
              <meta osm_base="2024-01-01T00:00:00Z"/>
              <!-- <node id="99" lat="1" lon="1"/> -->
              <remark><![CDATA[ <node id="98" lat="1" lon="1"/> ]]></remark>
              <?pi <node?>
              <node id="1" lat="1.5" lon="2.5"><tag k="a" v="&#65;&#x42;"/></node>
              <node id="2" visible="true"/>
              <way id="3"><center lat="52.5" lon="4.5"/><nd ref="1"/></way>
            </osm>
            trailing text is not read
            """)
        #expect(
            result.elements == [
                .node(OSMNode(id: 1, latitude: 1.5, longitude: 2.5, tags: ["a": "AB"])),
                .way(OSMWay(id: 3, nodeRefs: [1], center: OSMPoint(latitude: 52.5, longitude: 4.5))),
            ])
        #expect(result.header?.generator == "Overpass API")
    }

    @Test func emptyOSMElement() throws {
        let result = try readAll("<osm version=\"0.6\"/>")
        #expect(result.elements.isEmpty)
        #expect(result.header == OSMFileHeader(format: .xml))
    }
}
