import OSMFormat
import PlaceCore
import PlaceImport
import PlaceProviders
import PlaceRanking
import Testing

/// A brand's other outlets in the same file decide whether its "café" is one: the import marks
/// it, the store keeps the mark, and the coffee classifier reads it.
struct BrandTradeImportTests {
    static func node(_ id: Int64, _ tags: [String: String]) -> OSMElement {
        .node(OSMNode(id: id, latitude: 52.37 + Double(id) / 10_000, longitude: 4.89, tags: tags))
    }

    @Test func aBrandWhoseOtherOutletsAreNotCafesIsNotACafeBrand() throws {
        // Urban Outfitters: one clothes shop, one "café"; HEMA: two variety stores and a café
        // without a shop tag; Starbucks: two cafés and one fast-food outlet.
        let elements = [
            Self.node(
                1,
                [
                    "shop": "clothes", "brand": "Urban Outfitters", "brand:wikidata": "Q3552193",
                    "name": "Urban Outfitters",
                ]),
            Self.node(
                2,
                [
                    "amenity": "cafe", "brand": "Urban Outfitters", "brand:wikidata": "Q3552193",
                    "name": "Urban Outfitters",
                ]),
            Self.node(3, ["shop": "variety_store", "brand": "HEMA", "name": "HEMA"]),
            Self.node(4, ["shop": "variety_store", "brand": "HEMA", "name": "HEMA Kalverstraat"]),
            Self.node(5, ["amenity": "cafe", "brand": "hema", "name": "HEMA café"]),
            Self.node(6, ["amenity": "cafe", "brand": "Starbucks", "cuisine": "coffee_shop", "name": "Starbucks"]),
            Self.node(7, ["amenity": "cafe", "brand": "Starbucks", "name": "Starbucks Rokin"]),
            Self.node(8, ["amenity": "fast_food", "brand": "Starbucks", "name": "Starbucks Station"]),
        ]
        var extractor = OSMExtractor()
        for element in elements { extractor.consume(element) }
        let places = extractor.finish()
        func trade(_ id: Int) -> String? {
            places.first { $0.record.id == "osm:node/\(id)" }?.tags["places:brand_trade"]
        }
        #expect(trade(2) == "shop=clothes")
        #expect(trade(5) == "shop=variety_store")
        #expect(trade(6) == nil && trade(7) == nil, "two cafés and one fast-food outlet: a café brand")
        #expect(trade(1) == nil, "only cafés are marked")
        // The store keeps the mark, so offline the HEMA café is left out with its reason.
        let hema = try #require(places.first { $0.record.id == "osm:node/5" })
        let place = try #require(
            OSMPlaceMapping.place(
                type: "node", id: 5, coordinate: Coordinate(52.37, 4.89), tags: hema.tags, provider: "osm"))
        #expect(place.concepts == [.cafe, .otherBrand])
        #expect(
            CoffeeClassifier().exclusionReason(for: place)
                == "hema is a brand of another trade (its other outlets are not cafés), not coffee")
    }
}
