import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// What the server sends is what `/openapi.json` says, member by member, for an answer of every
/// endpoint that has one offline (the CLI's documents grow; the description must grow with them).
@Suite(.timeLimit(.minutes(10))) struct SchemaConformanceTests {
    @Test func everyAnswerHasExactlyTheMembersTheDocumentDescribes() async throws {
        let server = try TestServer()
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        let gpx = try String(contentsOf: StopsAndFavoritesTests.dayGPX, encoding: .utf8)
        try await server.withClient { client in
            let document = try await client.get("/openapi.json").json()
            let validator = SchemaValidator(document: document)
            let requests: [(path: String, uri: String, method: HTTPRequest.Method, body: String?, type: String)] = [
                ("/v1/coffee", "/v1/coffee?near=52.37,4.89&top=3&explain=true", .get, nil, ""),
                ("/v1/parking", "/v1/parking?near=52.3731,4.8926&top=3&advice=true", .get, nil, ""),
                ("/v1/recommendations", "/v1/recommendations?near=52.37,4.89&feed=example", .get, nil, ""),
                ("/v1/complete", "/v1/complete?text=Dam&near=52.373,4.893", .get, nil, ""),
                ("/v1/places/{id}", "/v1/places/osm:node/2?offline=true", .get, nil, ""),
                ("/v1/reverse", "/v1/reverse?at=52.3731,4.8926", .get, nil, ""),
                ("/v1/stops", "/v1/stops", .post, gpx, "application/gpx+xml"),
                ("/v1/favorites", "/v1/favorites?offline=true", .post, #"{"id": "osm:node/2", "note": "by the Dam"}"#, "application/json"),
                ("/v1/favorites", "/v1/favorites", .get, nil, ""),
                ("/v1/favorites/{id}", "/v1/favorites/osm:node/2", .get, nil, ""),
                ("/v1/points", "/v1/points", .get, nil, ""),
                ("/api", "/api?q=Dam&lat=52.373&lon=4.893", .get, nil, ""),
                ("/reverse", "/reverse?lat=52.3731&lon=4.8926", .get, nil, ""),
                ("/reverse", "/reverse?lat=52.3731&lon=4.8926&format=json", .get, nil, ""),
                ("/reverse", "/reverse?lat=0&lon=-30&format=jsonv2", .get, nil, ""),
                ("/search", "/search?q=Dam&format=json&addressdetails=1&extratags=1", .get, nil, ""),
                ("/search", "/search?q=Dam&format=geocodejson", .get, nil, ""),
                ("/lookup", "/lookup?osm_ids=N2,W10&format=jsonv2", .get, nil, ""),
                ("/status", "/status?format=json", .get, nil, ""),
                ("/health", "/health", .get, nil, ""),
            ]
            for request in requests {
                var headers: HTTPFields = [.authorization: "Bearer \(token)"]
                if request.body != nil { headers[.contentType] = request.type }
                let response = try await client.execute(
                    uri: request.uri, method: request.method, headers: headers, body: request.body.map { ByteBuffer(string: $0) })
                let operation = document["paths"]?[request.path]?[request.method.rawValue.lowercased()]
                let described = try #require(
                    operation?["responses"]?[String(response.status.code)], "\(request.uri): \(response.status.code) is not described")
                #expect(response.status.code < 300, "\(request.uri) answered \(response.status.code): \(response.text)")
                let media = try #require(response.headers[.contentType])
                let schema = try #require(described["content"]?[media]?["schema"], "\(request.uri): \(media) is not described")
                let problems = validator.problems(try response.json(), schema)
                #expect(problems.isEmpty, "\(request.uri): \(problems.prefix(5).joined(separator: "; "))")
            }
        }
    }

    @Test func theValidatorNoticesAMemberTheDocumentDoesNotList() {
        let schema: JSONValue = ["type": "object", "properties": ["id": ["type": "string"]], "required": ["id"], "additionalProperties": false]
        let validator = SchemaValidator(document: [:])
        #expect(validator.problems(["id": "a"], schema).isEmpty)
        #expect(validator.problems(["id": "a", "attribution": []], schema) == ["$: attribution is not in the document"])
        #expect(validator.problems([:], schema) == ["$: lacks id"])
        #expect(validator.problems(["id": 1], schema) == ["$.id: a number, not string"])
    }
}
