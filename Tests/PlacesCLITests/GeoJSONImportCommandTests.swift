import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// `places import` of GeoJSON: overpass-turbo exports behave like OSM files (names indexed, places
/// found offline), lines and other data are said, and a corrupt file is one line with where.
@Suite(.timeLimit(.minutes(10))) struct GeoJSONImportCommandTests {
    static let export = """
        {"type": "FeatureCollection", "generator": "overpass-turbo", "features": [
          {"type": "Feature", "id": "node/564721642",
           "properties": {"@id": "node/564721642", "amenity": "parking", "parking": "multi-storey", "name": "Q-Park Bijenkorf Amsterdam"},
           "geometry": {"type": "Point", "coordinates": [4.8946, 52.3741]}},
          {"type": "Feature", "properties": {"@id": "way/7", "amenity": "cafe", "name": "Café in a Polygon"},
           "geometry": {"type": "Polygon", "coordinates": [[[4.8930, 52.3730], [4.8934, 52.3730], [4.8934, 52.3733], [4.8930, 52.3733], [4.8930, 52.3730]]]}},
          {"type": "Feature", "properties": {"@id": "way/8", "highway": "pedestrian", "name": "Kalverstraat"},
           "geometry": {"type": "LineString", "coordinates": [[4.8910, 52.3690], [4.8915, 52.3680]]}}
        ]}
        """

    @Test func anOverpassTurboExportImportsLikeAnOSMFile() async throws {
        let store = TemporaryStore()
        let file = store.folder.appendingPathComponent("export.geojson")
        try Self.export.write(to: file, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(
            imported.stdoutLines.first?.hasPrefix("Imported \(file.path) (GeoJSON, 3 features)") == true,
            "\(imported.stdout)")
        #expect(imported.stdout.contains("note: 1 line skipped (a line is not a place)"), "\(imported.stdout)")
        let complete = try await CLI.run(
            ["complete", "Q-Park Bij", "--format", "json"], environment: store.environment)
        let suggestion = try JSONValue.parse(Data(complete.stdout.utf8))["suggestions"]?.arrayValue?.first
        #expect(suggestion?["id"]?.stringValue == "osm:node/564721642")
        let coffee = try await CLI.run(
            ["coffee", "--near", "52.3731,4.8932", "--offline", "--format", "json"], environment: store.environment)
        let first = try JSONValue.parse(Data(coffee.stdout.utf8))["results"]?.arrayValue?.first
        #expect(first?["name"]?.stringValue == "Café in a Polygon")
        #expect(first?["id"]?.stringValue == "osm:way/7")
    }

    @Test func aCorruptGeoJSONIsOneLineWithTheFileAndWhere() async throws {
        let store = TemporaryStore()
        let file = store.folder.appendingPathComponent("cut.geojson")
        try String(Self.export.prefix(300)).write(to: file, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", file.path], environment: store.environment)
        #expect(imported.status == 65)
        #expect(imported.stderrLines.count == 1, "\(imported.stderr)")
        #expect(
            imported.stderrLines.first?.hasPrefix("places: \(file.path): line 4, column ") == true, "\(imported.stderr)"
        )
        #expect(imported.stderr.contains("the document ends inside"))
        #expect(imported.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: store.path), "a failed import creates no store")
    }

    static let data = RealDataImportTests.data
    static func has(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: data.appendingPathComponent(name).path)
    }

    @Test(
        .enabled(
            if: has("osm_parking_randstad_2022.geojson") && has("amsterdam_tourism_osm.geojson"),
            "../shared/data is not beside the repository"))
    func theRealOverpassExportsImport() async throws {
        let store = TemporaryStore()
        let parking = try await CLI.run(
            ["import", Self.data.appendingPathComponent("osm_parking_randstad_2022.geojson").path, "--format", "json"],
            environment: store.environment)
        #expect(parking.status == 0, "\(parking.stderr)")
        let report = try JSONValue.parse(Data(parking.stdout.utf8))["imports"]?.arrayValue?.first
        #expect(report?["format"]?.stringValue == "geojson")
        // SOURCES.md: 1,242 points, 358 of them named (the others are car parks without a name, kept unindexed).
        #expect(report?["rows"]?.intValue == 1242)
        #expect(report?["written"]?["poi"]?.intValue == 1242)
        let tourism = try await CLI.run(
            ["import", Self.data.appendingPathComponent("amsterdam_tourism_osm.geojson").path, "--format", "json"],
            environment: store.environment)
        #expect(tourism.status == 0, "\(tourism.stderr)")
        let notes = try JSONValue.parse(Data(tourism.stdout.utf8))["imports"]?.arrayValue?.first?["notes"]?.arrayValue
        #expect(notes?.compactMap(\.stringValue) == ["16 lines skipped (a line is not a place)"])
        let museum = try await CLI.run(["complete", "Rijksmuse", "--format", "json"], environment: store.environment)
        #expect(
            try JSONValue.parse(Data(museum.stdout.utf8))["suggestions"]?.arrayValue?.first?["name"]?.stringValue
                == "Rijksmuseum")
        let offline = try await CLI.run(
            ["parking", "--near", "52.0904,5.1105", "--offline", "--format", "json"], environment: store.environment)
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect((try JSONValue.parse(Data(offline.stdout.utf8))["results"]?.arrayValue?.count ?? 0) > 0)
    }
}

