import ArgumentParser
import Foundation
import PlacesCommandLine
import PlacesKit

/// `--database` of `places import`, `import list` and `import remove`: the PostgreSQL database of
/// `places serve --database`, reached through places-server (`places` itself links no database client).
struct ImportDatabase: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The PostgreSQL database of 'places serve --database' instead of the store (postgres://…; also PLACES_DATABASE_URL); runs places-server.",
            valueName: "url"))
    var database: String?

    /// The URL given, by the option or else the environment.
    var url: String? { database ?? ProcessInfo.processInfo.environment["PLACES_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 } }

    /// With a database, runs `places-server import COMMAND --database URL ARGUMENTS` in this
    /// process's place (returning only by throwing); without one, returns.
    func handOver(_ command: [String], _ arguments: [String]) throws {
        guard let url else { return }
        try Places.Serve.execServer(["import"] + command + ["--database", url] + arguments)
    }
}

/// `places import --database`: the files go to places-server, which writes them into PostgreSQL
/// (`places` itself links no database client).
extension Places.Import.Files {
    /// This command's options as `places-server import files` takes them.
    var serverArguments: [String] {
        // The files last, after "--": a file named like an option stays a file.
        options.arguments + (storeOptions.store.map { ["--store", $0] } ?? []) + ["--"] + files
    }
}
