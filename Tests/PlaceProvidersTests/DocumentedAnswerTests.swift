import Foundation
import HTTPTypes
import OSMFormat
import PlaceCore
import PlaceSearchTesting
@testable import PlaceProviders
import PlaceBytes
import Testing

/// Each provider's reader against answers shaped after the provider's own documentation rather than
/// after our cassette scripts: every member the documentation lists, its quirks included. Each
/// fixture in Fixtures/ names the documentation it follows in its `_source` member.
enum Documented {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "json"))
        return try Data(contentsOf: url)
    }

    /// One member of a fixture that holds several answers, as JSON text.
    static func answer(_ name: String, _ member: String) throws -> String {
        let value = try #require(try JSONValue.parse(fixture(name))[member], "\(name) has no \(member)")
        return value.serialized()
    }

    static let dam = Coordinate(52.373115, 4.892635)
    static let waterlooplein = Coordinate(52.367592, 4.904123)
    static let request = RouteRequest(origin: dam, destination: waterlooplein)
}

struct DocumentedOSRMAnswerTests {
    static func route(answering body: String, status: Int = 200) async throws -> Route {
        let (provider, _) = OSRMProviderTests.provider { _, _ in HTTPResponse.json(body, status: status) }
        return try await provider.route(Documented.request)
    }

    @Test func aRouteWithEveryDocumentedMemberReads() async throws {
        let route = try await Self.route(answering: String(decoding: try Documented.fixture("osrm-route"), as: UTF8.self))
        #expect(abs(route.distance - 1015.9) < 0.01)
        #expect(abs(route.duration - 725.8) < 0.01)
        #expect(route.summary == "Damstraat, Nieuwe Hoogstraat")
        let first = try #require(route.path.first)
        let last = try #require(route.path.last)
        #expect(first.distance(to: Documented.dam) < 1)
        #expect(last.distance(to: Documented.waterlooplein) < 1)
        #expect(route.legs.count == 1)
        #expect(route.legs.first?.startName == "Dam")
        #expect(route.legs.first?.endName == "Waterlooplein")
        let instructions = route.steps.map(\.instruction)
        #expect(instructions.count == 6, "\(instructions)")
        #expect(instructions.first?.contains("Dam") == true, "\(instructions)")
        // A step with destinations is said by them, as osrm-text-instructions does: "towards Centrum".
        #expect(instructions.contains("Make a slight right towards Centrum"), "\(instructions)")
        #expect(instructions.contains { $0.contains("Mr. Visserplein") || $0.contains("2nd exit") }, "the rotary: \(instructions)")
        #expect(instructions.last?.hasPrefix("You have arrived") == true, "\(instructions)")
        // Each step's own geometry, polyline6, is where the documentation's maneuver location says.
        for step in route.steps.dropLast() {
            #expect(step.path.count >= 2)
        }
        #expect(abs(route.steps.reduce(0) { $0 + $1.distance } - route.distance) < 0.5)
    }

    @Test(arguments: ["NoSegment", "NoRoute", "InvalidQuery", "TooBig"])
    func eachDocumentedErrorCodeIsSaidWithOSRMsMessage(code: String) async throws {
        let body = try Documented.answer("osrm-errors", code)
        let error = await #expect(throws: ProviderError.self) { try await Self.route(answering: body, status: 400) }
        let message = try #require(try JSONValue.parse(Data(body.utf8))["message"]?.stringValue)
        #expect(error?.description.contains(code) == true, "\(String(describing: error))")
        #expect(error?.description.contains(message) == true, "\(String(describing: error))")
        #expect(error?.kind == (code == "NoSegment" || code == "NoRoute" ? .notFound : .unexpectedResponse))
    }
}

struct DocumentedGoogleDirectionsAnswerTests {
    static func route(answering body: String) async throws -> Route {
        let (provider, _) = GoogleDirectionsProviderTests.provider { _, _ in HTTPResponse.json(body) }
        return try await provider.route(Documented.request)
    }

    @Test func aRouteWithEveryDocumentedMemberReads() async throws {
        let route = try await Self.route(answering: String(decoding: try Documented.fixture("google-directions-route"), as: UTF8.self))
        #expect(route.distance == 1016)
        #expect(route.duration == 726)
        #expect(route.summary == "Damstraat and Nieuwe Hoogstraat")
        #expect(route.attribution == "Map data ©2026 Google")
        #expect(route.warnings.count == 1)
        #expect(route.legs.first?.startName == "Dam, 1012 JS Amsterdam, Netherlands")
        let first = try #require(route.path.first)
        let last = try #require(route.path.last)
        #expect(first.distance(to: Documented.dam) < 1)
        #expect(last.distance(to: Documented.waterlooplein) < 1)
        let instructions = route.steps.map(\.instruction)
        #expect(instructions.first == "Head southeast on Dam toward Damstraat", "\(instructions)")
        #expect(instructions.allSatisfy { !$0.contains("<") && !$0.contains("\\u003c") }, "\(instructions)")
        // The <div> of the last step is a sentence of its own, not glued to the street's name.
        let arrival = try #require(instructions.last)
        #expect(arrival.contains("Waterlooplein") && arrival.contains("Destination will be on the left"), "\(arrival)")
        #expect(!arrival.contains("WaterloopleinDestination"), "\(arrival)")
        #expect(route.steps.map(\.maneuver) == [nil, nil, "turn-slight-right", "turn-right", "roundabout-left"])
        #expect(route.steps.map(\.name) == ["Dam", "Damstraat", "Oude Doelenstraat", "Nieuwe Hoogstraat", "Waterlooplein"])
    }

