import ArgumentParser
import PlacesKit

extension Places.Import {
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What is imported: each file, when, how many places, and whose data it is (its licence).")

        @Option(help: ArgumentHelp("\(ReportFormat.choices).", valueName: "format"))
        var format: ReportFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var database: ImportDatabase

        func run() throws {
            try database.handOver(["list"], ["--format", format.rawValue])
            let service = try CLIService.service(store: storeOptions.store)
            let sources = try service.importedSources()
            if sources.isEmpty { StandardError.line("places: no match: nothing is imported into \(service.store.path)") }
            try StandardOutput.write(ImportListRendering(sources: sources, style: Terminal.style(.auto)).render(format))
        }
    }
}
