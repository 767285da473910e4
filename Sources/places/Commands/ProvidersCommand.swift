import ArgumentParser
import Foundation
import PlaceSearch
import PlacesKit

extension Places {
    struct ProvidersCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "providers",
            abstract: "Every provider, whether it can answer now, and why not.",
            discussion: """
                Shows for each provider: ready or not, where its answers come from now (live, recorded, \
                recording, imported, local, not ready) and why, what it answers, and what to set to make it \
                ready. Touches no network.
                """)

        enum Format: String, CaseIterable, ExpressibleByArgument { case table, json }

        @Option(help: ArgumentHelp("\(Format.choices).", valueName: "format"))
        var format: Format = .table

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let service = try await Session.service(global, command: "providers")
            let output = ProvidersOutput(providers: service.registry.all, terminal: Terminal.detect(global.color))
            let text = format == .json ? output.json().serialized(pretty: true) + "\n" : output.table()
            try StandardOutput.write(text)
        }
    }
}
