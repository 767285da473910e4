import ArgumentParser
import Foundation
import Logging
import PlacesKit
import PlacesServer

extension PlacesServerCommand {
    /// The name index, a file per instance (memory-mapped, as Photon ships one index per node).
    struct Index: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The name index each instance answers completion from: build it from the shared database.",
            subcommands: [Build.self])
    }
}

extension PlacesServerCommand.Index {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Build the name index file from the places imported into --database, and copy the walking graphs from there.",
            discussion: """
                Writes the index beside the store (places.sqlite → places.names), or to --output, by renaming a \
                finished file over the old one: an instance reading the old index keeps it until it opens the new.
                The walking graphs of the imports go beside the store too (places.walks/), each renamed in \
                when the database holds a newer one than this instance has; those of removed imports are deleted. \
                A running instance routes over them as soon as they are there.

                Example:
                  places serve index build --database postgres://places@db.internal/places
                """)

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        @Option(help: ArgumentHelp("Where to write the index (default: beside the store).", valueName: "path"))
        var output: String?

        func run() async throws {
            guard databaseChoice.url() != nil else {
                throw PlacesError(
                    .usage,
                    "is needed: index build reads the places imported into the shared database (postgres://…); the embedded store builds its index on every import",
                    parameter: "database")
            }
            let path = try output ?? NameIndex.path(forStore: StoreAccess(option: storeChoice.store).location.path)
            var logger = Logger(label: "places-server")
            logger.logLevel = .error
            guard let database = try await databaseChoice.open(logger: logger) else { return }
            let started = ContinuousClock.now
            let storePath = try StoreAccess(option: storeChoice.store).location.path
            let names: [NameRecord]
            let graphs: CopiedWalkingGraphs.Outcome
            do {
                names = try await stored { () async throws(StoreError) in try await database.indexedNames() }
                graphs = try await CopiedWalkingGraphs.copy(from: database, storePath: storePath)
            } catch {
                await database.shutdown()
                throw (error as? ImportWriteError).map(PlacesError.init) ?? error
            }
            await database.shutdown()
            Self.say(graphs, folder: WalkingGraphFiles.folder(forStore: storePath).path, from: database.location)
            let added = try PlacesService.besideStore { () throws(ImportWriteError) in try NameIndex.write(names, to: path) }
            let elapsed = (ContinuousClock.now - started).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            PlacesServerCommand.line(
                "places serve: name index \(path): \(added) names from \(database.location) in " + String(format: "%.2f s", seconds))
        }

        /// One line for what the copy did, and one for each graph left out.
        static func say(_ graphs: CopiedWalkingGraphs.Outcome, folder: String, from location: String) {
            let changes = [("copied", graphs.copied), ("up to date", graphs.kept), ("removed", graphs.removed)]
                .filter { !$0.1.isEmpty }.map { "\($0.1.count) \($0.0)" }
            let size = graphs.bytes > 0 ? String(format: " (%.1f MB fetched)", Double(graphs.bytes) / 1e6) : ""
            PlacesServerCommand.line(
                "places serve: walking graphs \(folder): "
                    + (changes.isEmpty ? "none in \(location)" : changes.joined(separator: ", ") + " from \(location)\(size)"))
            for skipped in graphs.skipped { PlacesServerCommand.line("places serve: warning: \(skipped)") }
        }
    }
}
