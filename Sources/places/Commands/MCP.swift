import ArgumentParser

extension Places {
    /// `places mcp …` is `places-server mcp …`: the MCP server's protocol library stays out of
    /// `places`, as the HTTP server's does.
    struct MCPCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mcp",
            abstract: "Serve the flows as MCP tools over stdio, for assistants (runs places-server mcp).",
            discussion: """
                Tools: find_places, geocode, reverse, walking_route, parking_advice, stops. 'places mcp --help' shows \
                the options (--store, --config, --http-mode, --cassette-dir, --deadline).

                An assistant's configuration names the command, e.g.:
                  {"mcpServers": {"places": {"command": "places", "args": ["mcp"]}}}
                """)

        @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("places-server mcp's options.", valueName: "arguments"))
        var arguments: [String] = []

        func run() throws {
            try Serve.execServer(["mcp"] + arguments)
        }
    }
}
