import ArgumentParser
import PlacesKit

extension Places.Import {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take one imported file's places and names away again, and rebuild the name index.")

        @Argument(help: ArgumentHelp("The file as 'places import list' shows it (its name or its path).", valueName: "file"))
        var file: String

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var database: ImportDatabase

        func run() throws {
            // The file last, after "--": a file named like an option stays a file.
            try database.handOver(["remove"], ["--", file])
            let service = try Session.service(store: storeOptions.store)
            let (source, removed, index) = try service.removeImport(file)
            try StandardOutput.write(ImportRendering.removal(source, removed: removed, index: index))
        }
    }
}
