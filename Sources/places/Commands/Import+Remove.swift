import ArgumentParser
import PlacesKit
import PlacesCommandLine

extension Places.Import {
    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take one imported file's places and names away again, and rebuild the name index.")

        @OptionGroup var imported: ImportedFileArgument

        @OptionGroup var storeOptions: StoreOptions

        @OptionGroup var database: ImportDatabase

        func run() throws {
            // The file last, after "--": a file named like an option stays a file.
            try database.handOver(["remove"], ["--", imported.file])
            let service = try CLIService.service(store: storeOptions.store)
            let (source, removed, index) = try service.removeImport(imported.file)
            try StandardOutput.write(ImportRendering.removal(source, removed: removed, index: index))
        }
    }
}
