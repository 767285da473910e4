import Foundation
import OSMFormat
import Testing

/// GeoJSON as overpass-turbo and open-data portals export it, read as OpenStreetMap elements:
/// points as nodes, polygons at their centroid, properties as tags, lines counted and passed over.
@Suite struct GeoJSONReaderTests {
    /// overpass-turbo's current shape (tags as properties, `@id`), its older one (`tags`, `type`,
    /// `id`), a feature without an OSM id, a line, a feature without geometry.
    static let collection = """
        {
          "type": "FeatureCollection",
          "generator": "overpass-turbo",
          "features": [
            {"type": "Feature", "id": "node/27274532",
             "properties": {"@id": "node/27274532", "amenity": "parking", "name": "P2 Hoog Catharijne", "capacity": 318, "fee": true},
             "geometry": {"type": "Point", "coordinates": [5.1105, 52.0904]}},
            {"type": "Feature", "properties": {"@id": "way/100", "tourism": "museum", "name": "Square museum"},
             "geometry": {"type": "Polygon", "coordinates": [[[4.0, 52.0], [4.002, 52.0], [4.002, 52.001], [4.0, 52.001], [4.0, 52.0]]]}},
            {"type": "Feature", "properties": {"type": "relation", "id": 3580875, "tags": {"tourism": "attraction", "name": "Paleis"}},
             "geometry": {"type": "MultiPolygon", "coordinates": [[[[4.0, 52.0], [4.0, 52.002], [4.001, 52.002], [4.001, 52.0], [4.0, 52.0]]]]}},
            {"type": "Feature", "properties": {"amenity": "cafe", "name": "No id"}, "geometry": {"type": "Point", "coordinates": [4.9, 52.37]}},
            {"type": "Feature", "properties": {"@id": "way/7", "highway": "footway", "name": "A path"},
             "geometry": {"type": "LineString", "coordinates": [[4.9, 52.37], [4.91, 52.37]]}},
            {"type": "Feature", "properties": {"name": "Nowhere"}, "geometry": null}
          ]
        }
        """

    @Test func featuresBecomeNodesWaysAndRelationsWithTheirTags() throws {
        let result = try readAll(Data(Self.collection.utf8), name: "export.geojson")
        #expect(result.header?.format == .geoJSON)
        #expect(result.header?.generator == "overpass-turbo")
        #expect(result.nodes.count == 2 && result.ways.count == 1 && result.relations.count == 1)
        let parking = try #require(result.nodes.first)
        #expect(parking.id == 27_274_532)
        #expect(parking.latitude == 52.0904 && parking.longitude == 5.1105)
        #expect(parking.tags == ["amenity": "parking", "name": "P2 Hoog Catharijne", "capacity": "318", "fee": "yes"])
        // A polygon is at its centroid; a multipolygon whose ring turns the other way too.
        let museum = try #require(result.ways.first)
        #expect(museum.id == 100 && museum.nodeRefs.isEmpty)
        #expect(
            abs((museum.center?.latitude ?? 0) - 52.0005) < 1e-9 && abs((museum.center?.longitude ?? 0) - 4.001) < 1e-9)
        let palace = try #require(result.relations.first)
        #expect(palace.id == 3_580_875 && palace.tags == ["tourism": "attraction", "name": "Paleis"])
        #expect(
            abs((palace.center?.latitude ?? 0) - 52.001) < 1e-9 && abs((palace.center?.longitude ?? 0) - 4.0005) < 1e-9)
        // Without an OpenStreetMap id: a negative one, the same on every read of the same file.
        let unnamed = try #require(result.nodes.last)
        #expect(unnamed.id < 0 && unnamed.tags["name"] == "No id")
        #expect(try readAll(Data(Self.collection.utf8), name: "export.geojson").nodes.last?.id == unnamed.id)
        #expect(try readAll(Data(Self.collection.utf8), name: "other.geojson").nodes.last?.id != unnamed.id)
    }

    @Test func linesAndFeaturesWithoutGeometryAreCountedNotRead() throws {
        let notes = try OSMFileReader.read(data: Data(Self.collection.utf8), name: "export.geojson") { _ in }
        #expect(notes.features == 6)
        #expect(notes.skipped == ["line": 1, "feature without a geometry": 1])
    }

    @Test func aSingleFeatureIsReadToo() throws {
        let result = try readAll(
            #"{"type": "Feature", "properties": {"amenity": "cafe", "name": "One"}, "geometry": {"type": "Point", "coordinates": [4.9, 52.37]}}"#
        )
        #expect(result.nodes.map(\.tags) == [["amenity": "cafe", "name": "One"]])
    }

    @Test(arguments: [
        // Cut short inside the features: where the file ends.
        (
            "{\n \"type\": \"FeatureCollection\",\n \"features\": [\n  {\"type\": \"Feature\", \"properties\": {\"name\": \"a\"",
            "line 4, column 49", "this JSON is malformed: the document ends inside an object (is the file cut short?)"
        ),
        // A bad value inside a feature: where it is in the file, not in the feature.
        (
            "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"geometry\": null},\n{\"type\": \"Feature\", \"properties\": {\"a\": tru}}]}",
            "line 3, column 41", "this JSON is malformed: "
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": []} x", "line 1, column 47",
            "this JSON is malformed: unexpected 'x' after the end of the document"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [\n{\"type\": \"Feature\", \"geometry\": {\"type\": \"Point\", \"coordinates\": [\"4.9\", 52]}}]}",
            "line 2, column 1 (features[0])",
            "a position must be [longitude, latitude] in numbers, found [a string, a number]"
        ),
        (
            "{\"type\": \"FeatureCollection\", \"features\": [[1, 2]]}", "line 1, column 44 (features[0])",
            "a feature must be an object with \"type\": \"Feature\", found an array"
        ),
    ])
    func aCorruptFileIsOneErrorWithItsPosition(_ text: String, location: String, message: String) {
        let failure = #expect(throws: OSMFormatError.self) { try readAll(text) }
        #expect(failure?.location == location, "\(String(describing: failure))")
        #expect(failure?.message.hasPrefix(message) == true, "\(String(describing: failure))")
    }

    @Test(.enabled(if: TestFiles.hasSharedData("amsterdam_tourism_osm.geojson")))
    func overpassTurbosAmsterdamTourismExportReadsWhole() throws {
        let url = try #require(TestFiles.sharedData("amsterdam_tourism_osm.geojson"))
        var elements: [OSMElement] = []
        let notes = try OSMFileReader.read(contentsOf: url) { elements.append($0) }
        // SOURCES.md: 786 features: 686 points, 82 polygons, 16 lines, 2 multipolygons.
        #expect(notes.features == 786)
        #expect(notes.skipped == ["line": 16])
        #expect(elements.count == 770)
        #expect(elements.contains { if case .relation(let relation) = $0 { relation.id == 3_580_875 } else { false } })
    }
}
