import ArgumentParser
import Foundation
import PlacesCommandLine
import PlacesKit

extension PlacesServerCommand {
    /// `places import … --database postgres://…`: the CLI hands the command here, so that `places`
    /// itself never links PostgreSQL's client.
    struct Import: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import into, list or remove from --database (what 'places import … --database' runs).", shouldDisplay: false,
            subcommands: [Files.self, List.self, Remove.self], defaultSubcommand: Files.self)
    }
}

extension PlacesServerCommand.Import {
    /// `places import FILE… --database`: the import flow the embedded store's takes, into the
    /// database's sink (``DatabaseImportSink``); each file replaces what it wrote before, in one
    /// transaction per file.
    struct Files: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Import OpenStreetMap files and name lists into --database (what 'places import --database' runs).")

        @Argument(help: ArgumentHelp("OpenStreetMap files (as 'places import').", valueName: "file"))
        var files: [String] = []

        /// The options of `places import` (the CLI hands them on as it parsed them).
        @OptionGroup var options: ImportArguments

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            // A malformed URL is said before a large file is read.
            guard try databaseChoice.location() != nil else {
                throw PlacesError(.usage, "is needed: " + DatabaseImportSink.needed, parameter: "database")
            }
            // A change file, given alone (places checked that): applied to the import it belongs
            // to. It is read before the database is opened; the extract after, once its import is known.
            if files.count == 1, let file = files.first, options.nameLists.isEmpty, PlacesService.isChangeFile(file) {
                let notices = NoticeSink { notice in CommandMain.line("\(PlacesServerCommand.speaker): \(notice.text)") }
                guard let change = try PlacesService.readChangeFile(file, notices: notices) else { return }
                let report = try await withImportDatabase(databaseChoice, needed: DatabaseImportSink.needed) { store in
                    try await PlacesService.apply(change, to: DatabaseChangeSink(store: store)).report
                }
                print(ImportRendering(reports: [report], index: nil).render(options.format), terminator: "")
                return
            }
            // Everything is read before the database is opened: a file that fails changes nothing.
            let (reports, _) = try await PlacesService.importFiles(
                osm: files, nameLists: options.nameLists, options: options.nameListOptions, into: DatabaseImportSink(database: databaseChoice))
            print(ImportRendering(reports: reports, index: nil).render(options.format), terminator: "")
        }
    }
}
