import OSMFormat
import PlaceCore
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
}
