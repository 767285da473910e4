import OSMFormat
import PlaceCore
import PlaceImport
import Testing

/// The extractor on hand-made elements: what is kept, how streets merge, where centres are.
struct OSMExtractorTests {
    static func node(_ id: Int64, _ lat: Double, _ lon: Double, _ tags: [String: String] = [:]) -> OSMElement {
        .node(OSMNode(id: id, latitude: lat, longitude: lon, tags: tags))
    }

    static func way(_ id: Int64, _ refs: [Int64], _ tags: [String: String]) -> OSMElement {
        .way(OSMWay(id: id, nodeRefs: refs, tags: tags))
    }

    /// Damrak in three segments sharing end nodes, a second "Damrak" in another town 30 km away,
    /// Damstraat, a café node, a café building, an unnamed café, a named bench, an unnamed car
    /// park, a suburb and a museum mapped as a multipolygon.
    static let elements: [OSMElement] = [
        node(1, 52.3760, 4.8970), node(2, 52.3750, 4.8960), node(3, 52.3740, 4.8950), node(4, 52.3730, 4.8940),
        node(5, 52.6000, 4.7000), node(6, 52.6010, 4.7010),
        node(7, 52.3725, 4.8935), node(8, 52.3722, 4.8950),
        node(
            10, 52.3735, 4.8930,
            [
                "amenity": "cafe", "name": "Café de Jaren", "cuisine": "coffee_shop", "addr:street": "Nes", "addr:housenumber": "41",
                "source": "survey", "name:en": "Jaren",
            ]),
        node(11, 52.3736, 4.8931, ["amenity": "cafe"]),
        node(12, 52.3737, 4.8932, ["amenity": "bench", "name": "Bench of Fame"]),
        node(13, 52.3738, 4.8933, ["amenity": "parking", "parking": "underground", "fee": "yes"]),
        node(14, 52.3720, 4.8960, ["place": "suburb", "name": "Burgwallen-Nieuwe Zijde", "population": "5000"]),
        node(20, 52.3700, 4.8900), node(21, 52.3700, 4.8910), node(22, 52.3710, 4.8910), node(23, 52.3710, 4.8900),
        node(30, 52.3600, 4.8800), node(31, 52.3600, 4.8820), node(32, 52.3620, 4.8820),
        way(100, [1, 2], ["highway": "primary", "name": "Damrak"]),
        way(101, [2, 3], ["highway": "primary", "name": "Damrak"]),
        way(102, [3, 4], ["highway": "secondary", "name": "Damrak"]),
        way(103, [5, 6], ["highway": "residential", "name": "Damrak"]),
        way(104, [7, 8], ["highway": "pedestrian", "name": "Damstraat"]),
        way(110, [20, 21, 22, 23, 20], ["building": "yes", "amenity": "cafe", "name": "Café in a building"]),
        way(111, [30, 31, 32, 30], [:]),
        .relation(
            OSMRelation(
                id: 500, members: [.init(type: .way, ref: 111, role: "outer")],
                tags: ["type": "multipolygon", "tourism": "museum", "name": "Museum", "wikidata": "Q1"])),
        .relation(
            OSMRelation(
                id: 501, members: [.init(type: .way, ref: 999, role: "outer")], tags: ["type": "multipolygon", "amenity": "cafe", "name": "Outside"])),
    ]

    static func extract() -> (places: [ImportedPlace], extractor: OSMExtractor) {
        var extractor = OSMExtractor()
        for element in elements { extractor.consume(element) }
        return (Array(extractor.finish()), extractor)
    }

