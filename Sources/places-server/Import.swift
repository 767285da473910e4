import ArgumentParser
import Foundation
import Logging
import PlaceSearch
import PlaceStorePostgres
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

        @Option(name: .customLong("names"), help: ArgumentHelp("A name list (CSV or TSV) to import (repeatable).", valueName: "file"))
        var nameLists: [String] = []

        @Option(help: ArgumentHelp("The name column (number or header name).", valueName: "column"))
        var nameColumn: String?

        @Option(help: ArgumentHelp("The latitude column.", valueName: "column"))
        var latColumn: String?

        @Option(help: ArgumentHelp("The longitude column.", valueName: "column"))
        var lonColumn: String?

        @Option(help: ArgumentHelp("The importance column.", valueName: "column"))
        var importanceColumn: String?

        @Option(help: ArgumentHelp("Columns shown beside the name (repeatable).", valueName: "column"))
        var detailColumn: [String] = []

        @Option(help: ArgumentHelp("street, poi or place (default place).", valueName: "kind"))
        var kind: String = "place"

        @Flag(inversion: .prefixedNo, help: "Whether the name list's first row is a header (default: recognised).")
        var header: Bool?

        @Option(help: ArgumentHelp("comma, tab or semicolon.", valueName: "delimiter"))
        var delimiter: String?

        @Option(help: ArgumentHelp("table or json.", valueName: "format"))
        var format: String = "table"

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            // A malformed URL is said before a large file is read.
            guard try databaseChoice.location() != nil else {
                throw PlacesError(
                    .usage, "is needed: this import writes into a shared database (postgres://…); 'places import' writes the embedded store",
                    parameter: "database")
            }
            guard let reportFormat = ReportFormat(rawValue: format) else {
                throw PlacesError(.usage, "'\(format)' must be table or json", parameter: "format")
            }
            let options = NameListOptions(
                name: nameColumn, latitude: latColumn, longitude: lonColumn, importance: importanceColumn, detail: detailColumn,
                hasHeader: header, kind: NameKind(kind) ?? .place, delimiter: delimiter.flatMap(NameListOptions.delimiter))
            // Everything is read before the database is touched: a file that fails changes nothing.
            let batches = try PlacesService.readImports(osm: files, nameLists: nameLists, options: options)
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
            print(ImportRendering(reports: reports, index: nil).render(reportFormat), terminator: "")
        }
    }
}
