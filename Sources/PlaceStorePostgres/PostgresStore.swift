public import Logging
public import PlaceSearch
import PostgresNIO

/// The store several `places serve` instances share: PostgreSQL through a pool of connections.
///
/// Everything two instances must agree on is decided by the database: unique keys make an award
/// once, a favourite one row per owner and place; every operation is one transaction, so what an
/// instance acknowledged is committed. Nothing is cached in the process: a token revoked through
/// one instance is refused by the next request to any other.
///
/// Open with ``open(_:options:logger:)``, which connects once to say clearly when the database
/// cannot be reached, brings the schema up to date, and starts the pool; call ``shutdown()`` when done.
public final class PostgresStore: SharedStore {
    /// Limits of the pool and of each operation.
    public struct Options: Sendable {
        /// Connections kept open at most by this instance.
        public var maximumConnections = 10
        /// How long one operation (waiting for a connection included) may take before it fails as
        /// unreachable: the pool keeps trying to reconnect, and a request should not wait for it.
        public var operationTimeout: Duration = .seconds(5)
        /// How long connecting may take.
        public var connectTimeout: Duration = .seconds(5)

        public init() {}
    }

    public let database: PostgresLocation
    public var location: String { database.redacted }
    let client: PostgresClient
    let logger: Logger
    let options: Options
    private let running: Task<Void, Never>

    private init(database: PostgresLocation, client: PostgresClient, options: Options, logger: Logger) {
        self.database = database
        self.client = client
        self.options = options
        self.logger = logger
        running = Task { await client.run() }
    }

    deinit { running.cancel() }

    /// Connects to `database`, migrates its schema (safely when several instances start at once)
    /// and starts the pool.
    /// - Throws: `.unreachable` when no connection can be made (naming the URL without its password
    ///   and why), `.newerSchema` when a newer places migrated the database.
    public static func open(_ database: PostgresLocation, options: Options = Options(), logger: Logger) async throws(StoreError)
        -> PostgresStore
    {
        let first: PostgresConnection
        do {
            first = try await PostgresConnection.connect(configuration: connectionConfiguration(database, options), id: 0, logger: logger)
        } catch {
            throw StoreError(.unreachable, path: database.redacted, detail: PostgresFailure.words(error))
        }
        do {
            try await PostgresSchema.migrate(first, schema: database.schema, location: database.redacted, logger: logger)
        } catch {
            try? await first.close()
            throw error
        }
        try? await first.close()
        return PostgresStore(
            database: database, client: PostgresClient(configuration: clientConfiguration(database, options)), options: options, logger: logger)
    }

    /// Stops the pool: its connections close, and operations after this fail.
    /// - Parameter bound: how long to wait for the pool to close. After the database went away
    ///   the pool may keep retrying its connections instead of ending (postgres-nio 1.33's
    ///   `run()`, vapor/postgres-nio#599), and a process stopping must not wait for it.
    /// - Returns: false when the pool had not closed within `bound`.
    @discardableResult
    public func shutdown(within bound: Duration = .seconds(5)) async -> Bool {
        running.cancel()
        // Awaiting a task's value ignores cancellation, so the first of two signals decides.
        let (first, signal) = AsyncStream.makeStream(of: Bool.self)
        let running = self.running
        let closing = Task {
            await running.value
            signal.yield(true)
        }
        let timer = Task {
            try? await Task.sleep(for: bound)
            signal.yield(false)
        }
        var closed = false
        for await outcome in first {
            closed = outcome
            break
        }
        timer.cancel()
        signal.finish()
        _ = closing
        return closed
    }

    public func checkReachable() async throws(StoreError) {
        _ = try await run { client in try await client.query("SELECT 1", logger: self.logger).collect() }
    }

    // MARK: Running operations

    /// Runs `body` with the pool, within ``Options/operationTimeout``, turning every failure into a `StoreError`.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws(StoreError) -> T {
        let client = self.client
        let timeout = options.operationTimeout
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask { try await body(client) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    return nil
                }
                defer { group.cancelAll() }
                guard let first = try await group.next(), let value = first else { throw PostgresFailure.timedOut(timeout) }
                return value
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw PostgresFailure.storeError(error, location: database.redacted)
        }
    }

    /// Runs `body` in one transaction on one connection of the pool: committed when it returns,
    /// rolled back when it throws.
    func transaction<T: Sendable>(_ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T) async throws(StoreError) -> T {
        let logger = self.logger
        return try await run { client in
            try await client.withConnection { connection in
                try await connection.query("BEGIN", logger: logger)
                do {
                    let value = try await body(connection, logger)
                    try await connection.query("COMMIT", logger: logger)
                    return value
                } catch {
                    _ = try? await connection.query("ROLLBACK", logger: logger)
                    throw error
                }
            }
        }
    }

    // MARK: Configuration

    static func connectionConfiguration(_ database: PostgresLocation, _ options: Options) -> PostgresConnection.Configuration {
        var configuration = PostgresConnection.Configuration(
            host: database.host, port: database.port, username: database.username, password: database.password, database: database.database,
            tls: .disable)
        configuration.options.connectTimeout = .nanoseconds(options.connectTimeout.nanoseconds)
        configuration.options.additionalStartupParameters = startupParameters(database)
        return configuration
    }

    static func clientConfiguration(_ database: PostgresLocation, _ options: Options) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: database.host, port: database.port, username: database.username, password: database.password, database: database.database,
            tls: .disable)
        configuration.options.maximumConnections = options.maximumConnections
        configuration.options.connectTimeout = options.connectTimeout
        configuration.options.additionalStartupParameters = startupParameters(database)
        return configuration
    }

    private static func startupParameters(_ database: PostgresLocation) -> [(String, String)] {
        var parameters = [("application_name", "places")]
        // `public` after the store's schema: PostGIS's types and functions live there.
        if let schema = database.schema { parameters.append(("search_path", "\(schema), public")) }
        return parameters
    }
}

extension Duration {
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
