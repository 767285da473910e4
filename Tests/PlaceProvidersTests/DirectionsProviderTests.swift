import Foundation
import HTTPTypes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
@testable import PlaceProviders
import Testing

/// What both routing providers must do with the bundled cassettes: the example of docs/walking.md and the
/// two destinations of the example feed, walked from Dam square.
enum RoutePairs {
    static let dam = Coordinate(52.3731, 4.8926)
    static let readme = RouteRequest(origin: dam, destination: Coordinate(52.3676, 4.9041))
    static let all = [
        readme, RouteRequest(origin: dam, destination: Coordinate(52.3727, 4.9006)),
        RouteRequest(origin: dam, destination: Coordinate(52.3663, 4.8967)),
    ]
    static let northSea = RouteRequest(origin: Coordinate(52.6, 4.3), destination: Coordinate(52.3676, 4.9041))

    /// A route that starts and ends where it was asked to, whose steps add up.
    static func expectSound(_ route: Route, for request: RouteRequest, provider: ProviderID) throws {
        #expect(route.provider == provider)
        let first = try #require(route.path.first)
        let last = try #require(route.path.last)
        #expect(
            first.distance(to: request.origin) <= 30, "starts \(first.distance(to: request.origin)) m from the origin")
        #expect(
            last.distance(to: request.destination) <= 30,
            "ends \(last.distance(to: request.destination)) m from the destination")
        let straight = request.origin.distance(to: request.destination)
        #expect(
            route.distance >= straight - 60 && route.distance <= straight * 2,
            "\(route.distance) m for \(straight) m as the crow flies")
        #expect(
            route.duration > route.distance / 2 && route.duration < route.distance,
            "\(route.duration) s for \(route.distance) m on foot")
        #expect(abs(route.steps.reduce(0) { $0 + $1.distance } - route.distance) <= Double(route.steps.count))
        #expect(route.steps.count >= 3)
        #expect(
            route.steps.allSatisfy {
                !$0.instruction.isEmpty && !$0.instruction.contains("<") && !$0.instruction.contains("{")
            })
        #expect(route.steps.contains { !$0.path.isEmpty }, "no step has a path")
        for step in route.steps where !step.path.isEmpty {
            #expect(step.path.allSatisfy { $0.distance(to: request.origin) < straight * 2 })
        }
    }
}

struct GoogleDirectionsProviderTests {
    static let key = Credential(value: "AIzaTest-key-0123456789", source: "GOOGLE_MAPS_API_KEY")

    static func provider(
        key: Credential? = key, mode: HTTPMode = .live, _ handler: @escaping ClosureTransport.Handler
    ) -> (GoogleDirectionsProvider, ClosureTransport) {
        let transport = ClosureTransport(handler)
        let client = HTTPClient(
            transport: transport, mode: mode, redactor: Redactor(knownSecrets: key.map { [$0.value] } ?? []))
        return (GoogleDirectionsProvider(client: client, key: key), transport)
    }

