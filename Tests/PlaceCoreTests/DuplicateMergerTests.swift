import PlaceCore
import PlaceSearchTesting
import Testing

struct DuplicateMergerTests {
    static let dam = Coordinate(52.3731, 4.8926)

    static func nearby(_ metres: Double, bearing: Double = 90) -> Coordinate {
        Geodesy.destination(from: dam, distance: metres, bearing: bearing)
    }

    @Test func closeRecordsWithSimilarNamesFromTwoProvidersBecomeOnePlace() throws {
        var rich = Place.sample("foursquare", "abc", name: "Starbucks Coffee", at: Self.dam, rating: 7.2, ratingCount: 388)
        rich.hours = OpeningHours(text: "Mon–Sun 7:00–22:00")
        var lean = Place.sample("osm", "node/1", name: "Starbucks", at: Self.nearby(25), concepts: [.cafe])
        lean.phone = "+31 20 217 0700"
        lean.tags = ["brand": "Starbucks", "wheelchair": "limited"]
        let merged = DuplicateMerger().merge([lean, rich])
        #expect(merged.count == 1)
        let place = try #require(merged.first)
        #expect(place.id == rich.id)  // the richer record wins
        #expect(place.name == "Starbucks Coffee")
        #expect(place.coordinate == Self.dam)
        #expect(place.phone == "+31 20 217 0700")  // and gaps are filled from the other
        #expect(place.concepts == [.coffeeShop, .cafe])
        #expect(place.tags["wheelchair"] == "limited")
        #expect(place.sources == [rich.id, lean.id])
        #expect(place.providers == ["foursquare", "osm"])
    }

    @Test func theRatingWithMoreVotesIsKept() throws {
        let few = Place.sample("a", "1", name: "Latei", at: Self.dam, rating: 9.9, ratingCount: 3)
        var many = Place.sample("b", "1", name: "Latei", at: Self.nearby(10), rating: 8.5, ratingCount: 160)
        many.phone = "1"
        many.website = "https://latei.net"
        let place = try #require(DuplicateMerger().merge([few, many]).first)
        #expect(place.id == many.id)
        #expect(place.rating?.value == 8.5)
        let reversed = try #require(DuplicateMerger().merge([many, few]).first)
        #expect(reversed.rating?.count == 160)
    }

    @Test func farApartOrDifferentlyNamedRecordsStaySeparate() {
        let a = Place.sample("foursquare", "1", name: "Coffee Company", at: Self.dam)
        let b = Place.sample("osm", "node/1", name: "Coffee & Cakes", at: Self.nearby(5))
        let c = Place.sample("osm", "node/2", name: "Coffee Company", at: Self.nearby(200))
        #expect(DuplicateMerger().merge([a, b, c]).count == 3)
    }

    @Test func recordsOfOneProviderTwentyMetresApartAreTwoPlaces() {
        let a = Place.sample("osm", "node/1", name: "Screaming Beans", at: Self.dam)
        let b = Place.sample("osm", "node/2", name: "Screaming Beans", at: Self.nearby(20))
        #expect(DuplicateMerger().merge([a, b]).count == 2)
    }

    /// Vaduz's "Guflina" and "Café Guflina", a metre apart in OpenStreetMap: one café mapped as a
    /// node and as its building. Another name a metre away is another place.
    @Test func oneProvidersRecordsOfOneNameAMetreApartAreOnePlace() {
        let node = Place.sample("osm", "node/1", name: "Guflina", at: Self.dam)
        let building = Place.sample("osm", "way/2", name: "Café Guflina", at: Self.nearby(1))
        let neighbour = Place.sample("osm", "node/3", name: "Café Engel", at: Self.nearby(2))
        let merged = DuplicateMerger().merge([node, building, neighbour])
        #expect(merged.count == 2)
        #expect(merged.first?.sources.count == 2)
    }

    @Test func aRecordJoinsItsBestMatchNotTheFirst() throws {
        let north = Self.nearby(50, bearing: 0)
        let first = Place.sample("foursquare", "a", name: "Starbucks", at: Self.dam, rating: 7, ratingCount: 10)
        let second = Place.sample("foursquare", "b", name: "Starbucks", at: north, rating: 7, ratingCount: 10)
        let osm = Place.sample("osm", "node/1", name: "Starbucks", at: north)
        let merged = DuplicateMerger().merge([first, second, osm])
        let joined = try #require(merged.first { $0.sources.count == 2 })
        #expect(joined.id.nativeID == "b")
    }

    @Test func hoursFromOneProviderTakeTheTimeZoneTheOtherKnows() throws {
        var foursquare = Place.sample("foursquare", "1", name: "Latei", at: Self.dam, rating: 8.5, ratingCount: 160)
        foursquare.hours = OpeningHours(timeZoneIdentifier: "Europe/Amsterdam")
        var osm = Place.sample("osm", "node/1", name: "Latei", at: Self.nearby(10))
        osm.hours = OpeningHours(intervals: [.init(weekday: .monday, opens: 480, closes: 1200)], text: "Mo 08:00-20:00")
        let place = try #require(DuplicateMerger().merge([foursquare, osm]).first)
        #expect(place.hours?.intervals.count == 1)
        #expect(place.hours?.timeZoneIdentifier == "Europe/Amsterdam")
    }

    @Test func oneRecordMergesIntoOnlyOneGroup() {
        let fsq = Place.sample("foursquare", "1", name: "Screaming Beans", at: Self.dam, rating: 8.9, ratingCount: 147)
        let osmA = Place.sample("osm", "node/1", name: "Screaming Beans", at: Self.nearby(10))
        let osmB = Place.sample("osm", "node/2", name: "Screaming Beans", at: Self.nearby(15, bearing: 270))
        let merged = DuplicateMerger().merge([fsq, osmA, osmB])
        #expect(merged.count == 2)
        #expect(merged.filter { $0.sources.count == 2 }.count == 1)
    }
}
