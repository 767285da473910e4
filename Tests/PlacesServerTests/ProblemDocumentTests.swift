import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// Bad input over HTTP: 400 with an RFC 9457 problem document naming the parameter, in the words
/// the CLI prints after its flag.
@Suite(.timeLimit(.minutes(10))) struct ProblemDocumentTests {
    @Test(arguments: [
        ("/v1/coffee?near=52.37,", "near"),
        ("/v1/coffee?near=52.37,4.89&top=99", "top"),
        ("/v1/coffee?near=52.37,4.89&max-walk=soon", "max-walk"),
        ("/v1/coffee?near=52.37,4.89&radius=far", "radius"),
        ("/v1/coffee?near=52.37,4.89&maxwalk=10", "maxwalk"),
        ("/v1/parking?near=52.37,4.89&methods=bitcoin", "methods"),
        ("/v1/parking?near=52.37,4.89&sort=random", "sort"),
        ("/v1/complete?text=Dam&limit=0", "limit"),
        ("/v1/complete?text=Dam&kind=shop", "kind"),
        ("/v1/complete", "text"),
        ("/v1/complete?text=" + String(repeating: "a", count: 201), "text"),
        ("/api?q=" + String(repeating: "a", count: 201), "q"),
        ("/v1/route?to=91,4", "to"),
        ("/v1/recommendations?feed=/etc/passwd", "feed"),
        ("/api?q=Dam&lat=52.37", "lon"),
        ("/v1/places/not-an-id", "id"),
    ])
    func aBadParameterIsA400NamingIt(uri: String, parameter: String) async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let response = try await client.get(uri, token: token)
            #expect(response.status == .badRequest, "\(uri): \(response.text)")
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try response.json()
            #expect(problem["parameter"]?.stringValue == parameter, "\(uri): \(response.text)")
            #expect(problem["status"]?.doubleValue == 400)
            #expect(problem["type"]?.stringValue?.hasPrefix("urn:places:problem:") == true)
            #expect(problem["detail"]?.stringValue?.hasPrefix(parameter + " ") == true, "\(uri): \(response.text)")
            #expect(problem["request_id"]?.stringValue == response.headers[HTTPField.Name("X-Request-Id")!])
        }
    }

    /// The same sentence as `places coffee --near 52.37,` prints after `--near`.
    @Test func theWordsAreTheCLIs() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        let cliWords = Wording(remedy: { $0.description }, parameter: { "--\($0)" })
        try await server.withClient { client in
            for (uri, error) in [
                (
                    "/v1/coffee?near=52.37,",
                    Self.error { () throws(PlacesError) in _ = try PositionInput(parsing: "52.37,") }.map {
                        PlacesError(.usage, $0.message, parameter: "near")
                    }
                ),
                ("/v1/coffee?near=52.37,4.89&top=99", Self.error { () throws(PlacesError) in try CoffeeQuery(top: 99).validate(catalog: nil) }),
                (
                    "/v1/coffee?near=52.37,4.89&max-walk=soon",
                    Self.error { () throws(PlacesError) in
                        _ = try StatedDuration.parse("soon", bare: true, units: ["m", "h"])
                    }.map {
                        PlacesError(.usage, $0.message, parameter: "max-walk")
                    }
                ),
            ] {
                let error = try #require(error)
                let detail = try await client.get(uri, token: token).json()["detail"]?.stringValue
                #expect(detail.map { "--" + $0 } == cliWords.line(PlacesError(error.kind, error.message, parameter: error.parameter)))
            }
        }
    }

    static func error(_ body: () throws(PlacesError) -> Void) -> PlacesError? {
        do { try body() } catch { return error }
        return nil
    }

    @Test func anUnknownEndpointIsA404Problem() async throws {
        let server = try TestServer()
        try await server.withClient { client in
            let response = try await client.get("/v2/coffee")
            #expect(response.status == .notFound)
            #expect(try response.json()["type"]?.stringValue == "urn:places:problem:no-endpoint")
        }
    }

    @Test func aQueryThatIsNotPercentEncodedIsA400() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let response = try await client.get("/v1/complete?text=%zz", token: token)
            #expect(response.status == .badRequest)
            #expect(try response.json()["detail"]?.stringValue?.contains("percent-encoded") == true)
        }
    }

    @Test func aFavouriteBodyThatIsNotJSONNamesWhatToSend() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let garbage = try await client.send("/v1/favorites", method: .post, token: token, body: "id=osm:node/1")
            #expect(garbage.status == .badRequest)
            let missing = try await client.send("/v1/favorites", method: .post, token: token, body: #"{"note": "x"}"#)
            #expect(try missing.json()["parameter"]?.stringValue == "id")
            let extra = try await client.send("/v1/favorites", method: .post, token: token, body: #"{"id": "osm:node/1", "colour": "red"}"#)
            #expect(try extra.json()["parameter"]?.stringValue == "colour")
        }
    }
}