    static func failure(of request: RouteRequest = RoutePairs.readme, answering body: String, status: Int = 200) async
        -> ProviderError?
    {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body, status: status) }
        do {
            _ = try await provider.route(request)
            Issue.record("\(body) was accepted")
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func theRequestFollowsTheDirectionsAPI() async throws {
        let (provider, transport) = Self.provider { _, _ in
            HTTPResponse.json(#"{"status": "ZERO_RESULTS", "routes": []}"#)
        }
        _ = try? await provider.route(RoutePairs.readme)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.scheme == "https")
        #expect(sent.authority == "maps.googleapis.com")
        #expect(
            sent.path
                == "/maps/api/directions/json?origin=52.3731,4.8926&destination=52.3676,4.9041&mode=walking&key=AIzaTest-key-0123456789"
        )
        #expect(sent.headerFields[.accept] == "application/json")
    }

    @Test func coordinatesHaveAtMostSixDecimalsAndNoTrailingZeros() {
        let request = RouteRequest(
            origin: Coordinate(52.37, -4.000000049), destination: Coordinate(-33.86881974, 151.2), mode: .cycling)
        let path = GoogleDirectionsProvider.request(request, key: nil).path
        #expect(path == "/maps/api/directions/json?origin=52.37,-4&destination=-33.86882,151.2&mode=bicycling")
    }

    @Test(arguments: RoutePairs.all)
    func replaysTheBundledRoutes(_ request: RouteRequest) async throws {
        let provider = GoogleDirectionsProvider(client: BundledCassetteTests.client("google"), key: nil)
        let route = try await provider.route(request)
        try RoutePairs.expectSound(route, for: request, provider: "google")
        #expect(route.warnings.contains { $0.hasPrefix("Walking directions are in beta.") })
        #expect(route.attribution?.contains("OpenStreetMap") == true)
        #expect(route.summary?.isEmpty == false)
        #expect(route.legs.first?.startName?.hasSuffix("Amsterdam, Netherlands") == true)
        #expect(route.steps.first?.instruction.hasPrefix("Head ") == true)
        #expect(route.steps.last?.instruction.contains(". Destination will be on the") == true)
    }

    @Test func theReadmeRouteReadsStepByStep() async throws {
        let provider = GoogleDirectionsProvider(client: BundledCassetteTests.client("google"), key: nil)
        let route = try await provider.route(RoutePairs.readme)
        #expect(route.steps.first?.instruction == "Head south on Dam toward Rokin")
        #expect(route.steps.first?.name == "Dam")
        #expect(route.steps.first?.maneuver == nil)
        let damstraat = try #require(route.steps.first { $0.name == "Damstraat" })
        #expect(damstraat.instruction == "Slight right onto Damstraat")
        #expect(damstraat.maneuver == "turn-slight-right")
        #expect(
            route.steps.contains {
                $0.instruction == "Turn right onto Kloveniersburgwal" && $0.maneuver == "turn-right"
            })
        #expect(route.steps.last?.instruction == "Turn right. Destination will be on the left")
        // Each step's path starts where the one before ended.
        for (before, after) in zip(route.steps, route.steps.dropFirst()) {
            #expect(before.path.last == after.path.first)
        }
    }

    @Test func noRouteFromTheNorthSea() async throws {
        let provider = GoogleDirectionsProvider(client: BundledCassetteTests.client("google"), key: nil)
        let error = await #expect(throws: ProviderError.self) { try await provider.route(RoutePairs.northSea) }
        #expect(error?.kind == .notFound)
        #expect(
            error?.description
                == "google: Google found no walking route from 52.6,4.3 to 52.3676,4.9041 (ZERO_RESULTS); check that both points are on land and can be reached"
        )
    }

    @Test(arguments: [
        (
            "Turn <b>right</b> onto <b>Damstraat</b><div style=\"font-size:0.9em\">Destination will be on the left</div>",
            "Turn right onto Damstraat. Destination will be on the left"
        ),
        ("Head <b>east</b> on <b>Dam</b> toward <b>Damrak</b>", "Head east on Dam toward Damrak"),
        (
            "Turn <b>left</b> onto <b>Sint Antoniesbreestraat</b><div style=\"font-size:0.9em\">Take the stairs</div><div>Pass by the church (on the left)</div>",
            "Turn left onto Sint Antoniesbreestraat. Take the stairs. Pass by the church (on the left)"
        ),
        (
            "Walk to <b>Bed &amp; Breakfast &quot;Amstel&quot;</b>&nbsp;&#8211; &#x4E2D; &#39;t Kabinet",
            "Walk to Bed & Breakfast \"Amstel\" – 中 't Kabinet"
        ),
        ("Continue onto <b>Rokin</b>.<div>Restricted usage road</div>", "Continue onto Rokin. Restricted usage road"),
        ("Keep <b>left</b>  at\nthe fork", "Keep left at the fork"),
        ("a < b and &unknown; & &#0; &#xZZ;", "a < b and &unknown; & &#0; &#xZZ;"),
        ("<div></div><b></b>", ""),
        ("Turn <b>right<", "Turn right<"),
    ])
    func htmlInstructionsBecomePlainText(_ html: String, text: String) {
        #expect(HTMLInstruction.plainText(html) == text)
    }

    @Test func theStepsStreetComesFromTheBoldNameAfterOntoOrOn() {
        #expect(HTMLInstruction.streetName("Turn <b>right</b> onto <b>Damstraat</b>") == "Damstraat")
        #expect(HTMLInstruction.streetName("Head <b>east</b> on <b>Dam</b> toward <b>Damrak</b>") == "Dam")
        #expect(HTMLInstruction.streetName("Turn <b>left</b> to stay on <b>Nieuwmarkt</b>") == "Nieuwmarkt")
        #expect(HTMLInstruction.streetName("Turn <b>right</b>") == nil)
    }

    @Test(arguments: [
        ("ZERO_RESULTS", ProviderError.Kind.notFound),
        ("NOT_FOUND", .notFound),
        ("REQUEST_DENIED", .unauthorized),
        ("OVER_QUERY_LIMIT", .rateLimited),
        ("OVER_DAILY_LIMIT", .rateLimited),
        ("INVALID_REQUEST", .unexpectedResponse),
        ("MAX_ROUTE_LENGTH_EXCEEDED", .unsupported),
        ("MAX_WAYPOINTS_EXCEEDED", .unsupported),
        ("UNKNOWN_ERROR", .unavailable),
        ("SOMETHING_NEW", .unexpectedResponse),
    ])
    func eachStatusIsAnErrorOfItsKind(_ status: String, kind: ProviderError.Kind) async throws {
        let body = #"{"error_message": "Said by Google.", "routes": [], "status": "\#(status)"}"#
        let error = try #require(await Self.failure(answering: body))
        #expect(error.kind == kind)
        #expect(error.description.hasPrefix("google: "))
        #expect(error.description.contains(status))
        #expect(error.description.contains("Said by Google."))
        #expect(!error.description.contains("\n"))
    }

    @Test func aRefusedKeyIsNamedButNotShown() async throws {
        let body =
            #"{"error_message": "The provided API key is invalid: AIzaTest-key-0123456789", "routes": [], "status": "REQUEST_DENIED"}"#
        let error = try #require(await Self.failure(answering: body))
        #expect(error.kind == .unauthorized)
        #expect(!error.description.contains("AIzaTest-key-0123456789"))
        #expect(
            error.remedy?.action
                == .checkKey(
                    provider: "google", variable: "GOOGLE_MAPS_API_KEY",
                    credential: Credential(value: "AIzaTest-key-0123456789", source: "GOOGLE_MAPS_API_KEY"),
                    also: "that the Directions API is enabled for it"))
        // The same as an HTTP error status with Google's body.
        let denied = try #require(await Self.failure(answering: body, status: 403))
        #expect(denied.kind == .unauthorized)
    }

    @Test func notFoundNamesThePoints() async throws {
        let error = try #require(await Self.failure(answering: #"{"routes": [], "status": "NOT_FOUND"}"#))
        #expect(error.message.contains("from 52.3731,4.8926 to 52.3676,4.9041"))
    }

    @Test func anEmptyRoutesArrayIsNoRoute() async throws {
        let error = try #require(await Self.failure(answering: #"{"routes": [], "status": "OK"}"#))
        #expect(error.kind == .notFound)
        #expect(error.message == "Google gave no walking route from 52.3731,4.8926 to 52.3676,4.9041")
    }

    @Test(arguments: [
        ("<html>Server Error</html>", "the answer is not valid JSON"),
        (#"{"routes": []}"#, "status is missing"),
        (#"{"status": "OK", "routes": [{"legs": []}]}"#, "routes[0].overview_polyline is missing"),
        (
            #"{"status": "OK", "routes": [{"legs": [], "overview_polyline": {"points": "_p~iF~ps|U!"}}]}"#,
            "routes[0].overview_polyline.points: expected an encoded polyline, found text where '!' at offset 10"
        ),
        (
            #"{"status": "OK", "routes": [{"overview_polyline": {"points": ""}, "legs": [{"distance": {"value": "far"}}]}]}"#,
            "routes[0].legs[0].distance.value: expected a number, found a string"
        ),
        (#"{"status": 0}"#, "status: expected a string"),
        // Numbers no route has: infinity (1e999 parses as one) and a negative distance.
        (
            #"{"status": "OK", "routes": [{"overview_polyline": {"points": ""}, "legs": [{"distance": {"value": 1e999}}]}]}"#,
            "routes[0].legs[0].distance.value: expected a number"
        ),
        (
            #"{"status": "OK", "routes": [{"overview_polyline": {"points": ""}, "legs": [{"distance": {"value": -5}, "duration": {"value": 1}}]}]}"#,
            "routes[0].legs[0].distance.value: expected a number from 0.0 to 100000000.0"
        ),
    ])
    func malformedAnswersAreNamed(_ body: String, problem: String) async throws {
        let error = try #require(await Self.failure(answering: body))
        #expect(error.kind == .unexpectedResponse)
        #expect(error.description.contains(problem), "\(error)")
    }

    @Test func anHTTPErrorWithoutAStatusIsAnHTTPError() async throws {
        let error = try #require(await Self.failure(answering: "Service Unavailable", status: 503))
        #expect(error.kind == .httpError)
    }

    @Test func withoutAKeyItIsNotReadyAndAsksNothing() async throws {
        let transport = ClosureTransport.unreachable()
        let provider = GoogleDirectionsProvider(client: HTTPClient(transport: transport, mode: .live), key: nil)
        #expect(provider.status.isReady == false)
        #expect(provider.status.reason == .missingKey(variable: "GOOGLE_MAPS_API_KEY", configSection: "google"))
        let error = await #expect(throws: ProviderError.self) { try await provider.route(RoutePairs.readme) }
        #expect(error?.kind == .missingCredentials)
        #expect(error?.remedy?.action == .provideKey(provider: "google", variable: "GOOGLE_MAPS_API_KEY", configSection: "google"))
        #expect(transport.requests.isEmpty)
        // In replay mode the cassettes answer without a key, and the URL carries none.
        let (replaying, sent) = Self.provider(key: nil, mode: .replay) { _, _ in
            HTTPResponse.json(#"{"routes": [], "status": "ZERO_RESULTS"}"#)
        }
        #expect(replaying.status.isReady)
        _ = try? await replaying.route(RoutePairs.readme)
        #expect(sent.requests.first?.path?.contains("key=") == false)
    }

    @Test func itRoutesAndDoesNotSearch() async {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json("{}") }
        #expect(!((provider as Any) is any PlaceProvider))
        #expect(provider.features == [.routing])
    }
}

struct OSRMProviderTests {
    static func provider(endpoint: String = OSRMProvider.defaultEndpoint, _ handler: @escaping ClosureTransport.Handler)
        -> (OSRMProvider, ClosureTransport)
    {
        let transport = ClosureTransport(handler)
        return (OSRMProvider(client: HTTPClient(transport: transport), endpoint: endpoint), transport)
    }

    static func failure(answering body: String, status: Int) async -> ProviderError? {
        let (provider, _) = Self.provider { _, _ in HTTPResponse.json(body, status: status) }
        do {
            _ = try await provider.route(RoutePairs.readme)
            Issue.record("\(body) was accepted")
            return nil
        } catch let error as ProviderError {
            return error
        } catch {
            Issue.record("unexpected \(error)")
            return nil
        }
    }

    @Test func theRequestPutsLongitudeFirst() async throws {
        let (provider, transport) = Self.provider { _, _ in
            HTTPResponse.json(#"{"code": "NoRoute", "message": "Impossible route between points"}"#, status: 400)
        }
        _ = try? await provider.route(RoutePairs.readme)
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .get)
        #expect(sent.scheme == "https")
        #expect(sent.authority == "routing.openstreetmap.de")
        #expect(
            sent.path
                == "/routed-foot/route/v1/foot/4.8926,52.3731;4.9041,52.3676?overview=full&steps=true&geometries=polyline6"
        )
        #expect(sent.headerFields[.accept] == "application/json")
    }

    @Test func anotherEndpointIsUsedAsGiven() async throws {
        let (provider, transport) = Self.provider(endpoint: "http://localhost:5000/") { _, _ in
            HTTPResponse.json("{}", status: 500)
        }
        _ = try? await provider.route(
            RouteRequest(origin: Coordinate(52.5, 13.4), destination: Coordinate(52.52, 13.41)))
        let sent = try #require(transport.requests.first)
        #expect(sent.scheme == "http")
        #expect(sent.authority == "localhost:5000")
        #expect(sent.path == "/route/v1/foot/13.4,52.5;13.41,52.52?overview=full&steps=true&geometries=polyline6")
        #expect(provider.attribution == "© OpenStreetMap contributors, routing by OSRM")
    }

    @Test func anEndpointThatIsNoURLMakesItNotReadyAndSendsNothing() async throws {
        let (provider, transport) = Self.provider(endpoint: "localhost:5000") { _, _ in HTTPResponse.json("{}") }
        #expect(provider.status.isReady == false)
        guard case .misconfigured(let why) = provider.status.reason else {
            Issue.record("expected a configuration problem, got \(provider.status.reason)")
            return
        }
        #expect(why.contains("'localhost:5000'"))
        let error = try #require(
            await #expect(throws: ProviderError.self) {
                try await provider.route(RouteRequest(origin: Coordinate(52.5, 13.4), destination: Coordinate(52.52, 13.41)))
            })
        #expect(error.kind == .missingCredentials)
        #expect(transport.requests.isEmpty)
    }

    @Test func aLocalServerGetsThePathIntactThroughTheLiveTransport() async throws {
        let cassette = try Cassette(contentsOf: BundledCassetteTests.root.appendingPathComponent("osrm/route.json"))
        let answer = try #require(cassette.interactions.first).response.body.data
        let server = try LocalHTTPServer { _ in .init(status: 200, body: answer) }
        defer { server.stop() }
        let client = HTTPClient(transport: URLSessionTransport(timeout: 5))
        let provider = OSRMProvider(client: client, endpoint: "http://127.0.0.1:\(server.port)")
        let route = try await provider.route(RoutePairs.readme)
        #expect(
            server.requests.first?.target
                == "/route/v1/foot/4.8926,52.3731;4.9041,52.3676?overview=full&steps=true&geometries=polyline6")
        #expect(route.steps.first?.instruction == "Head south on Dam")
    }

    @Test(arguments: RoutePairs.all)
    func replaysTheBundledRoutes(_ request: RouteRequest) async throws {
        let provider = OSRMProvider(client: BundledCassetteTests.client("osrm"))
        let route = try await provider.route(request)
        try RoutePairs.expectSound(route, for: request, provider: "osrm")
        #expect(route.attribution == "© OpenStreetMap contributors, routing by OSRM (FOSSGIS)")
        #expect(route.legs.first?.startName == "Dam")
        #expect(route.steps.first?.maneuver == "depart")
        #expect(route.steps.last?.maneuver?.hasPrefix("arrive") == true)
        #expect(route.steps.last?.instruction.hasPrefix("You have arrived at your destination") == true)
    }

    @Test func theReadmeRouteReadsStepByStep() async throws {
        let provider = OSRMProvider(client: BundledCassetteTests.client("osrm"))
        let route = try await provider.route(RoutePairs.readme)
        let instructions = route.steps.map(\.instruction)
        #expect(instructions.first == "Head south on Dam")
        #expect(instructions.contains("Continue onto Rokin"))
        #expect(instructions.contains("Turn left"))
        #expect(instructions.contains("Continue slightly right onto Damstraat") == false)
        #expect(instructions.contains("Make a slight right onto Damstraat"))
        #expect(instructions.contains("Turn right onto Kloveniersburgwal"))
        #expect(instructions.last == "You have arrived at your destination, on the left")
        #expect(route.summary == "Oude Hoogstraat, Jodenbreestraat")
        // The Google cassette was computed from the same path: the two agree to within rounding.
        let google = try await GoogleDirectionsProvider(client: BundledCassetteTests.client("google"), key: nil).route(
            RoutePairs.readme)
        #expect(abs(google.distance - route.distance) < 5)
    }

    @Test func noRouteFromTheNorthSea() async throws {
        let provider = OSRMProvider(client: BundledCassetteTests.client("osrm"))
        let error = await #expect(throws: ProviderError.self) { try await provider.route(RoutePairs.northSea) }
        #expect(error?.kind == .notFound)
        #expect(
            error?.description
                == "osrm: OSRM found no walking route from 52.6,4.3 to 52.3676,4.9041 (NoRoute: Impossible route between points); check that both points are on land and can be reached on foot"
        )
    }

    @Test(arguments: [
        (
            400, #"{"code": "NoRoute", "message": "Impossible route between points"}"#, ProviderError.Kind.notFound,
            "NoRoute"
        ),
        (
            400, #"{"code": "NoSegment", "message": "Could not find a matching segment for coordinate 0"}"#, .notFound,
            "matching segment"
        ),
        (
            400, #"{"code": "InvalidUrl", "message": "URL string malformed close to position 9: \"/foo\""}"#,
            .unexpectedResponse, "URL string malformed"
        ),
        (400, #"{"code": "TooBig", "message": "Too many table coordinates"}"#, .unexpectedResponse, "TooBig: Too many"),
        (200, #"{"code": "NoRoute"}"#, .notFound, "(NoRoute)"),
        (
            200, #"{"code": "Ok", "routes": [], "waypoints": []}"#, .notFound,
            "OSRM gave no walking route from 52.3731,4.8926 to 52.3676,4.9041"
        ),
        (429, "<html>Too Many Requests</html>", .rateLimited, "public OSRM server is busy"),
        (502, "Bad Gateway", .httpError, "HTTP 502"),
        (200, "not json", .unexpectedResponse, "not valid JSON"),
        (200, #"{"routes": []}"#, .unexpectedResponse, "code is missing"),
        (
            200,
            #"{"code": "Ok", "routes": [{"distance": 1, "duration": 1, "legs": [], "geometry": "_p~iF~ps|U_ulLnnqC_mqNvxq`"}]}"#,
            .unexpectedResponse,
            "routes[0].geometry: expected an encoded polyline, found text where it ends in the middle of a point at offset 26"
        ),
        (
            200,
            #"{"code": "Ok", "routes": [{"distance": 1, "duration": 1, "legs": [{"distance": 1, "duration": 1, "steps": [{"distance": 1, "duration": 1}]}]}]}"#,
            .unexpectedResponse, "routes[0].legs[0].steps[0].maneuver is missing"
        ),
    ])
    func errorsAreOfTheirKind(_ status: Int, body: String, kind: ProviderError.Kind, phrase: String) async throws {
        let error = try #require(await Self.failure(answering: body, status: status))
        #expect(error.kind == kind)
        #expect(error.description.hasPrefix("osrm: "))
        #expect(error.description.contains(phrase), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func onlyWalking() async throws {
        let (provider, transport) = Self.provider { _, _ in HTTPResponse.json("{}") }
        let request = RouteRequest(origin: RoutePairs.dam, destination: Coordinate(52.3676, 4.9041), mode: .cycling)
        let error = await #expect(throws: ProviderError.self) { try await provider.route(request) }
        #expect(error?.kind == .unsupported)
        #expect(transport.requests.isEmpty)
        #expect(provider.status.isReady)
        #expect(provider.features == [.routing])
    }

    typealias Step = OSRMInstructions.Step

    @Test(arguments: [
        (Step(type: "depart", bearingAfter: 81, name: "Dam"), "Head east on Dam"),
        (Step(type: "depart", bearingAfter: 340), "Head north"),
        (Step(type: "depart", bearingAfter: 225, name: "Rokin"), "Head southwest on Rokin"),
        (Step(type: "turn", modifier: "right", name: "Damstraat"), "Turn right onto Damstraat"),
        (Step(type: "turn", modifier: "sharp left"), "Make a sharp left"),
        (Step(type: "turn", modifier: "uturn", name: "Damrak"), "Make a U-turn onto Damrak"),
        (Step(type: "turn", modifier: "straight"), "Go straight"),
        (Step(type: "new name", modifier: "straight"), "Continue straight"),
        (Step(type: "new name", modifier: "straight", name: "Rokin"), "Continue onto Rokin"),
        (Step(type: "new name", modifier: "slight left", name: "Rokin"), "Continue slightly left onto Rokin"),
        (Step(type: "continue", modifier: "left", name: "Nieuwmarkt"), "Turn left to stay on Nieuwmarkt"),
        (Step(type: "continue", modifier: "straight"), "Continue straight"),
        (Step(type: "end of road", modifier: "right", name: "Damrak"), "Turn right onto Damrak"),
        (Step(type: "fork", modifier: "slight left", name: "Damrak"), "Keep left onto Damrak"),
        (Step(type: "fork", modifier: "right"), "Keep right at the fork"),
        (Step(type: "merge", modifier: "slight right", name: "A10"), "Merge right onto A10"),
        (Step(type: "turn", modifier: "left", destinations: "Centrum, Noord"), "Turn left towards Centrum"),
        (
            Step(type: "roundabout", modifier: "right", name: "Weesperstraat", exit: 2),
            "Enter the traffic circle and take the 2nd exit onto Weesperstraat"
        ),
        (
            Step(type: "rotary", modifier: "right", rotaryName: "Mr. Visserplein", exit: 3),
            "Enter Mr. Visserplein and take the 3rd exit"
        ),
        (Step(type: "exit roundabout", modifier: "right", name: "Amstel"), "Exit the traffic circle onto Amstel"),
        (Step(type: "arrive"), "You have arrived at your destination"),
        (Step(type: "arrive", modifier: "left"), "You have arrived at your destination, on the left"),
        (Step(type: "arrive", modifier: "straight"), "You have arrived at your destination, straight ahead"),
        (Step(type: "turn", modifier: "right", mode: "ferry"), "Take the ferry"),
        (Step(type: "turn", modifier: "left", name: "Rijksweg", ref: "A10"), "Turn left onto Rijksweg (A10)"),
        (Step(type: "turn", modifier: "left", name: "", ref: "N200;A10"), "Turn left onto N200"),
        // What osrm-text-instructions does not know: an unknown type is a turn, no modifier is straight on.
        (Step(type: "teleport", modifier: "left"), "Turn left"),
        (Step(type: "turn"), "Go straight"),
    ])
    func instructionsAreWrittenAsOSRMTextInstructionsDoes(_ step: Step, text: String) {
        #expect(OSRMInstructions.text(for: step) == text)
    }

    @Test func anArrivalBeforeTheLastLegCountsItsDestination() {
        #expect(
            OSRMInstructions.text(for: Step(type: "arrive", modifier: "right"), legIndex: 0, legCount: 3)
                == "You have arrived at your 1st destination, on the right")
        #expect(OSRMInstructions.ordinal(22) == "22nd")
        #expect(OSRMInstructions.ordinal(12) == "12th")
    }
}

struct RoutingCatalogTests {
    @Test func bothRoutingProvidersAreInTheCatalogAndAnswerNoCategory() {
        for id: ProviderID in ["google", "osrm"] {
            let factory = ProviderCatalog.builtIn.first { $0.id == id }
            #expect(factory?.categories.isEmpty == true, "\(id)")
            let provider = factory?.make(
                ProviderContext(client: HTTPClient(transport: OfflineTransport(), mode: .replay), credential: nil))
            #expect(provider is any RoutingProvider)
            #expect(provider?.features == [.routing])
        }
        #expect(ProviderCatalog.builtIn.first { $0.id == "google" }?.keyVariable == "GOOGLE_MAPS_API_KEY")
        // A search never reaches them.
        let registry = ProviderRegistry(
            ProviderCatalog.builtIn.map {
                $0.make(ProviderContext(client: HTTPClient(transport: OfflineTransport()), credential: nil))
            })
        for category in [SearchCategory.coffee, .parking] {
            #expect(!registry.providers(for: category).contains { $0.id == "google" || $0.id == "osrm" })
        }
    }

    @Test func theOSRMEndpointComesFromTheSettings() async throws {
        let factory = try #require(ProviderCatalog.builtIn.first { $0.id == "osrm" })
        let transport = ClosureTransport { _, _ in HTTPResponse.json(#"{"code": "NoRoute"}"#, status: 400) }
        let provider = try #require(
            factory.make(
                ProviderContext(
                    client: HTTPClient(transport: transport), credential: nil,
                    settings: ["endpoint": "https://osrm.example.org/foot"])) as? OSRMProvider)
        _ = try? await provider.route(RoutePairs.readme)
        #expect(transport.requests.first?.authority == "osrm.example.org")
        #expect(transport.requests.first?.path?.hasPrefix("/foot/route/v1/foot/") == true)
    }
}
