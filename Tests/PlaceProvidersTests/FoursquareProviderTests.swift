import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
@testable import PlaceProviders
import Testing

struct FoursquareProviderTests {
    static let key = Credential(value: "fsq3-test-key-0123456789", source: "FOURSQUARE_API_KEY")
    static let request = SearchRequest(category: .coffee, focus: Coordinate(52.37, 4.89), radius: 1000)

    static func provider(_ handler: @escaping ClosureTransport.Handler, key: Credential? = key, mode: HTTPMode = .live) -> (
        FoursquareProvider, ClosureTransport
    ) {
        let transport = ClosureTransport(handler)
        let client = HTTPClient(transport: transport, mode: mode, redactor: Redactor(knownSecrets: key.map { [$0.value] } ?? []))
        return (FoursquareProvider(client: client, key: key), transport)
    }

    static let full = #"""
        {"results": [{
          "fsq_place_id": "4a27c3f9f964a520b0921fe3", "name": "Vascobelo V-bar",
          "latitude": 52.3722417, "longitude": 4.8933968, "distance": 442,
          "location": {"address": "Rokin 9-1", "locality": "Amsterdam", "region": "Noord-Holland", "postcode": "1012 KK",
                       "country": "NL", "formatted_address": "Rokin 9-1, 1012 KK Amsterdam"},
          "categories": [{"fsq_category_id": "4bf58dd8d48988d1e0931735", "name": "Coffee Shop"},
                         {"fsq_category_id": "63be6904847c3692a84b9be9", "name": "Cannabis Store"},
                         {"name": "Bubble Tea Shop"}],
          "chains": [{"fsq_chain_id": "c1", "name": "Vascobelo"}],
          "rating": 8.6, "stats": {"total_ratings": 58, "total_tips": 9, "total_photos": 11}, "price": 2,
          "hours": {"display": "Mon-Sat 9:30-18:00", "is_local_holiday": false, "open_now": true,
                    "regular": [{"day": 1, "open": "0930", "close": "1800"}, {"day": 6, "open": "2200", "close": "+0200"},
                                {"day": 7, "open": "2200", "close": "0300"}]},
          "timezone": "Europe/Amsterdam", "tel": "020 123 4567", "website": "https://www.vascobelo.be",
          "description": "Espresso bar in a bookshop.",
          "photos": [{"id": "p1", "created_at": "2019-05-01T10:00:00.000Z", "prefix": "https://fastly.4sqi.net/img/general/",
                      "suffix": "/123_abc.jpg", "width": 1440, "height": 1920}],
          "tips": [{"id": "t1", "created_at": "2018-01-20T09:00:00.000Z", "text": "Great flat white."}]
        }]}
        """#

    @Test func theSearchRequestFollowsThePlacesAPI() async throws {
        let (provider, transport) = Self.provider { _, _ in HTTPResponse.json(#"{"results": []}"#) }
        _ = try await provider.search(Self.request)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.authority == "places-api.foursquare.com")
        #expect(sent.path?.hasPrefix("/places/search?") == true)
        let parameters = Dictionary(uniqueKeysWithValues: QueryString.parameters(ofPath: sent.path ?? ""))
        #expect(parameters["ll"] == "52.3700,4.8900")
        #expect(parameters["radius"] == "1000")
        #expect(parameters["sort"] == "DISTANCE")
        #expect(parameters["limit"] == "50")
        #expect(parameters["fsq_category_ids"]?.split(separator: ",").contains("4bf58dd8d48988d1e0931735") == true)
        for field in ["fsq_place_id", "latitude", "longitude", "rating", "stats", "price", "hours", "timezone", "location", "categories"] {
            #expect(parameters["fields"]?.split(separator: ",").contains(Substring(field)) == true, "fields lacks \(field)")
        }
        #expect(sent.headerFields[.authorization] == "Bearer fsq3-test-key-0123456789")
        #expect(sent.headerFields[HTTPField.Name("X-Places-Api-Version")!] == "2025-06-17")
        #expect(sent.headerFields[.accept] == "application/json")
    }

    @Test func aFullRecordBecomesAPlaceWithEverything() async throws {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(Self.full, headers: ["Date": "Fri, 20 Nov 2026 10:00:00 GMT"]) }
        let place = try #require(try await provider.search(Self.request).first)
        #expect(place.id.description == "foursquare:4a27c3f9f964a520b0921fe3")
        #expect(place.name == "Vascobelo V-bar")
        #expect(place.coordinate == Coordinate(52.3722417, 4.8933968))
        #expect(place.categories.map(\.name) == ["Coffee Shop", "Cannabis Store", "Bubble Tea Shop"])
        #expect(place.concepts == [.coffeeShop, .cannabis, .bubbleTea])
        #expect(place.rating == Rating(8.6, outOf: 10, count: 58))
        #expect(place.price?.tier == 2)
        #expect(place.address?.street == "Rokin 9-1")
        #expect(place.address?.countryCode == "NL")
        #expect(place.address?.fullText == "Rokin 9-1, 1012 KK Amsterdam")
        #expect(place.phone == "020 123 4567")
        #expect(place.website == "https://www.vascobelo.be")
        #expect(place.summary == "Espresso bar in a bookshop.")
        #expect(place.tags["brand"] == "Vascobelo")
        #expect(place.photos.first?.url == "https://fastly.4sqi.net/img/general/original/123_abc.jpg")
        #expect(place.tips.first?.text == "Great flat white.")
        #expect(place.tips.first?.createdAt != nil)
        let hours = try #require(place.hours)
        #expect(hours.timeZoneIdentifier == "Europe/Amsterdam")
        #expect(hours.text == "Mon-Sat 9:30-18:00")
        #expect(
            hours.intervals == [
                .init(weekday: .monday, opens: 570, closes: 1080),
                .init(weekday: .saturday, opens: 1320, closes: 1560),  // "+0200": two at night
                .init(weekday: .sunday, opens: 1320, closes: 1620),  // "0300" after "2200": the next day too
            ])
        #expect(hours.snapshot?.isOpen == true)
        #expect(hours.snapshot?.at == (try Date("2026-11-20T10:00:00Z", strategy: .iso8601)))
    }

    @Test func aMinimalRecordIsEnough() async throws {
        let body = #"{"results": [{"fsq_place_id": "x1", "name": "'t Mirakel", "latitude": 52.37, "longitude": 4.89}]}"#
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body) }
        let place = try #require(try await provider.search(Self.request).first)
        #expect(place.name == "'t Mirakel")
        #expect(place.rating == nil && place.price == nil && place.hours == nil && place.address == nil)
        #expect(place.categories.isEmpty && place.concepts.isEmpty && place.tips.isEmpty)
    }

    @Test func recordsWithoutAPositionAreSkipped() async throws {
        let body =
            #"{"results": [{"fsq_place_id": "a", "name": "Nowhere"}, {"fsq_place_id": "b", "name": "Bad", "latitude": 95, "longitude": 0}, {"fsq_place_id": "c", "name": "Here", "latitude": 1, "longitude": 2}]}"#
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body) }
        #expect(try await provider.search(Self.request).map(\.name) == ["Here"])
    }

    @Test(arguments: [
        (#"{"context": {}}"#, "results is missing"),
        (#"{"results": {"name": "x"}}"#, "results: expected an array"),
        (
            #"{"results": [{"fsq_place_id": "a", "name": "x", "latitude": 1, "longitude": 2, "rating": "high"}]}"#,
            "results[0].rating: expected a number"
        ),
        (#"{"results": [{"fsq_place_id": 7, "name": "x"}]}"#, "results[0].fsq_place_id: expected a string"),
        ("<html>Bad gateway</html>", "not valid JSON"),
    ])
    func malformedAnswersAreClearProviderErrors(_ body: String, expected: String) async {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body) }
        do {
            _ = try await provider.search(Self.request)
            Issue.record("accepted a malformed answer")
        } catch let error as ProviderError {
            #expect(error.kind == .unexpectedResponse)
            #expect(error.description.hasPrefix("foursquare: unexpected answer from places-api.foursquare.com/places/search: "))
            #expect(error.description.contains(expected), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [
        (
            401, #"{"message": "Invalid request token fsq3-test-key-0123456789."}"#, ProviderError.Kind.unauthorized,
            "refused the key (HTTP 401: Invalid request token REDACTED.)"
        ),
        (429, #"{"message": "Quota exceeded"}"#, .rateLimited, "rate limiting us (HTTP 429: Quota exceeded); the service asks to wait 30 s"),
        (500, "oops", .httpError, "failed (HTTP 500)"),
        (400, #"{"message": "Invalid ll"}"#, .httpError, "answered HTTP 400: Invalid ll"),
    ])
    func httpErrorsBecomeProviderErrorsWithoutTheKey(_ status: Int, _ body: String, kind: ProviderError.Kind, expected: String) async {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body, status: status, headers: ["Retry-After": "30"]) }
        do {
            _ = try await provider.search(Self.request)
            Issue.record("HTTP \(status) was accepted")
        } catch let error as ProviderError {
            #expect(error.kind == kind)
            #expect(error.description.contains(expected), "\(error)")
            #expect(!error.description.contains("fsq3-test-key-0123456789"))
            if kind == .unauthorized {
                guard case .checkKey(_, let variable, _, _)? = error.remedy?.action else {
                    Issue.record("expected a remedy naming the key, got \(String(describing: error.remedy))")
                    return
                }
                #expect(variable == "FOURSQUARE_API_KEY")
            }
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aKeyAcrossTheCutOfALongErrorMessageStillDoesNotShow() async throws {
        let message = String(repeating: "x", count: 185) + " fsq3-test-key-0123456789 was refused"
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(#"{"message": "\#(message)"}"#, status: 401) }
        do {
            _ = try await provider.search(Self.request)
            Issue.record("accepted")
        } catch let error as ProviderError {
            #expect(!error.description.contains("fsq3-test"))
            #expect(error.description.contains("REDACTED"))
        }
    }

    @Test func openingTimesMustBeClockTimes() {
        #expect(FoursquareReader.minutes("0800") == 480)
        #expect(FoursquareReader.minutes("+0200") == 1560)
        #expect(FoursquareReader.minutes("2400") == 1440)
        #expect(FoursquareReader.minutes("2430") == nil)
        #expect(FoursquareReader.minutes("0860") == nil)
        #expect(FoursquareReader.minutes("8") == nil)
    }

    @Test func theTimeZoneIsKeptEvenWithoutHours() async throws {
        let body = #"{"results": [{"fsq_place_id": "z", "name": "Zoned", "latitude": 52.37, "longitude": 4.89, "timezone": "Europe/Amsterdam"}]}"#
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body) }
        let place = try #require(try await provider.search(Self.request).first)
        #expect(place.hours?.timeZoneIdentifier == "Europe/Amsterdam")
        #expect(place.hours?.isKnown == false)
    }

    @Test func withoutAKeyItRefusesToGoLiveAndSendsNothing() async {
        let (provider, transport) = Self.provider({ _, _ in HTTPResponse.json("{}") }, key: nil, mode: .live)
        #expect(!provider.status.isReady)
        #expect(provider.status.reason == .missingKey(variable: "FOURSQUARE_API_KEY", configSection: "foursquare"))
        await #expect(throws: ProviderError.self) { try await provider.search(Self.request) }
        #expect(transport.requests.isEmpty)
    }

    @Test func inReplayModeNoKeyIsNeededAndNoneIsSent() async throws {
        let (provider, transport) = Self.provider({ _, _ in HTTPResponse.json(#"{"results": []}"#) }, key: nil, mode: .replay)
        #expect(provider.status.isReady)
        #expect(provider.status.source == .recorded)
        _ = try await provider.search(Self.request)
        #expect(transport.requests.first?.headerFields[.authorization] == nil)
    }

    @Test func detailsAskForTipsAndPhotosAndSayWhenAPlaceIsUnknown() async throws {
        let (provider, transport) = Self.provider { request, _ in
            request.path?.hasPrefix("/places/missing") == true
                ? HTTPResponse.json(#"{"message": "Not found"}"#, status: 404)
                : HTTPResponse.json(#"{"fsq_place_id": "abc", "name": "Latei", "latitude": 52.373, "longitude": 4.9}"#)
        }
        let place = try await provider.details(for: PlaceID(provider: "foursquare", nativeID: "abc"))
        #expect(place.name == "Latei")
        let fields = QueryString.parameters(ofPath: transport.requests.first?.path ?? "").first { $0.0 == "fields" }?.1 ?? ""
        #expect(fields.contains("tips") && fields.contains("photos"))
        do {
            _ = try await provider.details(for: PlaceID(provider: "foursquare", nativeID: "missing"))
            Issue.record("an unknown place was found")
        } catch let error as ProviderError {
            #expect(error.kind == .notFound)
        }
    }
}
