import ArgumentParser
import Foundation
import Logging
import PlaceSearch
import PlaceStorePostgres
import PlacesCommandLine
import PlacesKit
import WalkingGraph

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
    /// `places import FILE… --database`: the files are read by the readers the embedded import
    /// uses, and each replaces what it wrote before, in one transaction per file.
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
                throw PlacesError(
                    .usage, "is needed: this import writes into a shared database (postgres://…); 'places import' writes the embedded store",
                    parameter: "database")
            }
            // Everything is read before the database is touched: a file that fails changes nothing.
            // An extract's addresses and places wait in the temporary folder (TMPDIR) until they are written.
            let batches = try PlacesService.readImports(
                osm: files, nameLists: options.nameLists, options: options.nameListOptions, spillDirectory: NSTemporaryDirectory())
            var logger = Logger(label: "places-server")
            logger.logLevel = .error
            guard let database = try await databaseChoice.open(logger: logger) else { return }
            var reports: [ImportReport] = []
            do {
                for batch in batches {
                    var report = batch.report
                    let started = ContinuousClock.now
                    // The graph goes into the database with the places, in the same transaction;
                    // each instance copies it beside its store with `places serve index build`.
                    let graph = batch.walkingGraph.map { (bytes: $0.fileContents, formatVersion: WalkingGraph.formatVersion) }
                    report.summary = try await stored { () async throws(StoreError) in
                        try await database.replaceImport(batch.source, with: batch.places, walkingGraph: graph)
                    }
                    report.writeSeconds = (ContinuousClock.now - started).seconds
                    reports.append(report)
                }
            } catch {
                await database.shutdown()
                throw error
            }
            await database.shutdown()
            print(ImportRendering(reports: reports, index: nil).render(options.format), terminator: "")
        }
    }
}
