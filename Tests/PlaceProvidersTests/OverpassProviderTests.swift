import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import PlaceProviders
import Testing

struct OverpassProviderTests {
    static let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000)

    static func provider(_ handler: @escaping ClosureTransport.Handler) -> (OverpassProvider, ClosureTransport) {
        let transport = ClosureTransport(handler)
        return (OverpassProvider(client: HTTPClient(transport: transport)), transport)
    }

    static let answer = #"""
        {"version": 0.6, "generator": "Overpass API 0.7.62", "elements": [
          {"type": "node", "id": 2724000523, "lat": 52.3706299, "lon": 4.8910159,
           "tags": {"amenity": "cafe", "cuisine": "bubble_tea", "name": "SooTea", "addr:street": "Sint Luciënsteeg", "addr:housenumber": "19", "addr:postcode": "1012PM", "addr:city": "Amsterdam"}},
          {"type": "node", "id": 2724001437, "lat": 52.3702754, "lon": 4.8921946,
           "tags": {"amenity": "cafe", "cuisine": "coffee_shop", "name": "Starbucks", "brand": "Starbucks", "opening_hours": "Mo-Su 07:00-22:00", "website": "https://www.starbucks.nl", "phone": "+31 20 217 0700"}},
          {"type": "node", "id": 9082002107, "lat": 52.3669021, "lon": 4.8953903,
           "tags": {"shop": "cannabis", "cannabis:recreational": "yes", "name": "Coffeeshop Family First"}},
          {"type": "way", "id": 123, "center": {"lat": 52.371, "lon": 4.891}, "tags": {"amenity": "cafe", "name": "Café in a building", "opening_hours": "Jan-Mar Mo 10:00-12:00"}},
          {"type": "node", "id": 5, "lat": 52.37, "lon": 4.89, "tags": {"amenity": "cafe"}},
          {"type": "way", "id": 6, "tags": {"amenity": "cafe", "name": "No centre"}}
        ]}
        """#

    @Test func asksOverpassForCafesAndCoffeeShopsAroundThePoint() async throws {
        let (provider, transport) = Self.provider { _, _ in HTTPResponse.json(#"{"elements": []}"#) }
        _ = try await provider.search(Self.request)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .post)
        #expect(sent.authority == "overpass-api.de")
        #expect(sent.path == "/api/interpreter")
        #expect(sent.headerFields[.contentType] == "application/x-www-form-urlencoded")
        let body = String(decoding: try #require(transport.bodies.first ?? nil), as: UTF8.self)
        let query = try #require(QueryString.decode(body).first { $0.0 == "data" }?.1)
        #expect(
            query
                == #"[out:json][timeout:25];(nwr["amenity"="cafe"](around:1000,52.3700,4.8900);nwr["shop"="coffee"](around:1000,52.3700,4.8900););out center tags;"#
        )
    }

    @Test func elementsBecomePlacesWithConceptsAddressAndHours() async throws {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(Self.answer) }
        let places = try await provider.search(Self.request)
        #expect(places.map(\.name) == ["SooTea", "Starbucks", "Coffeeshop Family First", "Café in a building"])
        let sooTea = places[0]
        #expect(sooTea.id.description == "osm:node/2724000523")
        #expect(sooTea.concepts == [.cafe, .bubbleTea])
        #expect(sooTea.address?.street == "Sint Luciënsteeg 19")
        #expect(sooTea.address?.postcode == "1012PM")
        let starbucks = places[1]
        #expect(starbucks.concepts == [.cafe, .coffeeShop])
        #expect(starbucks.hours?.intervals.count == 7)
        #expect(starbucks.hours?.text == "Mo-Su 07:00-22:00")
        #expect(starbucks.website == "https://www.starbucks.nl")
        #expect(starbucks.tags["brand"] == "Starbucks")
        #expect(places[2].concepts.contains(.cannabis))
        // A way gets its centre; hours in syntax we do not read stay as text, and unknown.
        #expect(places[3].id.description == "osm:way/123")
        #expect(places[3].coordinate == Coordinate(52.371, 4.891))
        #expect(places[3].hours?.isKnown == false)
        #expect(places[3].hours?.text == "Jan-Mar Mo 10:00-12:00")
    }

    @Test func aQueryStoppedByTheServerIsAnError() async {
        let (provider, _) = Self.provider { _, _ in
            HTTPResponse.json(#"{"elements": [], "remark": "runtime error: Query timed out in \"query\" at line 1 after 25 seconds."}"#)
        }
        do {
            _ = try await provider.search(Self.request)
            Issue.record("an incomplete answer was accepted")
        } catch let error as ProviderError {
            #expect(error.description.contains("stopped the query: runtime error"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aBusyServerSaysToTryAgain() async {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json("", status: 429) }
        do {
            _ = try await provider.search(Self.request)
        } catch let error as ProviderError {
            #expect(error.kind == .rateLimited)
            #expect(error.description.contains("public Overpass server is busy"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func detailsAskForOneElementById() async throws {
        let (provider, transport) = Self.provider { _, _ in HTTPResponse.json(Self.answer) }
        let place = try await provider.details(for: PlaceID(provider: "osm", nativeID: "node/2724000523"))
        #expect(place.name == "SooTea")
        let body = String(decoding: try #require(transport.bodies.first ?? nil), as: UTF8.self)
        #expect(QueryString.decode(body).first?.1 == "[out:json][timeout:25];node(2724000523);out center tags;")
        for bad in ["node", "node/x", "area/1", "node/1/2"] {
            await #expect(throws: ProviderError.self) { try await provider.details(for: PlaceID(provider: "osm", nativeID: bad)) }
        }
    }
}
