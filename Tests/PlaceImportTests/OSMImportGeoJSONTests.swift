import Foundation
import OSMFormat
import PlaceCore
import PlaceImport
import Testing

/// What an import of GeoJSON says besides its places: lines skipped, and why a file of other data
/// keeps nothing.
struct OSMImportGeoJSONTests {
    static func read(_ text: String) throws -> OSMImport.Result {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString).geojson")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try OSMImport.read(contentsOf: url)
    }

    @Test func aCitysParkingBaysKeepNothingAndSayWhy() throws {
        // Amsterdam's parkeervakken: polygons with straatnaam and eType, no OpenStreetMap tags.
        let result = try Self.read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "parkeervakken.1", "properties": {"straatnaam": "Rokin", "eType": "E6a"},
               "geometry": {"type": "Polygon", "coordinates": [[[4.89, 52.37], [4.8901, 52.37], [4.8901, 52.3701], [4.89, 52.37]]]}}
            ]}
            """)
        #expect(result.format == .geoJSON)
        #expect(result.places.isEmpty)
        #expect(result.elements == 1)
        #expect(result.notes.count == 1)
        #expect(
            result.notes.first?.hasPrefix("none of its 1 feature has the OpenStreetMap tags a place is kept for")
                == true, "\(result.notes)")
        // Not OpenStreetMap data: no OSM licence claimed for it.
        #expect(result.licence == nil)
    }

    @Test func linesAreSaidAndPolygonsKept() throws {
        let result = try Self.read(
            """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "properties": {"@id": "way/1", "tourism": "museum", "name": "M"},
               "geometry": {"type": "Polygon", "coordinates": [[[4.89, 52.37], [4.8901, 52.37], [4.8901, 52.3701], [4.89, 52.37]]]}},
              {"type": "Feature", "properties": {"@id": "way/2", "highway": "footway", "name": "Path"},
               "geometry": {"type": "LineString", "coordinates": [[4.89, 52.37], [4.8901, 52.37]]}},
              {"type": "Feature", "properties": {"@id": "way/3", "highway": "footway", "name": "Path"},
               "geometry": {"type": "MultiLineString", "coordinates": [[[4.89, 52.37], [4.8901, 52.37]]]}}
            ]}
            """)
        #expect(result.places.map(\.record.id) == ["osm:way/1"])
        #expect(result.notes == ["2 lines skipped (a line is not a place)"])
        // OpenStreetMap ids: OpenStreetMap data, ODbL.
        #expect(result.licence == .openStreetMap)
    }
}
