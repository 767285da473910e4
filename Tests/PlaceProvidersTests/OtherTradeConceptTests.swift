import Foundation
import HTTPTypes
import OSMFormat
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import PlaceProviders
import PlaceRanking
import Testing

/// A place's other trades become concepts that count against coffee, from each provider: the
/// karaoke bar and the clothes shop that OpenStreetMap's central Amsterdam tags `amenity=cafe`.
struct OtherTradeConceptTests {
    static let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000)

    /// The tags of the real elements (node 1741885589, node 4774473735), a café-bar and a bakery café.
    static let overpass = #"""
        {"elements": [
          {"type": "node", "id": 1741885589, "lat": 52.3664942, "lon": 4.8906805,
           "tags": {"amenity": "cafe", "cuisine": "japanese", "karaoke": "yes", "name": "Duke of Tokyo"}},
          {"type": "node", "id": 4774473735, "lat": 52.371633, "lon": 4.8921412,
           "tags": {"amenity": "cafe", "brand": "Urban Outfitters", "brand:wikidata": "Q3552193", "name": "Urban Outfitters", "shop": "clothes"}},
          {"type": "node", "id": 3, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe;bar", "name": "Café-bar"}},
          {"type": "node", "id": 4, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe", "shop": "bakery", "name": "The Italian Bakerij"}},
          {"type": "node", "id": 5, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe", "shop": "books", "cuisine": "coffee_shop", "name": "Espresso in a bookshop"}},
          {"type": "node", "id": 6, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "nightclub", "name": "Club"}}
        ]}
        """#

    @Test func overpassTagsBecomeConceptsAndTheClassifierSaysWhy() async throws {
        let client = HTTPClient(transport: ClosureTransport { _, _ in HTTPResponse.json(Self.overpass) })
        let places = try await OverpassProvider(client: client).search(Self.request)
        let byName = Dictionary(uniqueKeysWithValues: places.map { ($0.name, $0) })
        #expect(byName["Duke of Tokyo"]?.concepts == [.cafe, .karaoke])
        #expect(byName["Urban Outfitters"]?.concepts == [.cafe, .retail])
        #expect(byName["Café-bar"]?.concepts == [.cafe, .bar])
        #expect(byName["The Italian Bakerij"]?.concepts == [.cafe, .bakery])
        let classifier = CoffeeClassifier()
        let reasons = places.map { classifier.exclusionReason(for: $0) }
        #expect(
            reasons == [
                "karaoke bar, not coffee", "clothes shop, not coffee", "bar or pub, not coffee", nil, nil,
                "nightclub, not coffee",
            ])
    }

    @Test func foursquareCategoriesOfOtherTradesCountToo() async throws {
        let body = #"""
            {"results": [
              {"fsq_place_id": "a", "name": "Karaoke", "latitude": 52.37, "longitude": 4.89,
               "categories": [{"name": "Café"}, {"name": "Karaoke Bar"}]},
              {"fsq_place_id": "b", "name": "Fashion", "latitude": 52.37, "longitude": 4.89,
               "categories": [{"name": "Café"}, {"name": "Clothing Store"}], "chains": [{"name": "Urban Outfitters"}]},
              {"fsq_place_id": "c", "name": "Grocer", "latitude": 52.37, "longitude": 4.89,
               "categories": [{"name": "Café"}, {"name": "Grocery Store"}]}
            ]}
            """#
        let client = HTTPClient(transport: ClosureTransport { _, _ in HTTPResponse.json(body) }, mode: .replay)
        let places = try await FoursquareProvider(client: client, key: nil).search(Self.request)
        #expect(places.map(\.concepts) == [[.cafe, .karaoke], [.cafe, .retail], [.cafe]])
        let classifier = CoffeeClassifier()
        #expect(
            places.map { classifier.exclusionReason(for: $0) } == [
                "karaoke bar, not coffee", "clothing store, not coffee", nil,
            ])
    }
}
