import OSMFormat
import PlaceSearch
@testable import PlaceProviders
import Testing

/// One garage once: entrances inside or beside a car park's area are its own, entrances of a car
/// park that is not mapped are grouped, and unnamed car parks get a label that tells them apart.
struct CarParksTests {
    static func element(_ id: String, _ lat: Double, _ lon: Double, _ tags: [String: String], area: BoundingBox? = nil)
        throws -> CarParks.Element
    {
        let parts = id.split(separator: "/")
        let place = try #require(
            OSMPlaceMapping.place(
                type: String(parts[0]), id: Int64(parts[1]) ?? 0, coordinate: Coordinate(lat, lon), tags: tags,
                provider: "osm"))
        return CarParks.Element(place: place, area: area)
    }

    /// Central Amsterdam's Rokin garage (way 719936522 and its two named entrance nodes), the
    /// Kalverstraat garage known only by its entrance, two unnamed entrances of one multi-storey
    /// garage 4 m apart, and an entrance 120 m beyond Rokin's area that is some other garage's.
    static func rokin() throws -> [CarParks.Element] {
        let area = BoundingBox(south: 52.36975, west: 4.89214, north: 52.37140, east: 4.89302)
        return [
            try element(
                "way/719936522", 52.370575, 4.89258,
                ["amenity": "parking", "parking": "underground", "name": "Parkeergarage Rokin"], area: area),
            try element(
                "node/6757261126", 52.3702757, 4.8925526,
                ["amenity": "parking_entrance", "parking": "underground", "name": "Rokin Garage (Ingang)"]),
            try element(
                "node/6757261121", 52.3708168, 4.8927076,
                ["amenity": "parking_entrance", "parking": "underground", "name": "Rokin Garage (uitgang)"]),
            try element(
                "node/5752552769", 52.3672501, 4.8908470,
                ["amenity": "parking_entrance", "parking": "underground", "name": "Parkeergarage Kalverstraat"]),
            try element(
                "node/2724287722", 52.3739079, 4.8951726, ["amenity": "parking_entrance", "parking": "multi-storey"]),
            try element(
                "node/11425755575", 52.3738744, 4.8951273, ["amenity": "parking_entrance", "parking": "multi-storey"]),
            try element(
                "node/9", 52.3725, 4.8930,
                ["amenity": "parking_entrance", "parking": "underground", "name": "Elsewhere (in)"]),
        ]
    }

    @Test func aGarageIsListedOnceWithItsEntrances() throws {
        let places = CarParks.group(try Self.rokin())
        #expect(
            places.map(\.id.description) == [
                "osm:way/719936522", "osm:node/5752552769", "osm:node/2724287722", "osm:node/9",
            ])
        let rokin = places[0]
        #expect(rokin.name == "Parkeergarage Rokin")
        #expect(rokin.parking?.entrances?.map(\.name) == ["Rokin Garage (Ingang)", "Rokin Garage (uitgang)"])
        #expect(rokin.parking?.entrances?.map { $0.id?.description } == ["osm:node/6757261126", "osm:node/6757261121"])
        // A garage known by its entrance is that entrance; two unnamed entrances side by side are one garage.
        #expect(places[1].parking?.entrances?.count == 1)
        #expect(places[2].name == "Multi-storey car park entrance")
        #expect(places[2].parking?.entrances?.count == 2)
        // Beyond the margin, an entrance is not Rokin's; its name loses the "(in)".
        #expect(places[3].name == "Elsewhere")
    }

    @Test func entrancesOfAGarageWithoutAMappedAreaAreOnePlaceNamedWithoutTheirWay() throws {
        let elements = [
            try Self.element(
                "node/1", 52.3700, 4.8900, ["amenity": "parking_entrance", "name": "Rokin Garage (Ingang)"]),
            try Self.element(
                "node/2", 52.3705, 4.8902, ["amenity": "parking_entrance", "name": "Rokin Garage uitgang"]),
            try Self.element(
                "node/3", 52.3704, 4.8901, ["amenity": "parking_entrance", "name": "Other Garage (Ingang)"]),
        ]
        let places = CarParks.group(elements)
        #expect(places.map(\.name) == ["Rokin Garage", "Other Garage"])
        #expect(places[0].parking?.entrances?.count == 2)
    }

    @Test func aCarParkMappedAsANodeTakesTheEntranceBesideIt() throws {
        let elements = [
            try Self.element("node/1", 52.3700, 4.8900, ["amenity": "parking", "name": "The Bank"]),
            try Self.element("node/2", 52.37015, 4.8900, ["amenity": "parking_entrance"]),  // 17 m
            try Self.element("node/3", 52.3710, 4.8900, ["amenity": "parking_entrance"]),  // 111 m
        ]
        let places = CarParks.group(elements)
        #expect(places.map(\.id.description) == ["osm:node/1", "osm:node/3"])
        #expect(places[0].parking?.entrances?.map { $0.id?.description } == ["osm:node/2"])
    }

    @Test(arguments: [
        (["amenity": "parking"], "Car park"),
        (["amenity": "parking", "parking": "underground", "operator": "Q-Park"], "Underground car park (Q-Park)"),
        (
            ["amenity": "parking", "access": "private", "addr:street": "Amstelstraat"],
            "Private car park on Amstelstraat"
        ),
        (
            ["amenity": "parking", "parking": "on_kerb", "places:street": "Geldersekade"],
            "Street parking on Geldersekade"
        ),
        (["amenity": "parking", "ref": "P3", "park_ride": "yes"], "Park and ride P3"),
        (["amenity": "parking_entrance", "parking": "multi-storey"], "Multi-storey car park entrance"),
    ])
    func anUnnamedCarParkIsLabelledByWhatItIsWhereAndWhoseItIs(_ tags: [String: String], _ label: String) {
        #expect(OSMPlaceMapping.parkingName(tags) == label)
    }

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
