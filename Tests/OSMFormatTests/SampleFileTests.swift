import Foundation
import OSMFormat
import Testing

/// The same hand-made data in every format must give the same elements (Fixtures/sample.osm; the
/// binary files are made from it by Scripts/make-osm-fixtures.sh).
@Suite struct SampleFileTests {
    static let expected: [OSMElement] = [
        .node(
            OSMNode(
                id: 1, latitude: 52.3780412, longitude: 4.8835147,
                tags: [
                    "name": "Café 't Smalle", "amenity": "cafe",
                    "note": "Bed & Breakfast <b> \"quoted\" 'single' é\u{1F600}",
                ])),
        .node(OSMNode(id: 2, latitude: 52.379, longitude: 4.884)),
        .node(OSMNode(id: 3, latitude: 52.3721, longitude: 4.895, tags: ["name": "Dam", "place": "square"])),
        .node(OSMNode(id: 4, latitude: -33.8567844, longitude: -151.2152967)),
        .way(OSMWay(id: 10, nodeRefs: [1, 2, 3, 1], tags: ["building": "yes", "name": "Het Blok"])),
        .relation(
            OSMRelation(
                id: 20,
                members: [
                    .init(type: .way, ref: 10, role: "outer"), .init(type: .node, ref: 3, role: ""),
                    .init(type: .relation, ref: 21, role: "subarea"),
                ], tags: ["type": "multipolygon"])),
        .relation(OSMRelation(id: 21, members: [.init(type: .node, ref: 4, role: "label")])),
    ]

    @Test(arguments: ["sample.osm", "sample.osm.pbf", "sample-plain.osm.pbf", "sample.osm.gz", "sample.osm.bz2"])
    func everyFormatGivesTheSameElements(file: String) throws {
        let result = try readAll(try TestFiles.fixture(file), name: file)
        try Self.expectSameElements(result.elements, Self.expected)
    }

    /// Coordinates to 1e-7 degrees (PBF stores them as integers), everything else exactly.
    static func expectSameElements(_ actual: [OSMElement], _ expected: [OSMElement]) throws {
        try #require(actual.count == expected.count, "\(actual.count) elements, expected \(expected.count)")
        for (got, want) in zip(actual, expected) {
            switch (got, want) {
            case (.node(let node), .node(let wanted)):
                #expect(node.id == wanted.id)
                #expect(abs(node.latitude - wanted.latitude) < 1e-7, "latitude of node \(node.id)")
                #expect(abs(node.longitude - wanted.longitude) < 1e-7, "longitude of node \(node.id)")
                #expect(node.tags == wanted.tags)
            default:
                #expect(got == want)
            }
        }
    }

    @Test func xmlHeaderHasGeneratorAndBounds() throws {
        let header = try #require(try readAll(try TestFiles.fixture("sample.osm")).header)
        #expect(header == OSMFileHeader(format: .xml, generator: "places fixture", bounds: (52.37, 4.88, 52.38, 4.9)))
    }

    @Test func pbfHeaderHasGeneratorAndBounds() throws {
        let header = try #require(try readAll(try TestFiles.fixture("sample.osm.pbf")).header)
        #expect(header.format == .pbf)
        #expect(header.generator == "places fixture")
        let bounds = try #require(header.bounds)
        #expect(abs(bounds.south - 52.37) < 1e-7 && abs(bounds.west - 4.88) < 1e-7)
        #expect(abs(bounds.north - 52.38) < 1e-7 && abs(bounds.east - 4.9) < 1e-7)
    }

    @Test func compressedFilesReportTheFormatInside() throws {
        #expect(try readAll(try TestFiles.fixture("sample.osm.gz")).header?.format == .xml)
        #expect(try readAll(try TestFiles.fixture("sample.osm.bz2")).header?.format == .xml)
    }

    @Test func readsFromAURL() throws {
        let url = try #require(Bundle.module.url(forResource: "sample.osm.pbf", withExtension: nil, subdirectory: "Fixtures"))
        var count = 0
        try OSMFileReader.read(contentsOf: url) { _ in count += 1 }
        #expect(count == Self.expected.count)
    }

    @Test func overpassJSON() throws {
        let result = try readAll(try TestFiles.fixture("sample-overpass.json"))
        #expect(result.header == OSMFileHeader(format: .overpassJSON, generator: "Overpass API 0.7.62.1 084b4234"))
        // The first seven are the sample; then `out center`, `out geom`, and an area that is not an OSM element.
        try Self.expectSameElements(Array(result.elements.prefix(7)), Self.expected)
        #expect(result.elements.count == 9)
        #expect(result.ways.first { $0.id == 30 }?.center == OSMPoint(latitude: 52.3731, longitude: 4.8926))
        let geometryCentre = try #require(result.ways.first { $0.id == 31 }?.center)
        #expect(abs(geometryCentre.latitude - 52.1) < 1e-9 && abs(geometryCentre.longitude - 4.2) < 1e-9)
        #expect(result.ways.first { $0.id == 31 }?.nodeRefs == [7, 8])
    }

    @Test func progressIsReportedUpToTheTotal() throws {
        for file in ["sample.osm", "sample.osm.pbf", "sample-overpass.json"] {
            let data = try TestFiles.fixture(file)
            let progress = try readAll(data).progress
            #expect(progress.last == data.count, "\(file)")
            #expect(progress == progress.sorted(), "\(file)")
        }
    }

    /// A callback's own error stops the read and comes out as it was thrown, not wrapped.
    @Test(arguments: ["sample.osm", "sample.osm.pbf", "sample-plain.osm.pbf", "sample-overpass.json", "sample.osm.gz"])
    func callbackErrorsPropagateUnchanged(file: String) throws {
        struct Stop: Error, Equatable { var after: Int }
        let data = try TestFiles.fixture(file)
        var seen = 0
        #expect(throws: Stop(after: 2)) {
            try OSMFileReader.read(data: data, name: file) { _ in
                seen += 1
                if seen == 2 { throw Stop(after: 2) }
            }
        }
        #expect(seen == 2)
        struct HeaderRefused: Error, Equatable {}
        #expect(throws: HeaderRefused()) {
            try OSMFileReader.read(data: data, name: file, header: { _ in throw HeaderRefused() }) { _ in }
        }
    }
}
