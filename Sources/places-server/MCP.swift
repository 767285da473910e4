import ArgumentParser
import Foundation
import MCP
import PlacesKit
import PlacesMCP

extension PlacesServerCommand {
    /// `places mcp`: the MCP server over stdio. stdout carries the protocol alone; what places
    /// would say on a terminal (where answers came from, warnings) goes to stderr.
    struct MCPStdio: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the flows as MCP tools over stdio, for assistants.",
            discussion: """
                Tools: find_places, geocode, reverse, walking_route, parking_advice, stops. Each answers with a short \
                summary and the document 'places … --format json' prints, described by an output schema; all only read.

                An assistant's configuration names the command, e.g. for Claude Desktop:
                  {"mcpServers": {"places": {"command": "places", "args": ["mcp"]}}}
                """)

        @OptionGroup var storeChoice: StoreChoice

        @OptionGroup var providerAccess: ProviderAccess

        func run() async throws {
            let settings = try PlacesSettings(
                SettingsOptions(
                    httpMode: providerAccess.httpMode, cassetteDirectories: providerAccess.cassetteDir, deadline: providerAccess.deadline,
                    configFile: storeChoice.config,
                    store: storeChoice.store),
                environment: ProcessInfo.processInfo.environment)
            let notices = NoticeSink { notice in FileHandle.standardError.write(Data("places mcp: \(notice.text)\n".utf8)) }
            let service = try await PlacesService.withPlugins(settings: settings, recordingName: "mcp", notices: notices)
            let server = await PlacesMCPServer.make(PlacesTools(service: service, readsFiles: true))
            try await server.start(transport: StdioTransport())
            // Ends when the client closes stdin.
            await server.waitUntilCompleted()
        }
    }
}
