import Foundation
import HTTPTypes
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import PlaceProviders
import Testing

struct ParkSharkProviderTests {
    static let focus = Coordinate(52.377, 4.9104)
    /// Friday 27 November 2026, 08:30 in Amsterdam.
    static let friday = ISO8601Text.parse("2026-11-27T08:30:00+01:00")!

    static let costAnswer = #"""
        {"params": {"fmt": 0},
         "results": [["10668", 8.0, 512, 1, 265], ["10841", -1, 540, 1, 320], ["10999", 7.5, 600, 0, 321]],
         "advice": [["10668", 8.0, 512, "Oosterdok 39", 52.3724709, 4.90942, 0, 0],
                    ["11328", 6.0, 655, "Dijksgracht 6", 52.3762589, 4.9164801, 1, 0],
                    ["", 12.5, 700, "Piet Heinkade", 52.37788, 4.91739, 2, 9001]]}
        """#

    static let metersAnswer = #"""
        {"items": [
          {"i": 264, "lat": 52.3724709, "lon": 4.90942, "bw": {"cash": false, "creditcard": true, "pin": true, "chip": true},
           "costs": {"geb_code": "G1", "days": [{"start": 12, "end": 24}, {"start": 9, "end": 24}, {"start": 9, "end": 24}, {"start": 9, "end": 24}, {"start": 9, "end": 24}, {"start": 9, "end": 24}, {"start": 9, "end": 24}],
                     "t_code": "TZ11", "first": {"combination": "n", "price": 0.0, "hrs": 0}, "cost": 5.0, "max": 0.0},
           "stadsdeel": "Centrum", "belnummer": "10668", "adres": "Oosterdok 39", "postcode": "1011 DL", "woonplaats": "Amsterdam"},
          {"i": 320, "lat": 52.3731, "lon": 4.9110, "bw": {"cash": true, "creditcard": false, "pin": false, "chip": true},
           "costs": {"days": [{"start": 0, "end": 0}, {"start": 9, "end": 19}, {"start": 9, "end": 19}, {"start": 9, "end": 19}, {"start": 9, "end": 19}, {"start": 9, "end": 19}, {"start": 9, "end": 19}],
                     "first": {"combination": "y", "price": 1.4, "hrs": 3}, "cost": 2.1, "max": 2},
           "belnummer": "10841", "adres": "Kattenburgerstraat 5"},
          null,
          {"i": 400, "lat": 52.3762589, "lon": 4.9164801, "bw": {"cash": true, "pin": true}, "costs": {"cost": -1},
           "belnummer": "11328", "adres": "Dijksgracht 6"}
        ]}
        """#

    static func provider(_ handler: @escaping ClosureTransport.Handler) -> (ParkSharkProvider, ClosureTransport) {
        let transport = ClosureTransport(handler)
        return (ParkSharkProvider(client: HTTPClient(transport: transport)), transport)
    }

    static func query(_ request: HTTPRequest) -> [String: String] {
        let path = request.path ?? ""
        let query = path.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
        return Dictionary(QueryString.decode(query), uniquingKeysWith: { first, _ in first })
    }

    static func answering(_ request: HTTPRequest) -> (HTTPResponse, Data) {
        switch query(request)["action"] {
        case nil: return HTTPResponse.json(costAnswer)
        case "get_meters": return HTTPResponse.json(metersAnswer)
        default: return HTTPResponse.json(#"{"items": []}"#)
        }
    }

    @Test func theCostCallCountsDaysFromSundayAndDurationInHours() async throws {
        let (provider, transport) = Self.provider { request, _ in Self.answering(request) }
        let stay = Stay(arrival: Self.friday, duration: 90 * 60)
        _ = try await provider.search(
            SearchRequest(category: .parking, focus: Self.focus, radius: 1000, parking: ParkingSearch(stay: stay, paymentMethods: ["pin"])))
        let cost = try #require(transport.requests.first)
        #expect(cost.scheme == "http")
        #expect(cost.authority == "api.parkshark.nl")
        #expect(cost.path?.hasPrefix("/psapi/api.jsp?") == true)
        #expect(Self.query(cost) == ["day": "5", "hr": "8", "min": "30", "duration": "1.5", "lat": "52.377000", "lon": "4.910400", "methods": "pin"])

        // Sunday 14:05 is day 0, in Amsterdam's time whatever the machine's.
        let sunday = Stay(arrival: ISO8601Text.parse("2026-11-22T13:05:00Z")!, duration: 7200)
        _ = try await provider.search(SearchRequest(category: .parking, focus: Self.focus, radius: 1000, parking: ParkingSearch(stay: sunday)))
        let second = try #require(transport.requests.dropFirst(2).first)
        #expect(Self.query(second)["day"] == "0")
        #expect(Self.query(second)["hr"] == "14")
        #expect(Self.query(second)["min"] == "5")
        #expect(Self.query(second)["duration"] == "2")
        #expect(Self.query(second)["methods"] == "cash,pin")
    }

    @Test func rowsBecomeMetersWithTheirTotalTariffAndAddressAndGaragesFromTheAdvice() async throws {
        let (provider, transport) = Self.provider { request, _ in Self.answering(request) }
        let stay = Stay(arrival: Self.friday, duration: 2 * 3600)
        let places = try await provider.search(SearchRequest(category: .parking, focus: Self.focus, radius: 1000, parking: ParkingSearch(stay: stay)))
        // get_meters is asked once, for the result rows and the advice's meters, in numeric order.
        let meters = try #require(transport.requests.last)
        #expect(Self.query(meters)["meternumbers"] == "10668,10841,10999,11328")

        let oosterdok = try #require(places.first { $0.id.description == "parkshark:10668" })
        #expect(oosterdok.name == "Oosterdok 39")
        #expect(oosterdok.address?.postcode == "1011 DL")
        #expect(oosterdok.parking?.kind == .meter)
        #expect(oosterdok.parking?.stayCost == StayCost(amount: 8, stay: stay, source: .provider))
        #expect(oosterdok.parking?.paymentMethods == ["pin", "creditcard", "chipknip"])
        #expect(oosterdok.parking?.tariff?.summary == "€5.00/h Mon–Sat 09–24, Sun 12–24")

        // -1 is "cannot be calculated": no amount, but the tariff (with its first-hours rule and 2 h limit) is kept.
        let kattenburg = try #require(places.first { $0.id.description == "parkshark:10841" })
        #expect(kattenburg.parking?.stayCost?.amount == nil)
        #expect(kattenburg.parking?.tariff?.introductory == ParkingTariff.Introductory(hours: 3, hourlyRate: 1.4))
        #expect(kattenburg.parking?.tariff?.maximumStay == 7200)

        // A meter get_meters returned null for is dropped; the garage row has no number and its own id.
        #expect(!places.contains { $0.id.description == "parkshark:10999" })
        let garage = try #require(places.first { $0.parking?.kind == .garage })
        #expect(garage.id.description == "parkshark:garage-9001")
        #expect(garage.parking?.stayCost?.amount == 12.5)
        #expect(places.first { $0.id.description == "parkshark:11328" }?.parking?.tariff == nil)
    }

    @Test func withoutAStayItListsTheMetersInABoxWithoutAskingForCosts() async throws {
        let box =
            #"{"items": [["10668", 0, 0, "Oosterdok 39", 52.3724709, 4.90942, 0, 264], ["10841", 0, 0, "Kattenburgerstraat 5", 52.3731, 4.9110, 1, 320], ["99999", 0, 0, "Far away", 52.40, 4.95, 2, 9]]}"#
        let (provider, transport) = Self.provider { request, _ in
            Self.query(request)["action"] == "get_meters_in_box" ? HTTPResponse.json(box) : HTTPResponse.json(Self.metersAnswer)
        }
        let places = try await provider.search(SearchRequest(category: .parking, focus: Self.focus, radius: 750))
        #expect(transport.requests.count == 2)
        let asked = Self.query(transport.requests[0])
        #expect(asked["action"] == "get_meters_in_box")
        // The box holds the 750 m circle, widened to 0.001°.
        #expect(asked["north"] == "52.384" && asked["south"] == "52.370" && asked["east"] == "4.922" && asked["west"] == "4.899")
        #expect(Self.query(transport.requests[1])["meternumbers"] == "10668,10841")
        #expect(places.map(\.id.description) == ["parkshark:10841", "parkshark:10668"])
        #expect(places.allSatisfy { $0.parking?.stayCost == nil && $0.parking?.tariff != nil })
    }

    @Test func whenTheCostCallFailsTheTariffsStillPriceTheStay() async throws {
        let box = #"{"items": [["10668", 0, 0, "Oosterdok 39", 52.3724709, 4.90942, 0, 264]]}"#
        let (provider, _) = Self.provider { request, _ in
            switch Self.query(request)["action"] {
            case nil: HTTPResponse.json("<html>502 Bad Gateway</html>", status: 502)
            case "get_meters_in_box": HTTPResponse.json(box)
            default: HTTPResponse.json(Self.metersAnswer)
            }
        }
        let stay = Stay(arrival: Self.friday, duration: 2 * 3600)
        let places = try await provider.search(SearchRequest(category: .parking, focus: Self.focus, radius: 750, parking: ParkingSearch(stay: stay)))
        let place = try #require(places.first)
        #expect(place.parking?.stayCost == nil)
        #expect(place.parking?.tariff?.cost(of: stay) == 7.5)
        #expect(place.tags["cost_note"]?.contains("HTTP 502") == true)
    }

    @Test func malformedRowsAreNamedExactly() async throws {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(#"{"results": [["10668", "eight", 512, 1, 265]]}"#) }
        let stay = Stay(arrival: Self.friday, duration: 3600)
        // The cost call's failure falls back to the listing, which has no box answer here: the error says so.
        await #expect(throws: ProviderError.self) {
            _ = try await provider.search(SearchRequest(category: .parking, focus: Self.focus, radius: 750, parking: ParkingSearch(stay: stay)))
        }
        let (strict, _) = Self.provider { _, _ in HTTPResponse.json(#"{"items": [{"lat": "north", "lon": 4.9}]}"#) }
        do {
            _ = try await strict.details(for: PlaceID(provider: "parkshark", nativeID: "10668"))
            Issue.record("a malformed get_meters answer must fail")
        } catch let error as ProviderError {
            #expect(error.kind == .unexpectedResponse)
            #expect(error.message.contains("items[0].lat: expected a number, found a string"))
        }
    }

    @Test func detailsOfAMeterAndOfAnUnknownOne() async throws {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(Self.metersAnswer) }
        let meter = try await provider.details(for: PlaceID(provider: "parkshark", nativeID: "10668"))
        #expect(meter.name == "Oosterdok 39")
        #expect(meter.summary == "Parking meter 10668, Centrum")
        await #expect(throws: ProviderError.self) { _ = try await provider.details(for: PlaceID(provider: "parkshark", nativeID: "garage-1")) }
        await #expect(throws: ProviderError.self) { _ = try await provider.details(for: PlaceID(provider: "parkshark", nativeID: "12345")) }
    }
}