    @Test func otherNamesBecomeAlternateNames() {
        var extractor = OSMExtractor()
        for element: OSMElement in [
            Self.node(
                1, 48.1374, 11.5755,
                [
                    "place": "city", "name": "München", "name:en": "Munich", "name:de": "München", "name:it": "Monaco di Baviera",
                    "alt_name": "Minga; Muenchen", "old_name": "Munichen", "official_name": "Landeshauptstadt München",
                    "name:etymology:wikidata": "Q1", "name:pronunciation": "ˈmʏnçn̩", "name:zh-Hans": "慕尼黑",
                ]),
            Self.node(2, 48.14, 11.57), Self.node(3, 48.141, 11.571),
            Self.way(10, [2, 3], ["highway": "residential", "name": "Leopoldstraße", "old_name": "Schwabinger Landstraße"]),
        ] {
            extractor.consume(element)
        }
        let places = extractor.finish()
        let city = places.first { $0.record.name == "München" }
        #expect(
            city?.record.alternateNames == [
                "Landeshauptstadt München", "Minga", "Muenchen", "Munichen", "Munich", "Monaco di Baviera", "慕尼黑",
            ], "official, alt, old, then name:xx by key; not the name itself, not etymology or pronunciation")
        #expect(places.first { $0.record.name == "Leopoldstraße" }?.record.alternateNames == ["Schwabinger Landstraße"])
    }

    @Test func keepsNamedPOIsCarParksPlacesAndStreets() {
        let (places, extractor) = Self.extract()
        let ids = places.map(\.record.id)
        #expect(ids.contains("osm:node/10"))
        #expect(!ids.contains("osm:node/11"), "an unnamed café cannot be found by name or told apart")
        #expect(!ids.contains("osm:node/12"), "a bench is street furniture, named or not")
        #expect(ids.contains("osm:node/14"))
        #expect(ids.contains("osm:way/110"))
        #expect(ids.contains("osm:relation/500"))
        #expect(!ids.contains("osm:relation/501"))
        #expect(extractor.unplaced == 1, "the relation whose way is outside the extract has no position")
        #expect(extractor.elementCount == Self.elements.count)
    }

    @Test func streetSegmentsThatTouchAreOneStreetAndAFarNamesakeIsAnother() throws {
        let (places, _) = Self.extract()
        let streets = places.filter { $0.record.kind == .street }
        let damrak = streets.filter { $0.record.name == "Damrak" }
        #expect(damrak.count == 2)
        let central = try #require(damrak.first { $0.record.id == "osm:way/100" })
        let far = try #require(damrak.first { $0.record.id == "osm:way/103" })
        // The middle node of the longest segment: on the street, not beside it.
        let point = try #require(central.record.coordinate)
        #expect([52.3750, 52.3740, 52.3730].contains(point.latitude))
        #expect(central.category == "highway=primary", "the most important class of the street's ways")
        #expect(central.record.importance > far.record.importance)
        #expect(central.record.detail == "Burgwallen-Nieuwe Zijde", "the nearest district names the street")
        #expect(far.record.detail == nil, "no district within 3 km")
        #expect(streets.contains { $0.record.name == "Damstraat" })
    }

    @Test func waysAndRelationsGetACentre() throws {
        let (places, _) = Self.extract()
        let building = try #require(places.first { $0.record.id == "osm:way/110" }?.record.coordinate)
        #expect(abs(building.latitude - 52.3705) < 1e-9)
        #expect(abs(building.longitude - 4.8905) < 1e-9)
        let museum = try #require(places.first { $0.record.id == "osm:relation/500" })
        let centre = try #require(museum.record.coordinate)
        #expect(abs(centre.latitude - 52.3610) < 1e-9)
        #expect(abs(centre.longitude - 4.8810) < 1e-9)
        #expect(museum.record.importance > 0.3, "a museum with a Wikidata item ranks above an ordinary POI")
    }

    @Test func keepsTheTagsThatMatterAndDropsTheRest() throws {
        let (places, _) = Self.extract()
        let cafe = try #require(places.first { $0.record.id == "osm:node/10" })
        #expect(cafe.tags["cuisine"] == "coffee_shop")
        #expect(cafe.tags["addr:street"] == "Nes")
        #expect(cafe.tags["source"] == nil)
        #expect(cafe.tags["name:en"] == nil)
        #expect(cafe.category == "amenity=cafe")
        #expect(cafe.record.detail == "Café · Nes 41")
        #expect(cafe.isIndexed)
    }

    @Test func anUnnamedCarParkIsKeptForSearchingButNotForCompleting() throws {
        let (places, _) = Self.extract()
        let parking = try #require(places.first { $0.record.id == "osm:node/13" })
        #expect(!parking.isIndexed)
        #expect(parking.category == "amenity=parking")
        #expect(parking.record.name == "Underground car park")
    }

    @Test func theSameElementsGiveTheSameRowsInTheSameOrder() {
        #expect(Self.extract().places == Self.extract().places)
    }

    @Test func placesImportanceFollowsTheirRank() {
        var extractor = OSMExtractor()
        extractor.consume(Self.node(1, 52, 4, ["place": "city", "name": "City"]))
        extractor.consume(Self.node(2, 52, 4, ["place": "village", "name": "Village"]))
        extractor.consume(Self.node(3, 52, 4, ["place": "neighbourhood", "name": "Neighbourhood"]))
        let importance = Dictionary(uniqueKeysWithValues: extractor.finish().map { ($0.record.name, $0.record.importance) })
        #expect(importance["City"]! > importance["Village"]!)
        #expect(importance["Village"]! > importance["Neighbourhood"]!)
    }
}
