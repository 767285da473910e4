import Foundation
import PlaceCore
import PlaceSearchTesting
import PlaceStorePostgres
import PostgresNIO
import Testing

/// `--database` URLs: read without a server.
@Suite(.timeLimit(.minutes(10))) struct PostgresLocationTests {
    @Test func aURLIsReadAndShownWithoutItsPassword() throws {
        let location = try PostgresLocation(parsing: "postgres://ana:s%40cret@db.example:6543/places?schema=tenant_1")
        #expect(location.host == "db.example")
        #expect(location.port == 6543)
        #expect(location.username == "ana")
        #expect(location.password == "s@cret")
        #expect(location.database == "places")
        #expect(location.schema == "tenant_1")
        #expect(location.redacted == "postgres://ana:***@db.example:6543/places?schema=tenant_1")
        #expect(!location.redacted.contains("cret"))
        #expect(try PostgresLocation(parsing: "postgresql://ana@localhost/places").port == 5432)
        #expect(location.tls == .prefer)
    }

    /// libpq's sslmode and sslrootcert: a root certificate alone means verify-full; both are shown.
    @Test func theTLSModeIsReadAsLibpqReadsIt() throws {
        #expect(try PostgresLocation(parsing: "postgres://ana@db/places?sslmode=disable").tls == .disable)
        #expect(try PostgresLocation(parsing: "postgres://ana@db/places?sslmode=require").tls == .require)
        let checked = try PostgresLocation(parsing: "postgres://ana:pw@db/places?sslrootcert=/etc/ca.pem&schema=t")
        #expect(checked.tls == .verifyFull)
        #expect(checked.rootCertificate == "/etc/ca.pem")
        #expect(checked.redacted == "postgres://ana:***@db:5432/places?schema=t&sslmode=verify-full&sslrootcert=/etc/ca.pem")
    }

    @Test(arguments: [
        ("mysql://ana:pw@host/db", "does not start with postgres://"),
        ("postgres://ana:pw@/db", "names no host"),
        ("postgres://host/db", "names no user"),
        ("postgres://ana:pw@host", "names no database"),
        ("postgres://ana:pw@host/db?sslmode=sometimes", "sslmode must be disable, prefer, require or verify-full, not 'sometimes'"),
        ("postgres://ana:pw@host/db?sslmode=require&sslrootcert=ca.pem", "only sslmode=verify-full"),
        ("postgres://ana:pw@host/db?connect_timeout=3", "not 'connect_timeout'"),
        ("postgres://ana:pw@host/db?schema=Robert'); DROP", "is not a name of letters"),
    ])
    func aMalformedURLIsRefusedNamingWhatIsWrongAndNeverThePassword(text: String, reason: String) {
        #expect {
            try PostgresLocation(parsing: text)
        } throws: { error in
            let description = "\(error)"
            return description.contains(reason) && !description.contains(":pw@") && description.contains("postgres://USER")
        }
    }
}

/// Opening a PostgreSQL store: the schema's migrations, and a server that is not there.
@Suite(
    .enabled(if: TestDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct PostgresOpeningTests {
    /// Eight instances starting at once on an empty schema: one migrates, the others find it done.
    @Test func instancesStartingAtOnceMigrateOnce() async throws {
        try await withFreshStore(.postgres) { fixture in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<8 { group.addTask { _ = try await fixture.instance() } }
                try await group.waitForAll()
            }
            let store = try await fixture.instance()
            #expect(try await store.accounts().map(\.name) == ["local"])
            let location = try #require(store as? PostgresStore).database
            #expect(try await Self.versions(location) == [1, 2, 3, 4, 5, 6])
        }
    }

    @Test func aDatabaseMigratedByANewerPlacesIsRefused() async throws {
        try await withFreshStore(.postgres) { fixture in
            let store = try #require(try await fixture.instance() as? PostgresStore)
            try await Self.execute(store.database, "INSERT INTO places_schema (version, name) VALUES (99, 'from the future')")
            do {
                _ = try await fixture.instance()
                Issue.record("a newer schema was opened")
            } catch let error as StoreError {
                #expect(error.kind == .newerSchema)
                #expect(error.detail.contains("99"))
            }
        }
    }

    /// Nothing listens on the port: one clear error naming the URL, without its password.
    @Test func aServerThatIsNotThereIsUnreachableAndTheMessageHidesThePassword() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let location = try PostgresLocation(parsing: "postgres://places:hunter2@127.0.0.1:\(port)/nowhere")
        do {
            _ = try await PostgresStore.open(location, logger: TestDatabase.logger)
            Issue.record("a store opened on a closed port")
        } catch {
            #expect(error.kind == .unreachable)
            #expect(error.description.contains("postgres://places:***@127.0.0.1:\(port)/nowhere"))
            #expect(!error.description.contains("hunter2"))
            #expect(error.description.contains("check that PostgreSQL runs there"))
        }
    }

    static func versions(_ location: PostgresLocation) async throws -> [Int] {
        try await withConnection(location) { connection in
            try await connection.query("SELECT version FROM places_schema ORDER BY version", logger: TestDatabase.logger).decode(Int.self)
                .reduce(into: []) { $0.append($1) }
        }
    }

    static func execute(_ location: PostgresLocation, _ sql: String) async throws {
        _ = try await withConnection(location) { connection in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestDatabase.logger).collect().count
        }
    }

    static func withConnection<T: Sendable>(_ location: PostgresLocation, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        var configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password, database: location.database,
            tls: .disable)
        if let schema = location.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 2, logger: TestDatabase.logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
