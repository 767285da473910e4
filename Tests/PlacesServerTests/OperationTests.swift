import Foundation
import HTTPTypes
import HummingbirdTesting
import PlaceBytes
import PlacesKit
import PlaceStore
import PlacesServer
import Synchronization
import Testing

/// `/health`, `/metrics`, `/openapi.json`, and the request id and log line every request gets.
@Suite(.timeLimit(.minutes(10))) struct OperationTests {
    @Test func healthSaysWhetherTheStoreAnswersAndTheIndexIsLoaded() async throws {
        let server = try TestServer()
        try await server.withClient { client in
            let empty = try await client.get("/health")
            #expect(empty.status == .ok)
            let before = try empty.json()
            #expect(before["ready"] == .bool(true))
            #expect(before["index"]?["loaded"] == .bool(false))
            #expect(before["store"]?["ok"] == .bool(true))
        }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let after = try await client.get("/health").json()
            #expect(after["index"]?["loaded"] == .bool(true))
            #expect((after["index"]?["names"]?.doubleValue ?? 0) >= 4)
            #expect(try await client.get("/health/live").json()["status"]?.stringValue == "ok")
        }
    }

    @Test func aBrokenIndexMakesTheServerNotReady() async throws {
        let server = try TestServer()
        try await server.importOSM(Extract.dam)
        // The store is gone from under the index, which is now garbage: nothing to rebuild it from.
        let folder = NameIndex.folder(forStore: server.store.path)
        let segment = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".names") })
        try Data("not an index".utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(segment)))
        let moved = server.store.path + ".moved"
        try FileManager.default.moveItem(atPath: server.store.path, toPath: moved)
        defer { try? FileManager.default.moveItem(atPath: moved, toPath: server.store.path) }
        try await server.withClient { client in
            let response = try await client.get("/health")
            #expect(response.status == .serviceUnavailable, "\(response.text)")
            #expect(try response.json()["index"]?["ok"] == .bool(false))
        }
    }

    @Test func metricsCountRequestsByRouteAndStatus() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            _ = try await client.get("/v1/coffee?near=52.37,4.89&top=2", token: token)
            _ = try await client.get("/v1/coffee?near=52.37,", token: token)
            _ = try await client.get("/v1/points")
            let response = try await client.get("/metrics")
            #expect(response.headers[.contentType]?.hasPrefix("text/plain") == true)
            let text = response.text
            #expect(text.contains(#"places_http_requests_total{method="GET",route="/v1/coffee",status="200"} 1"#), "\(text)")
            #expect(text.contains(#"places_http_requests_total{method="GET",route="/v1/coffee",status="400"} 1"#))
            #expect(text.contains(#"places_http_requests_total{method="GET",route="/v1/points",status="401"} 1"#))
            #expect(text.contains("places_http_request_duration_seconds_bucket"))
            #expect(text.contains("places_http_cache_hits_total"))
        }
    }

    @Test func everyRequestHasAnIdAndOneLogLine() async throws {
        let server = try TestServer()
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let response = try await client.get("/v1/points", token: token)
            let id = try #require(response.headers[HTTPField.Name("X-Request-Id")!])
            let lines = server.logLines.all.filter { $0.contains(id) }
            #expect(lines.count == 1, "\(lines)")
            let line = try JSONValue.parse(Data(try #require(lines.first).utf8))
            #expect(line["message"]?.stringValue == "request")
            #expect(line["status"]?.doubleValue == 200)
            #expect(line["account"]?.stringValue == "ana")
            #expect(line["route"]?.stringValue == "/v1/points")
            #expect(line["ms"]?.doubleValue != nil)
        }
    }

    /// Every documented path answers (not "no such endpoint"), with a status the document lists
    /// for it, and every `$ref` resolves. Schemathesis (Scripts/check-openapi.sh) checks the bodies.
    @Test func theOpenAPIDocumentListsWhatTheServerAnswers() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        let token = try server.token(for: "ana")
        try await server.withClient { client in
            let document = try await client.get("/openapi.json").json()
            #expect(document["openapi"]?.stringValue == "3.1.0")
            let text = document.serialized()
            for match in text.matches(of: /"\$ref":"#\/components\/(?<kind>[a-z]+)\/(?<name>[A-Za-z]+)"/) {
                #expect(document["components"]?[String(match.kind)]?[String(match.name)] != nil, "\(match.name) is not defined")
            }
            let paths = try #require(document["paths"]?.objectValue)
            #expect(paths.members.count >= 17)
            for path in paths.members {
                for operation in path.value.objectValue?.members ?? [] {
                    let method = HTTPRequest.Method(rawValue: operation.key.uppercased())!
                    let uri = path.key.replacingOccurrences(of: "{id}", with: "osm:node/2")
                    let response = try await client.execute(uri: uri, method: method, headers: [.authorization: "Bearer \(token)"])
                    #expect(response.status != .notFound || (try? response.json()["type"]?.stringValue) != "urn:places:problem:no-endpoint", "\(uri)")
                    let listed = operation.value["responses"]?.objectValue?.members.map(\.key) ?? []
                    #expect(
                        listed.contains(String(response.status.code)), "\(operation.key) \(uri) answered \(response.status.code), not in \(listed)")
                }
            }
        }
    }
}
