public import Logging
public import PlaceCore
import PostgresNIO
import Synchronization

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
        /// How long an operation runs before a connection of its own checks that the database is
        /// there (when the bound is longer).
        public var checkAfter: Duration = .seconds(1)

        public init() {}
    }

    public let database: PostgresLocation
    public var location: String { database.redacted }
    let logger: Logger
    let options: Options
    /// How single connections (not the pool's) use TLS: made once.
    private let connectionTLS: PostgresConnection.Configuration.TLS
    /// The pool, replaced by a fresh one when the database returns after an outage (see ``reachability``).
    private let pool: Mutex<Pool>
    /// Whether an operation lost the database since it was last reached.
    private let reachability = Mutex(false)
    /// The try at connecting after a loss that operations wait on, while one runs.
    private let probing = Mutex<Task<StoreError?, Never>?>(nil)
    /// Set by ``shutdown()``: no pool is started after it.
    private let stopped = Mutex(false)

    /// A pool of connections and the task that runs it.
    private struct Pool: Sendable {
        let client: PostgresClient
        let running: Task<Void, Never>

        init(_ configuration: PostgresClient.Configuration) {
            let client = PostgresClient(configuration: configuration)
            self.client = client
            running = Task { await client.run() }
        }
    }

    private init(database: PostgresLocation, options: Options, connectionTLS: PostgresConnection.Configuration.TLS, logger: Logger) {
        self.database = database
        self.options = options
        self.connectionTLS = connectionTLS
        self.logger = logger
        pool = Mutex(Pool(Self.clientConfiguration(database, options)))
    }

    deinit { pool.withLock { $0.running.cancel() } }

    /// Connects to `database`, migrates its schema (safely when several instances start at once)
    /// and starts the pool.
    /// - Throws: `.unreachable` when no connection can be made (naming the URL without its password
    ///   and why), `.newerSchema` when a newer places migrated the database.
    public static func open(_ database: PostgresLocation, options: Options = Options(), logger: Logger) async throws(StoreError)
        -> PostgresStore
    {
        let tls = try PostgresTLS.connection(database)
        let first: PostgresConnection
        do {
            first = try await PostgresConnection.connect(configuration: connectionConfiguration(database, options, tls: tls), id: 0, logger: logger)
        } catch {
            throw PostgresFailure.unreachable(error, location: database.redacted)
        }
        do {
            try await PostgresSchema.migrate(first, schema: database.schema, location: database.redacted, logger: logger)
        } catch {
            try? await first.close()
            throw error
        }
        try? await first.close()
        return PostgresStore(database: database, options: options, connectionTLS: tls, logger: logger)
    }

    /// Stops the pool: its connections close, and operations after this fail.
    /// - Parameter bound: how long to wait for the pool to close. After the database went away
    ///   the pool may keep retrying its connections instead of ending (postgres-nio 1.33's
    ///   `run()`, vapor/postgres-nio#599), and a process stopping must not wait for it.
    /// - Returns: false when the pool had not closed within `bound`.
    @discardableResult
    public func shutdown(within bound: Duration = .seconds(5)) async -> Bool {
        stopped.withLock { $0 = true }
        let running = pool.withLock { $0.running }
        running.cancel()
        // Awaiting a task's value ignores cancellation: the bound answers without waiting for it.
        let closed: Void? = try? await Self.first(
            of: { await running.value },
            orFailure: {
                try await Task.sleep(for: bound)
                throw PostgresFailure.timedOut(bound)
            })
        return closed != nil
    }

    public func checkReachable() async throws(StoreError) {
        _ = try await run { client in try await client.query("SELECT 1", logger: self.logger).collect() }
    }

    // MARK: Running operations

    /// Runs `body` with the pool, within ``Options/operationTimeout``, turning every failure into a `StoreError`.
    ///
    /// A database that cannot be reached is said at once rather than at the end of the bound: an
    /// operation that has not finished within ``Options/checkAfter`` tries one connection of its
    /// own, and fails when that is refused (the pool would keep it waiting while it backs off
    /// between its attempts). Once an operation has lost the database, the next ones try that
    /// connection first; when it connects, the database is back and a fresh pool serves at once.
    func run<T: Sendable>(_ body: @escaping @Sendable (PostgresClient) async throws -> T) async throws(StoreError) -> T {
        if reachability.withLock({ $0 }), let failure = await probe().value { throw failure }
        let client = pool.withLock { $0.client }
        let (timeout, checkAfter) = (options.operationTimeout, options.checkAfter)
        do {
            return try await Self.first(
                of: { try await body(client) },
                // The bound and the check share one task: a task of its own for the check cost a
                // few per cent of a busy instance's requests (/health in Benchmarks/server-postgres.sh).
                orFailure: {
                    let deadline = ContinuousClock.now + timeout
                    if checkAfter < timeout {
                        try await Task.sleep(for: checkAfter)
                        if let failure = await self.probe().value { throw failure }
                    }
                    // Reachable, only slow: the bound decides.
                    try await Task.sleep(until: deadline, clock: .continuous)
                    throw PostgresFailure.timedOut(timeout)
                })
        } catch {
            let failure = PostgresFailure.storeError(error, location: database.redacted)
            if failure.kind == .unreachable { reachability.withLock { $0 = true } }
            throw failure
        }
    }

    /// What `operation` gives, or what `failure` throws, whichever comes first; the other is
    /// cancelled and not waited for. A task group would wait for both: an operation that does not
    /// end when cancelled (a request for a connection parked in PostgresNIO's pool while the
    /// database refuses the user) held the caller past the bound, so a request could hang.
    static func first<T: Sendable>(
        of operation: @escaping @Sendable () async throws -> T, orFailure failure: @escaping @Sendable () async throws -> Never
    ) async throws -> T {
        let (outcomes, outcome) = AsyncStream.makeStream(of: Result<T, any Error>.self)
        let work = Task {
            do { outcome.yield(.success(try await operation())) } catch { outcome.yield(.failure(error)) }
        }
        let bound = Task {
            do { try await failure() } catch { outcome.yield(.failure(error)) }
        }
        defer {
            work.cancel()
            bound.cancel()
            outcome.finish()
        }
        for await result in outcomes { return try result.get() }
        // The caller was cancelled: the stream ends without an outcome.
        throw CancellationError()
    }

    /// The try at connecting that is under way, or a new one: one at a time, which every operation
    /// waiting meanwhile shares, so that a busy instance does not open a connection per request.
    private func probe() -> Task<StoreError?, Never> {
        probing.withLock { probing in
            if let probing { return probing }
            let attempt = Task {
                let failure = await self.connectOnce()
                self.probing.withLock { $0 = nil }
                return failure
            }
            probing = attempt
            return attempt
        }
    }

    /// One connection of its own, closed at once: nil when it was made (the pool is then renewed
    /// when an operation had lost the database), else why not.
    private func connectOnce() async -> StoreError? {
        var configuration = Self.connectionConfiguration(database, options, tls: connectionTLS)
        configuration.options.connectTimeout = .nanoseconds(min(options.connectTimeout, options.operationTimeout).nanoseconds)
        do {
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
            try? await connection.close()
        } catch {
            return PostgresFailure.unreachable(error, location: database.redacted)
        }
        let lost = reachability.withLock { lost in
            defer { lost = false }
            return lost
        }
        guard lost, !stopped.withLock({ $0 }) else { return nil }
        // The old pool may be backing off between attempts (up to a minute): a fresh one serves now.
        // Whatever still runs on the old one has its operation bound to finish before it stops.
        let (old, grace) = (
            pool.withLock { pool in
                defer { pool = Pool(Self.clientConfiguration(database, options)) }
                return pool.running
            }, options.operationTimeout
        )
        Task {
            try? await Task.sleep(for: grace)
            old.cancel()
        }
        return nil
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

    static func connectionConfiguration(_ database: PostgresLocation, _ options: Options, tls: PostgresConnection.Configuration.TLS)
        -> PostgresConnection.Configuration
    {
        var configuration = PostgresConnection.Configuration(
            host: database.host, port: database.port, username: database.username, password: database.password, database: database.database,
            tls: tls)
        configuration.options.connectTimeout = .nanoseconds(options.connectTimeout.nanoseconds)
        configuration.options.additionalStartupParameters = startupParameters(database)
        return configuration
    }

    static func clientConfiguration(_ database: PostgresLocation, _ options: Options) -> PostgresClient.Configuration {
        var configuration = PostgresClient.Configuration(
            host: database.host, port: database.port, username: database.username, password: database.password, database: database.database,
            tls: PostgresTLS.client(database))
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