/// A file that is not what the option says: `--names` given OSM data, GeoJSON, an archive or a
/// program says what the file is, not that it has no name column.
@Suite(.timeLimit(.minutes(10))) struct WrongFileKindCommandTests {
    @Test func aNameListThatIsNotOneSaysWhatItIs() async throws {
        let store = TemporaryStore()
        let osm = store.folder.appendingPathComponent("sample.osm")
        try SampleOSM.xml.write(to: osm, atomically: true, encoding: .utf8)
        let geojson = store.folder.appendingPathComponent("export.geojson")
        try GeoJSONImportCommandTests.export.write(to: geojson, atomically: true, encoding: .utf8)
        let zip = store.folder.appendingPathComponent("names.zip")
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]).write(to: zip)
        let gzip = store.folder.appendingPathComponent("names.csv.gz")
        try Data([0x1F, 0x8B, 0x08, 0x00, 0x00]).write(to: gzip)
        let cases: [(URL, String)] = [
            (
                osm,
                "is OpenStreetMap XML, not a CSV or TSV name list; import it without --names: places import \(osm.path)"
            ),
            (
                geojson,
                "is GeoJSON, not a CSV or TSV name list; import it without --names: places import \(geojson.path)"
            ),
            (zip, "is a ZIP archive, not a CSV or TSV name list"),
            (gzip, "is gzip-compressed data, not a CSV or TSV name list; decompress it first"),
        ]
        for (file, message) in cases {
            let output = try await CLI.run(["import", "--names", file.path], environment: store.environment)
            #expect(output.status == 65, "\(file.lastPathComponent): \(output.stderr)")
            #expect(output.stderrLines == ["places: \(file.path) \(message)"])
        }
        #expect(!FileManager.default.fileExists(atPath: store.path), "nothing was written")
    }

    @Test func aNameListGivenAsAnOpenStreetMapFileSaysToUseNames() async throws {
        let store = TemporaryStore()
        let csv = store.folder.appendingPathComponent("cities.csv")
        try Data("lat,lon,name\n52.37,4.89,Dam\n".utf8).write(to: csv)
        let output = try await CLI.run(["import", csv.path], environment: store.environment)
        #expect(output.status == 65)
        #expect(
            output.stderrLines.first?.hasSuffix(
                "(it looks like CSV text with 3 columns); import it as a name list: places import --names \(csv.path)") == true,
            "\(output.stderr)")
    }
}
