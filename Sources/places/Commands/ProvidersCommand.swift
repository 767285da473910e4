import ArgumentParser
import Foundation
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

        @Option(help: ArgumentHelp("\(ReportFormat.choices).", valueName: "format"))
        var format: ReportFormat = .table

        @OptionGroup var global: GlobalOptions

        func run() async throws {
            let service = try await CLIService.service(global, command: "providers")
            let output = ProvidersRendering(providers: service.registry.all, wording: CLIWording.wording, style: Terminal.style(global.color))
            try StandardOutput.write(output.render(format))
        }
    }
}
