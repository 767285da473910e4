import Foundation
import HTTPTypes
import Hummingbird
import MCP
import PlacesKit
import PlacesMCP

/// The MCP tools of `places mcp` at `/mcp`, over MCP's stateless Streamable HTTP (a POST per
/// message, a JSON answer; no session, no server-sent events): the same tools, `stops` excepted,
/// which reads files of the machine it runs on.
struct MCPRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.post("mcp", use: message)
        group.get("mcp", use: message)
        group.delete("mcp", use: message)
    }

    @Sendable func message(_ request: Request, context: ServerContext) async throws -> Response {
        let body = try await state.bodies.collect(request, context: context)
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let asked = MCP.HTTPRequest(
            method: request.method.rawValue, headers: headers, body: Data(body.readableBytesView), path: request.uri.path)
        let answer = await state.mcp.handle(asked)
        var fields = HTTPFields()
        for (name, value) in answer.headers {
            if let name = HTTPField.Name(name) { fields[name] = value }
        }
        return Response(
            status: HTTPResponse.Status(code: answer.statusCode), headers: fields,
            body: .init(byteBuffer: ByteBuffer(bytes: answer.bodyData ?? Data())))
    }
}

/// An MCP server and its stateless transport for each message: stateless means no client's
/// `initialize` is kept for the next, so every message meets a fresh server (the SDK's server
/// refuses a second `initialize`, which every new client sends).
struct MCPEndpoint: Sendable {
    private let tools: PlacesTools

    init(service: PlacesService) {
        tools = PlacesTools(service: service, readsFiles: false)
    }

    func handle(_ request: MCP.HTTPRequest) async -> MCP.HTTPResponse {
        let transport = StatelessHTTPServerTransport()
        let server = await PlacesMCPServer.make(tools)
        // A stateless transport's connect cannot fail; were it to, the message is answered 500.
        do { try await server.start(transport: transport) } catch {
            return .error(statusCode: 500, .internalError("the MCP server could not start: \(error)"))
        }
        let response = await transport.handleRequest(request)
        await server.stop()
        return response
    }
}
