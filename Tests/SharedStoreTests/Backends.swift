import Foundation
import Logging
import PlaceCore
import PlaceSearchTesting
import PlaceStore
import PlaceStorePostgres
import PostgresNIO
import Synchronization

/// The PostgreSQL server the tests may use: `PLACES_TEST_DATABASE_URL`, which
/// `Scripts/test-postgres.sh start` prints (and `.ci/run` sets). Without it the PostgreSQL suites
/// are skipped, and say so.
enum TestDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["PLACES_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isSet: Bool { url != nil }
    static let logger = Logger(label: "places.tests.postgres")
}

/// Which store a contract test runs against.
enum Backend: String, Sendable, CustomStringConvertible {
    case sqlite
    case postgres

    var description: String { rawValue }

    /// A fresh, empty store of this backend (a new file, or a new schema), from which tests open
    /// as many instances as they like: each instance is a separate connection (SQLite) or pool
    /// (PostgreSQL) on the same data, as two server processes would be.
    func fresh() async throws -> StoreFixture {
        switch self {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-shared-\(UUID().uuidString)").path
            return StoreFixture(
                open: { try SQLitePlaceStore.openForWriting(at: folder + "/places.sqlite") },
                close: { _ in },
                cleanup: { try? FileManager.default.removeItem(atPath: folder) })
        case .postgres:
            guard let url = TestDatabase.url else { throw StoreError(.unreachable, path: "PLACES_TEST_DATABASE_URL", detail: "not set") }
            // A schema of its own per test: tests run in parallel and in any order on one database.
            var location = try PostgresLocation(parsing: url)
            location.schema = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            var options = PostgresStore.Options()
            options.maximumConnections = 4
            // A loaded machine runs many tests at once; an operation here may wait long for its turn.
            options.operationTimeout = .seconds(60)
            let (opened, limits) = (location, options)
            return StoreFixture(
                open: { try await PostgresStore.open(opened, options: limits, logger: TestDatabase.logger) },
                close: { store in await (store as? PostgresStore)?.shutdown() },
                cleanup: { try? await Self.dropSchema(opened) })
        }
    }

    private static func dropSchema(_ location: PostgresLocation) async throws {
        guard let schema = location.schema else { return }
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: location.host, port: location.port, username: location.username, password: location.password, database: location.database,
                tls: .disable),
            id: 1, logger: TestDatabase.logger)
        try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(schema) CASCADE"), logger: TestDatabase.logger)
        try await connection.close()
    }
}

/// One fresh store and the instances opened on it; ``finish()`` closes them and removes the data.
final class StoreFixture: Sendable {
    private let opener: @Sendable () async throws -> any SharedStore
    private let closer: @Sendable (any SharedStore) async -> Void
    private let cleanup: @Sendable () async -> Void
    private let opened = Mutex<[any SharedStore]>([])

    init(
        open: @escaping @Sendable () async throws -> any SharedStore, close: @escaping @Sendable (any SharedStore) async -> Void,
        cleanup: @escaping @Sendable () async -> Void
    ) {
        opener = open
        closer = close
        self.cleanup = cleanup
    }

    /// Another instance on the same data.
    func instance() async throws -> any SharedStore {
        let store = try await opener()
        opened.withLock { $0.append(store) }
        return store
    }

    func finish() async {
        for store in opened.withLock({ $0 }) { await closer(store) }
        await cleanup()
    }
}

/// Runs `body` with a fresh store of `backend`, and always cleans up.
func withFreshStore(_ backend: Backend, _ body: (StoreFixture) async throws -> Void) async throws {
    let fixture = try await backend.fresh()
    do {
        try await body(fixture)
    } catch {
        await fixture.finish()
        throw error
    }
    await fixture.finish()
}

enum Samples {
    static let dam = Coordinate(52.3731, 4.8926)
    /// Whole seconds: stored dates are seconds since 1970 as a Double, exact for these.
    static let monday = Date(timeIntervalSince1970: 1_795_000_000)

    static func place(_ number: Int) -> Place {
        Place.sample("osm", "node/\(number)", name: "Café \(number)", at: Coordinate(52 + Double(number) / 10_000, 4.9))
    }

    static func favorite(_ number: Int, note: String? = nil, at date: Date = monday) -> Favorite {
        Favorite(place: place(number), note: note, addedAt: date)
    }

    static func entry(_ id: String, points: Int = 40, feed: String = "Amsterdam centrum", at second: Double = 0) -> PointsEntry {
        PointsEntry(
            feed: feed, recommendationID: PlaceID(provider: "feed", nativeID: id), name: "Rec \(id)", points: points,
            arrivedAt: monday.addingTimeInterval(second), recordedAt: monday.addingTimeInterval(second + 1), position: dam)
    }
}
