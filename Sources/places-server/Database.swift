import ArgumentParser
import Foundation
import Logging
import PlacesKit
import PlacesServer

/// `--database postgres://…`: where the instances of `places serve` keep what they share
/// (accounts, tokens, favourites, points). Without it, the embedded store file (as before).
struct DatabaseChoice: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A PostgreSQL database the server's instances share for accounts, tokens, favourites and points: "
                + "postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (also PLACES_DATABASE_URL). Default: the embedded store.",
            valueName: "url"))
    var database: String?

    @Option(
        help: ArgumentHelp(
            "How long one database operation may take (waiting for a connection included) before the request is answered 503, "
                + "e.g. 5 (the default), 2.5s or 800ms. A database that cannot be reached is answered at once.",
            valueName: "time"))
    var databaseTimeout: String?

    /// The URL given, by the option or else the environment.
    func url(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        database ?? environment["PLACES_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The URL given, read; nil without one.
    /// - Throws: `.configuration` (78) for a malformed URL, in one line without its password.
    func location() throws(PlacesError) -> PostgresLocation? {
        guard let text = url() else { return nil }
        do { return try PostgresLocation(parsing: text) } catch {
            throw PlacesError(.configuration, error.description, parameter: "database")
        }
    }

    /// The pool's limits, with `--database-timeout`.
    /// - Throws: `.usage` (64) for a time that cannot be read or is not between 10 ms and an hour.
    func options() throws(PlacesError) -> PostgresStore.Options {
        var options = PostgresStore.Options()
        if let databaseTimeout {
            guard let seconds = TimeText.seconds(databaseTimeout, bareUnit: 1), seconds >= 0.01, seconds <= 3600 else {
                throw PlacesError(
                    .usage, "'\(databaseTimeout)' is not a time between 10ms and 1h; give e.g. 5, 2.5s or 800ms", parameter: "database-timeout")
            }
            options.operationTimeout = .milliseconds(Int64((seconds * 1000).rounded()))
            // Connecting is part of an operation: it gets no longer.
            options.connectTimeout = min(options.connectTimeout, options.operationTimeout)
        }
        return options
    }

    /// The PostgreSQL store, connected and migrated; nil without a URL.
    /// - Throws: `.configuration` (78) for a malformed URL, `.unavailable` (69) when the database
    ///   cannot be reached; each one line naming the URL without its password.
    func open(logger: Logger) async throws(PlacesError) -> PostgresStore? {
        guard let location = try location() else { return nil }
        let options = try options()
        do {
            return try await PostgresStore.open(location, options: options, logger: logger)
        } catch {
            throw StoreAccess.error(error)
        }
    }
}

/// Runs `body` with the store the accounts commands change: the database when one is given, else
/// the embedded file (opened for writing and brought up to date); the database's pool is closed after.
func withSharedStore(_ store: StoreChoice, _ database: DatabaseChoice, _ body: (any SharedStore) async throws -> Void) async throws {
    var logger = Logger(label: "places-server")
    logger.logLevel = .error
    guard let postgres = try await database.open(logger: logger) else {
        try await body(try openStore(store))
        return
    }
    do { try await body(postgres) } catch {
        await postgres.shutdown()
        throw error
    }
    await postgres.shutdown()
}

/// Runs a store operation, turning its error into a ``PlacesError``.
func stored<T>(_ body: () async throws(StoreError) -> T) async throws(PlacesError) -> T {
    do { return try await body() } catch { throw StoreAccess.error(error) }
}
