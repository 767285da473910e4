import ArgumentParser
import Foundation
import Logging
import PlacesKit
import PlacesServer
import PlacesCommandLine

extension PlacesServerCommand.Import {
    /// `places import list --database`: what the shared database holds, as the embedded listing shows it.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "What is imported into --database (what 'places import list --database' runs).")

        @Option(help: ArgumentHelp("table or json.", valueName: "format"))
        var format: String = "table"

        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            guard let reportFormat = ReportFormat(rawValue: format) else {
                throw PlacesError(.usage, "'\(format)' must be table or json", parameter: "format")
            }
            let sources = try await withImportDatabase(databaseChoice) { database in
                try await stored { () async throws(StoreError) in try await database.imports() }
            }
            if sources.isEmpty, let location = try databaseChoice.location() {
                PlacesServerCommand.line("places: no match: nothing is imported into \(location.redacted)")
            }
            print(ImportListRendering(sources: sources).render(reportFormat), terminator: "")
        }
    }

    /// `places import remove FILE --database`: one file's places taken out of the shared database.
    /// Its walking graph goes with it. The instances' name indexes and graph copies are their own:
    /// each brings them up to date with `places serve index build`.
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take one imported file's places out of --database (what 'places import remove --database' runs).")

        @OptionGroup var imported: ImportedFileArgument

        @OptionGroup var databaseChoice: DatabaseChoice

        func run() async throws {
            let (source, removed) = try await withImportDatabase(databaseChoice) { database in
                let sources = try await stored { () async throws(StoreError) in try await database.imports() }
                let record = try PlacesService.importNamed(imported.file, among: sources, in: database.location)
                // Removed by another process since it was listed: nothing left to remove.
                let removed = try await stored { () async throws(StoreError) in try await database.removeImport(record.source.key) } ?? 0
                return (record.source, removed)
            }
            print("removed \(source.label): \(removed) place\(removed == 1 ? "" : "s")")
            print("Name index and walking graphs: each instance updates its own from the database: places serve index build --database …")
        }
    }
}

/// Runs `body` with the database `choice` names, closing its pool after.
/// - Parameter needed: why a URL is needed, said without one.
/// - Throws: `.usage` without a URL; what `body` throws.
func withImportDatabase<T>(
    _ choice: DatabaseChoice, needed: String = "this lists the imports of a shared database (postgres://…)",
    _ body: (PostgresStore) async throws -> T
) async throws -> T {
    var logger = Logger(label: "places-server")
    logger.logLevel = .error
    guard let database = try await choice.open(logger: logger) else {
        throw PlacesError(.usage, "is needed: " + needed, parameter: "database")
    }
    do {
        let value = try await body(database)
        await database.shutdown()
        return value
    } catch {
        await database.shutdown()
        throw error
    }
}