    @Test(arguments: ["NOT_FOUND", "ZERO_RESULTS", "REQUEST_DENIED", "OVER_QUERY_LIMIT", "INVALID_REQUEST", "UNKNOWN_ERROR"])
    func eachDocumentedStatusIsAFailureThatNamesIt(status: String) async throws {
        let body = try Documented.answer("google-directions-errors", status)
        let error = await #expect(throws: ProviderError.self) { try await Self.route(answering: body) }
        let description = error?.description ?? ""
        #expect(!description.isEmpty)
        if let message = try JSONValue.parse(Data(body.utf8))["error_message"]?.stringValue {
            #expect(description.contains(message.trimmingCharacters(in: .whitespaces)), "\(description)")
        }
        switch status {
        case "NOT_FOUND", "ZERO_RESULTS": #expect(error?.kind == .notFound, "\(description)")
        case "REQUEST_DENIED": #expect(error?.kind == .unauthorized, "\(description)")
        case "OVER_QUERY_LIMIT": #expect(error?.kind == .rateLimited, "\(description)")
        default: #expect(error != nil)
        }
    }
}

struct DocumentedOverpassAnswerTests {
    @Test func everyDocumentedKindOfElementReadsAsAPlaceOrIsPassedOver() async throws {
        let data = try Documented.fixture("overpass-answer")
        let (provider, _) = OverpassProviderTests.provider { _, _ in (HTTPResponse(status: .ok), data) }
        let places = try await provider.search(
            SearchRequest(category: .coffee, focus: Coordinate(52.372, 4.896), radius: 1000))
        let names = Set(places.map(\.name))
        #expect(names.isSuperset(of: ["Koffiehuis de Dam", "Espressobar Doelen", "Café Waterloo"]), "\(names)")
        // Untagged nodes (a way's corners) and an element with only a type and an id are not places.
        #expect(places.count == names.count)
        #expect(!places.contains { $0.name.isEmpty })
        let cafe = try #require(places.first { $0.name == "Koffiehuis de Dam" })
        #expect(cafe.address?.street?.contains("Damstraat") == true)
        #expect(cafe.hours?.isKnown == true)
        let way = try #require(places.first { $0.name == "Espressobar Doelen" })
        #expect(way.coordinate.distance(to: Coordinate(52.37219, 4.896)) < 1, "a way is placed at its centre")
    }

    @Test func theSameAnswerImportsAsAnOSMFile() throws {
        var elements: [OSMElement] = []
        var header: OSMFileHeader?
        try OSMFileReader.read(data: try Documented.fixture("overpass-answer"), name: "overpass-answer.json", header: { header = $0 }) {
            elements.append($0)
        }
        #expect(header?.generator == "Overpass API 0.7.62.1 084b4234")
        #expect(elements.count == 7 || elements.count == 6, "\(elements.count) elements")
        #expect(elements.contains { if case .relation(let relation) = $0 { relation.members.count == 2 } else { false } })
    }

    @Test func aQueryStoppedAtRunTimeIsAFailureNotAShortAnswer() async throws {
        let data = try Documented.fixture("overpass-remark")
        let (provider, _) = OverpassProviderTests.provider { _, _ in (HTTPResponse(status: .ok), data) }
        let error = await #expect(throws: ProviderError.self) {
            try await provider.search(SearchRequest(category: .coffee, focus: Coordinate(52.372, 4.896), radius: 1000))
        }
        #expect(error?.description.contains("Query timed out") == true, "\(String(describing: error))")
        #expect(throws: OSMFormatError.self) {
            try OSMFileReader.read(data: data, name: "overpass-remark.json") { _ in }
        }
    }
}

struct DocumentedFoursquareAnswerTests {
    @Test func aSearchAnswerWithEveryDocumentedMemberReads() async throws {
        let data = try Documented.fixture("foursquare-search")
        let (provider, _) = FoursquareProviderTests.provider { _, _ in (HTTPResponse(status: .ok), data) }
        let places = try await provider.search(FoursquareProviderTests.request)
        // The third result has no coordinates: nobody can walk there.
        #expect(places.map(\.name) == ["Koffiehuis de Dam", "Coffee Company Oude Doelenstraat"])
        let first = try #require(places.first)
        #expect(first.rating?.value == 8.7)
        #expect(first.rating?.count == 212)
        #expect(first.price?.tier == 2)
        #expect(first.address?.formatted == "Damstraat 1, 1012 JL Amsterdam")
        #expect(first.hours?.intervals.count == 6)
        // Saturday's "+0200" closes two hours into Sunday.
        #expect(first.hours?.intervals.last?.closes == 1440 + 120)
        #expect(first.photos.first?.url == "https://fastly.4sqi.net/img/general/original/12345_abcdefghijklmno.jpg")
        #expect(first.tips.first?.text == "The flat white is the one to have.")
        #expect(first.summary == "A small espresso bar a minute from Dam square.")
        let second = try #require(places.last)
        #expect(second.phone == nil && second.website == nil, "empty strings are unknown, not values")
        #expect(second.tags["brand"] == "Coffee Company")
    }

    @Test func theDocumentedErrorBodyIsSaid() async throws {
        let data = try Documented.fixture("foursquare-error")
        let (provider, _) = FoursquareProviderTests.provider { _, _ in (HTTPResponse(status: .unauthorized), data) }
        let error = await #expect(throws: ProviderError.self) { try await provider.search(FoursquareProviderTests.request) }
        #expect(error?.kind == .unauthorized)
        #expect(error?.description.contains("Invalid request token.") == true, "\(String(describing: error))")
    }
}
