import ArgumentParser
import Foundation
import PlacesKit

extension Places {
    struct Points: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Your points: the balance, and each recommendation that earned them.",
            discussion: """
                Points are awarded by 'places follow' when a walk arrives at a recommendation, once per \
                recommendation of a feed: following the same walk again, or two follows at the same moment, \
                never add them twice. They live in the local store.

                Examples:
                  places points
                  places points --format json | jq .balance
                """)

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: Terminal.ColorChoice = .auto

        func run() async throws {
            let (balance, history) = try await CLIService.service(store: storeOptions.store).points()
            try StandardOutput.write(PointsRendering(balance: balance, history: history, style: Terminal.style(color)).render(format))
        }
    }
}
