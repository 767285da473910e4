import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PlaceBytes
import PlacesKit
import PlacesServer
import Testing

/// `/mcp`: the MCP tools over stateless HTTP (the Python client is run against it by
/// Scripts/protocol-clients.sh).
@Suite(.timeLimit(.minutes(10))) struct MCPHTTPTests {
    static func post(_ client: some TestClientProtocol, _ message: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/mcp", method: .post,
            headers: [
                .contentType: "application/json", .accept: "application/json, text/event-stream", .init("MCP-Protocol-Version")!: "2025-06-18",
            ],
            body: ByteBuffer(string: message))
    }

    @Test func everyClientMayInitializeAndCallATool() async throws {
        let server = try TestServer { $0.openSearch = true }
        try await server.importOSM(Extract.dam)
        try await server.withClient { client in
            let initialize =
                #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#
            for _ in 0..<2 {
                let answer = try await Self.post(client, initialize)
                #expect(answer.status == .ok, "\(answer.text)")
                #expect(try answer.json()["result"]?["serverInfo"]?["name"]?.stringValue == "places", "\(answer.text)")
            }
            let call = try await Self.post(
                client, #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"geocode","arguments":{"text":"Koffiebar","limit":1}}}"#)
            let result = try #require(try call.json()["result"], "\(call.text)")
            #expect(result["isError"]?.boolValue != true)
            #expect(result["structuredContent"]?["suggestions"]?.arrayValue?.first?["name"]?.stringValue == "Koffiebar Damrak")
            // stops reads files of the server's machine: not offered over HTTP.
            let stops = try await Self.post(
                client, #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"stops","arguments":{"file":"/etc/passwd"}}}"#)
            #expect(try stops.json()["result"]?["isError"]?.boolValue == true, "\(stops.text)")
        }
    }

    @Test func closedSearchNeedsAToken() async throws {
        let server = try TestServer { $0.openSearch = false }
        try await server.withClient { client in
            let answer = try await Self.post(client, #"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
            #expect(answer.status == .unauthorized)
        }
    }
}
