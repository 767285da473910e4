import OSMFormat
import PlaceCore
@testable import PlaceImport
@testable import PlaceProviders
import Testing

/// What the import makes of car parks: a label for an unnamed one from the street beside it, the
/// same in every run, and a car park's area kept for the garage it is.
struct CarParkImportTests {
    /// At a junction two streets are equally close (they share its node): the label must not depend
    /// on the order a dictionary gave them in this process (an import of amsterdam_centrum.osm said
    /// 'Street parking on Nieuwmarkt' in one run and '… on Geldersekade' in the next). Eight
    /// junctions, the first name in order on either side: by chance all eight right is 1 in 256.
    @Test func anUnnamedCarParkAtAJunctionIsLabelledTheSameInEveryRun() throws {
        var elements: [OSMElement] = []
        var expected: [String: String] = [:]
        for junction in 0..<8 {
            let base = Int64(junction * 10 + 100)
            let latitude = 52.30 + Double(junction) * 0.01
            let names = junction.isMultiple(of: 2) ? ["Kade \(junction)", "Markt \(junction)"] : ["Markt \(junction)", "Kade \(junction)"]
            elements += [
                .node(OSMNode(id: base, latitude: latitude, longitude: 4.9000)),
                .node(OSMNode(id: base + 1, latitude: latitude, longitude: 4.8990)),
                .node(OSMNode(id: base + 2, latitude: latitude + 0.001, longitude: 4.9000)),
                .node(OSMNode(id: base + 3, latitude: latitude + 0.0001, longitude: 4.9001, tags: ["amenity": "parking", "parking": "on_kerb"])),
                .way(OSMWay(id: base + 4, nodeRefs: [base + 1, base], tags: ["highway": "residential", "name": names[0]])),
                .way(OSMWay(id: base + 5, nodeRefs: [base, base + 2], tags: ["highway": "residential", "name": names[1]])),
            ]
            expected["osm:node/\(base + 3)"] = "Street parking on Kade \(junction)"
        }
        var extractor = OSMExtractor()
        for element in elements { extractor.consume(element) }
        let labels = Dictionary(uniqueKeysWithValues: extractor.finish().map { ($0.record.id, $0.record.name) }).filter { expected[$0.key] != nil }
        #expect(labels == expected)
    }

    @Test func theImportKeepsACarParksAreaAndTheStreetBesideAnUnnamedOne() throws {
        // A car park area with a name, an unnamed one 20 m from Geldersekade, and one far from any street.
        let elements: [OSMElement] = [
            .node(OSMNode(id: 1, latitude: 52.3700, longitude: 4.9000)),
            .node(OSMNode(id: 2, latitude: 52.3710, longitude: 4.9000)),
            .node(OSMNode(id: 3, latitude: 52.3710, longitude: 4.9010)),
            .node(OSMNode(id: 4, latitude: 52.3700, longitude: 4.9010)),
            .node(OSMNode(id: 5, latitude: 52.3730, longitude: 4.9000)),
            .node(OSMNode(id: 6, latitude: 52.3730, longitude: 4.9020)),
            .node(
                OSMNode(
                    id: 7, latitude: 52.37318, longitude: 4.9010, tags: ["amenity": "parking", "parking": "on_kerb"])),
            .node(OSMNode(id: 8, latitude: 52.3800, longitude: 4.9100, tags: ["amenity": "parking"])),
            .way(OSMWay(id: 10, nodeRefs: [1, 2, 3, 4, 1], tags: ["amenity": "parking", "name": "Garage"])),
            .way(OSMWay(id: 11, nodeRefs: [5, 6], tags: ["highway": "residential", "name": "Geldersekade"])),
        ]
        var extractor = OSMExtractor()
        for element in elements { extractor.consume(element) }
        let places = extractor.finish()
        let garage = try #require(places.first { $0.record.id == "osm:way/10" })
        #expect(OSMTags.bounds(garage.tags) == BoundingBox(south: 52.37, west: 4.9, north: 52.371, east: 4.901))
        #expect(garage.tags["places:street"] == nil, "a named car park needs no street")
        let kerb = try #require(places.first { $0.record.id == "osm:node/7" })
        #expect(kerb.record.name == "Street parking on Geldersekade")
        #expect(!kerb.isIndexed)
        #expect(places.first { $0.record.id == "osm:node/8" }?.record.name == "Car park")
        // The store's place does not show the import's own keys as OpenStreetMap tags.
        let place = try #require(
            OSMPlaceMapping.place(
                type: "way", id: 10, coordinate: Coordinate(52.3705, 4.9005), tags: garage.tags, provider: "osm"))
        #expect(place.tags["places:bounds"] == nil && place.tags["name"] == "Garage")
    }
}
