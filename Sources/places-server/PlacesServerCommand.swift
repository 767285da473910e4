import ArgumentParser
import Foundation
import PlacesCommandLine
import PlacesKit
import PlacesServer

/// `places-server`, which `places serve` runs: the HTTP service, and its accounts.
@main
struct PlacesServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places serve",
        abstract: "Serve places over HTTP: the CLI's flows as a JSON API, Photon's and Nominatim's geocoding APIs, accounts with tokens.",
        discussion: """
            Answers at once on the embedded store (the same store, config and providers as the CLI). Stops gracefully on \
            SIGTERM or SIGINT: in-flight requests finish, then it exits.

            Examples:
              places serve --listen 127.0.0.1:8080
              places serve --listen :8080 --open-search --rate-limit 50/s
              TOKEN=$(places serve users add ana)
              curl -H "Authorization: Bearer $TOKEN" 'http://127.0.0.1:8080/v1/coffee?near=52.37,4.89&top=3'
              places serve users revoke ana

            Endpoints are listed, with their parameters and answers, at /openapi.json.
            """,
        version: PlacesService.version,
        subcommands: [Run.self, Users.self, Index.self, Import.self, MCPStdio.self],
        defaultSubcommand: Run.self)

    /// Who a message is from: `places import --database` runs here as `import`, and speaks as the CLI does.
    static let speaker = CommandLine.arguments.dropFirst().first == "import" ? "places" : "places serve"

    /// Every failure ends as one line on stderr and a documented exit code, as the CLI's do
    /// (``CommandMain``); the argument parser's usage errors point to the command's `--help`.
    static func main() async {
        await CommandMain(
            speaker: speaker, wording: .serve, helpCommand: { speaker == "places" ? "places import" : "places serve" },
            helpForUsageErrors: false
        ).run(PlacesServerCommand.self)
    }

    static func line(_ text: String) { CommandMain.line(text) }
}

extension Wording {
    /// The server's command line: its flags are the CLI's.
    static let serve = Wording(remedy: { $0.description }, parameter: { "--\($0)" })
}

/// The options that say which store, config and providers to use: the CLI's own.
struct StoreChoice: ParsableArguments {
    @Option(help: ArgumentHelp("The store file (default $XDG_DATA_HOME/places/places.sqlite; also PLACES_STORE).", valueName: "path"))
    var store: String?

    @Option(help: ArgumentHelp("Config file (default $XDG_CONFIG_HOME/places/config.toml; also PLACES_CONFIG).", valueName: "file"))
    var config: String?
}

/// How the providers are reached, as the CLI's options of the same names say.
struct ProviderAccess: ParsableArguments {
    @Option(help: ArgumentHelp("How to reach provider APIs: auto, live, replay, record, missing (as the CLI's --http-mode).", valueName: "mode"))
    var httpMode: String?

    @Option(help: ArgumentHelp("Folder of recorded HTTP interactions (several separated by ':').", valueName: "dir"))
    var cassetteDir: String?

    @Option(help: ArgumentHelp("How long each provider may take, e.g. 10s or 2.5s.", valueName: "time"))
    var deadline: String?
}
