import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PlacesKit
import PlacesServer
import ServiceLifecycle
import UnixSignals

extension PlacesServerCommand {
    struct Run: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "run", abstract: "Serve (the default).")

        @Option(
            help: ArgumentHelp(
                "Where to listen: HOST:PORT, :PORT (127.0.0.1) or PORT; port 0 picks a free one. Default 127.0.0.1:8080.", valueName: "host:port"))
        var listen: String?

        @OptionGroup var storeChoice: StoreChoice
        @OptionGroup var databaseChoice: DatabaseChoice

        @OptionGroup var providerAccess: ProviderAccess

        @Flag(help: "Answer search, completion, details, routes and the Photon endpoints without a token (rate-limited by address).")
        var openSearch = false

        @Option(help: ArgumentHelp("Requests per token (or address) and time: 20/s (the default), 600/min.", valueName: "rate"))
        var rateLimit: String?

        @Option(
            help: ArgumentHelp(
                "Requests a token may make at once before the rate applies (default: twice the rate per second, at least 40).", valueName: "n"))
        var rateBurst: Double?

        @Option(help: ArgumentHelp("The largest request body, e.g. 32MiB (the default).", valueName: "size"))
        var maxBody: String?

        @Flag(name: .shortAndLong, help: "Log each provider request (secrets redacted) and debug lines.")
        var verbose = false

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let places = try PlacesSettings(
                SettingsOptions(
                    httpMode: providerAccess.httpMode, cassetteDirectories: providerAccess.cassetteDir, deadline: providerAccess.deadline,
                    configFile: storeChoice.config,
                    store: storeChoice.store,
                    verbose: verbose),
                environment: environment)
            var settings = ServerSettings()
            try settings.apply(places.config)
            if let listen { try settings.listen(listen) }
            if let rateLimit {
                try settings.rateLimit(rateLimit)
                settings.rateBurst = max(40, 2 * settings.ratePerSecond)
            }
            if let rateBurst {
                guard rateBurst >= 1 else { throw PlacesError(.usage, "must be at least 1", parameter: "rate-burst") }
                settings.rateBurst = rateBurst
            }
            if let maxBody { try settings.maximumBody(maxBody) }
            if openSearch { settings.openSearch = true }

            var logger = Logger(label: "places-server") { JSONLogHandler(label: $0) }
            logger.logLevel = verbose ? .debug : .info
            // Opened once, for writing: the schema is brought up to date before the first request.
            let location = try StoreAccess(option: storeChoice.store, environment: environment).location
            let store = try Self.openStore(at: location.path)
            // Connected (and its schema migrated) before the first request: a database that cannot
            // be reached stops the start with one line, not every request with a 503.
            let database = try await databaseChoice.open(logger: logger)
            if let database { await Self.sayLackingWalkingGraphs(database, storePath: location.path) }
            let service = try await PlacesService.withPlugins(
                settings: places, recordingName: "serve", notices: ServerNotices.sink(logger), wording: .neutral, store: StoreAccess(holding: store))
            // What is wrong in the config file and did not stop the start: said once, before it listens.
            for warning in places.config.warnings() { PlacesServerCommand.line("places serve: \(warning)") }
            let settled = settings
            let app = buildApplication(
                ServerParts(service: service, store: store, shared: database, settings: settled, logger: logger) { port in
                    let names = (try? service.nameIndex())??.count ?? 0
                    PlacesServerCommand.line(
                        "places serve: listening on http://\(settled.host):\(port) (store \(store.path)"
                            + (database.map { ", database \($0.location)" } ?? "") + ", \(names) names; "
                            + (settled.openSearch ? "search open without a token" : "every endpoint needs a token") + ")")
                    if !settled.openSearch {
                        // Photon's and geocoding clients (geopy, map widgets) send no token.
                        PlacesServerCommand.line(
                            "places serve: Photon clients (/api, /reverse) cannot send a token and get 401; "
                                + "serve with --open-search to answer them")
                    }
                })
            do { try await Self.run(app, logger: logger) } catch {
                await Self.close(database)
                throw error
            }
            await Self.close(database)
            PlacesServerCommand.line("places serve: stopped")
        }

        /// An instance fetches no graph when it starts (what it routes over is what its last
        /// `index build` copied), but says when the database holds one it has not copied.
        static func sayLackingWalkingGraphs(_ database: PostgresStore, storePath: String) async {
            guard let listed = try? await database.walkingGraphs() else { return }
            let lacking = CopiedWalkingGraphs.lacking(listed, storePath: storePath)
            guard !lacking.isEmpty else { return }
            PlacesServerCommand.line(
                "places serve: the walking graphs of \(lacking.map(\.label).joined(separator: ", ")) are not copied here yet "
                    + "(walks there are not routed over their streets): places serve index build --database …")
        }

        /// Serves until SIGTERM or SIGINT. A stop waits for the requests in flight, but not for ever:
        /// a walker's `/v1/follow` stream can last an hour, and whoever stops a server expects it
        /// gone within an orchestrator's usual grace period (30 s, Kubernetes' default).
        static func run(_ app: some ApplicationProtocol, logger: Logger) async throws {
            var configuration = ServiceGroupConfiguration(services: [app], gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
            configuration.maximumGracefulShutdownDuration = .seconds(30)
            configuration.maximumCancellationDuration = .seconds(5)
            try await ServiceGroup(configuration: configuration).run()
        }

        static func close(_ database: PostgresStore?) async {
            guard let database, await !database.shutdown(within: .seconds(5)) else { return }
            PlacesServerCommand.line("places serve: the database's connections did not close within 5 s; stopping without them")
        }

        /// The store, for writing; a store this user may only read (another's, a read-only disk) is
        /// served for reading, every change then answered 503 `read-only-store`.
        static func openStore(at path: String) throws(PlacesError) -> SQLitePlaceStore {
            do {
                return try SQLitePlaceStore.openForWriting(at: path)
            } catch  where error.kind == .readOnly {
                let readable: SQLitePlaceStore?
                do { readable = try SQLitePlaceStore.openForReading(at: path) } catch { throw StoreAccess.error(error) }
                guard let readable else { throw StoreAccess.error(error) }
                PlacesServerCommand.line(
                    "places serve: the store \(path) is read-only to this user: searches and lookups answer, changes get 503 (give --store a file of your own to keep them)"
                )
                return readable
            } catch {
                throw StoreAccess.error(error)
            }
        }
    }
}
