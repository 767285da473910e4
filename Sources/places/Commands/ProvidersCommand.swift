import ArgumentParser
import Foundation
import PlaceSearch

extension Places {
    struct ProvidersCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "providers",
            abstract: "Every provider, whether it can answer now, and why not.",
            discussion: """
                Shows for each provider: ready or not, how it answers (live, replay, record, missing), \
                what it answers, and where its answers come from or what to set to make it ready. \
                Touches no network.
                """)

        enum Format: String, CaseIterable, ExpressibleByArgument { case table, json }

        @Option(help: ArgumentHelp("table or json.", valueName: "format"))
        var format: Format = .table

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let runtime = try Runtime(global: global, command: "providers")
            let output = ProvidersOutput(providers: runtime.registry.providers, terminal: runtime.terminal)
            let text = format == .json ? output.json().serialized(pretty: true) + "\n" : output.table()
            try StandardOutput.write(text)
        }
    }
}
