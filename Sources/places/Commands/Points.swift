import ArgumentParser
import Foundation
import PlaceSearch
import PlaceStore

extension Places {
    struct Points: ParsableCommand {
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

        @Option(help: ArgumentHelp("table, json, ndjson or geojson.", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: String = "auto"

        func validate() throws {
            if Terminal.ColorChoice(rawValue: color) == nil { throw ValidationError("--color '\(color)' must be auto, always or never") }
        }

        func run() throws {
            let access = try StoreAccess(option: storeOptions.store)
            let store = try access.reading()
            let history = try store.map { store in try StoreAccess.run { () throws(StoreError) in try store.pointsHistory() } } ?? []
            let balance = try store.map { store in try StoreAccess.run { () throws(StoreError) in try store.pointsBalance() } } ?? 0
            let terminal = Terminal.detect(environment: ProcessInfo.processInfo.environment, color: Terminal.ColorChoice(rawValue: color) ?? .auto)
            try StandardOutput.write(PointsOutput(balance: balance, history: history, terminal: terminal).render(format))
        }
    }
}
