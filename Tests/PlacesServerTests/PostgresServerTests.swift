import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import PlaceStorePostgres
import PostgresNIO
import PlacesKit
import PlacesServer
import Testing

/// A PostgreSQL database for the server's tests: `PLACES_TEST_DATABASE_URL` (see
/// Scripts/test-postgres.sh), a schema of its own per test.
enum ServerDatabase {
    static let url: String? = ProcessInfo.processInfo.environment["PLACES_TEST_DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 }
    static var isSet: Bool { url != nil }
    static let logger = Logger(label: "places.tests.server-postgres")

    /// The test database with a new schema (and, when `user` is given, as that user).
    static func fresh(user: String? = nil, password: String? = nil) throws -> PostgresLocation {
        var location = try PostgresLocation(parsing: url ?? "")
        location.schema = "s_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        if let user {
            location.username = user
            location.password = password
        }
        return location
    }

    static func open(_ location: PostgresLocation, timeout: Duration = .seconds(60)) async throws -> PostgresStore {
        var options = PostgresStore.Options()
        options.maximumConnections = 4
        options.operationTimeout = timeout
        return try await PostgresStore.open(location, options: options, logger: logger)
    }

    /// Runs `sql` (statements separated by "; ") as the test database's own user (a superuser of
    /// the throwaway cluster).
    static func administer(_ sql: String) async throws {
        let admin = try PostgresLocation(parsing: url ?? "")
        let connection = try await PostgresConnection.connect(
            configuration: .init(
                host: admin.host, port: admin.port, username: admin.username, password: admin.password, database: admin.database, tls: .disable),
            id: 3, logger: logger)
        do {
            for statement in sql.components(separatedBy: "; ") {
                _ = try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger).collect()
            }
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()
    }
}

/// `places serve --database`: instances on one PostgreSQL database act as one service, and a
/// database that goes away is a 503, not a crash, until it returns. Skipped, visibly, without a
/// server: set PLACES_TEST_DATABASE_URL (`eval "$(Scripts/test-postgres.sh start)"`; .ci/run does).
@Suite(
    .enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct PostgresServerTests {
    @Test func twoInstancesOnOneDatabaseShareTokensFavouritesAndPoints() async throws {
        let location = try ServerDatabase.fresh()
        let one = try await ServerDatabase.open(location)
        let two = try await ServerDatabase.open(location)
        let first = try TestServer(shared: one) { $0.clock = Walks.clock(start: FollowTests.t0) }
        let second = try TestServer(sharing: first, shared: two) { $0.clock = Walks.clock(start: FollowTests.t0.addingTimeInterval(3600)) }
        let ana = try #require(try await one.addAccount(named: "ana", at: Date()))
        let (token, record) = APIToken.issue(for: ana.id, at: Date())
        try await one.addToken(record)
        let parkingID = try await first.withClient { client in
            // Kept through the first instance…
            let parking = try await client.get("/v1/parking?near=52.3731,4.8926&provider=parkshark&top=1", token: token).json()
            let id = try #require(parking["results"]?.arrayValue?.first?["id"]?.stringValue)
            let added = try await client.send("/v1/favorites", method: .post, token: token, body: #"{"id": "\#(id)", "note": "by one"}"#)
            #expect(added.status == .created, "\(added.text)")
            // …and a live walk there earns its points once.
            let walk = Walks.along(try await FollowTests.route(first), speed: 1.3, start: FollowTests.t0)
            let arrived = try FollowTests.arrival(try await FollowTests.follow(client, token: token, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 40, "\(arrived)")
            return id
        }
        try await second.withClient { client in
            // …listed by the second, at once; the same recommendation earns nothing there.
            let list = try await client.get("/v1/favorites", token: token).json()
            #expect(list["favorites"]?.arrayValue?.map { $0["id"]?.stringValue } == [parkingID])
            #expect(list["favorites"]?.arrayValue?.first?["note"]?.stringValue == "by one")
            let later = FollowTests.t0.addingTimeInterval(3600)
            let walk = Walks.along(try await FollowTests.route(first), speed: 1.2, start: later, seed: 99)
            let arrived = try FollowTests.arrival(try await FollowTests.follow(client, token: token, walk))
            #expect(arrived["points_awarded"]?.doubleValue == 0)
            #expect(try await client.get("/v1/points", token: token).json()["balance"]?.doubleValue == 40)
            let health = try await client.get("/health").json()
            #expect(health["database"]?["ok"] == true)
            #expect(health["database"]?["location"]?.stringValue == location.redacted)
        }
        // Revoked through the second instance's store: the first refuses the token on its next request.
        #expect(try await two.revokeTokens(of: ana.id, hint: nil, at: Date()) == 1)
        let afterRevoking = try await first.withClient { client in try await client.get("/v1/favorites", token: token).status }
        #expect(afterRevoking == .unauthorized)
        #expect(try await one.pointsHistory(of: ana.id).count == 1)
        await one.shutdown()
        await two.shutdown()
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }

    /// Fifty live walks of one walker to one recommendation arriving at once, half through each of
    /// two instances (two pools on one database): one award, forty-nine told it was awarded already.
    @Test func fiftyConcurrentArrivalsOverTwoInstancesAwardOnce() async throws {
        let location = try ServerDatabase.fresh()
        let stores = [try await ServerDatabase.open(location), try await ServerDatabase.open(location)]
        let base = try TestServer(shared: stores[0])
        let walker = try #require(try await stores[0].addAccount(named: "walker", at: Date()))
        let (token, record) = APIToken.issue(for: walker.id, at: Date())
        try await stores[0].addToken(record)
        let route = try await FollowTests.route(base)
        let awarded = try await withThrowingTaskGroup(of: Double.self) { group in
            for index in 0..<50 {
                // Each walk its own server clock (the checks read it once per fix), on one of the two pools.
                let server = try TestServer(sharing: base, shared: stores[index % 2]) { $0.clock = Walks.clock(start: FollowTests.t0) }
                let walk = Walks.along(route, speed: 1.3, start: FollowTests.t0, seed: UInt64(100 + index))
                group.addTask {
                    try await server.withClient { client in
                        let arrived = try FollowTests.arrival(try await FollowTests.follow(client, token: token, walk))
                        return arrived["points_awarded"]?.doubleValue ?? -1
                    }
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(awarded.filter { $0 == 40 }.count == 1, "\(awarded)")
        #expect(awarded.filter { $0 == 0 }.count == 49)
        #expect(try await stores[1].pointsHistory(of: walker.id).count == 1)
        #expect(try await stores[1].pointsBalance(of: walker.id) == 40)
        for store in stores { await store.shutdown() }
        try await ServerDatabase.administer("DROP SCHEMA \(location.schema ?? "") CASCADE")
    }

    /// The server's database user is refused and its sessions ended (as when the database is
    /// restarted or moved): requests that need it answer 503 with a problem document naming the
    /// database without its password, /health says not ready; when the user may log in again,
    /// the next requests answer as before, with nothing lost.
    @Test func aDatabaseThatGoesAwayAnswers503AndRecovers() async throws {
        let user = "u_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(20)
        try await ServerDatabase.administer("CREATE ROLE \(user) LOGIN SUPERUSER")
        let location = try ServerDatabase.fresh(user: String(user), password: "secret-pw")
        let store = try await ServerDatabase.open(location, timeout: .seconds(2))
        let server = try TestServer(shared: store)
        let ana = try #require(try await store.addAccount(named: "ana", at: Date()))
        let (token, record) = APIToken.issue(for: ana.id, at: Date())
        try await store.addToken(record)
        _ = try await store.addFavorite(
            Favorite(place: Place.sample("osm", "node/2", name: "Kept", at: FollowTests.dam), addedAt: Date()), owner: ana.id)
        try await server.withClient { client in
            #expect(try await client.get("/v1/favorites", token: token).status == .ok)
            try await ServerDatabase.administer(
                "ALTER ROLE \(user) NOLOGIN; SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '\(user)'")
            let refused = try await client.get("/v1/favorites", token: token)
            #expect(refused.status == .serviceUnavailable, "\(refused.text)")
            #expect(refused.headers[.contentType] == "application/problem+json")
            let detail = try refused.json()["detail"]?.stringValue ?? ""
            #expect(detail.contains(location.redacted), "\(detail)")
            #expect(!refused.text.contains("secret-pw"))
            let health = try await client.get("/health")
            #expect(health.status == .serviceUnavailable)
            #expect(try health.json()["database"]?["ok"] == false)
            try await ServerDatabase.administer("ALTER ROLE \(user) LOGIN")
            // The pool reconnects on its own; each try is bounded by the store's timeout.
            var answer = try await client.get("/v1/favorites", token: token)
            for _ in 0..<60 where answer.status != .ok { answer = try await client.get("/v1/favorites", token: token) }
            #expect(answer.status == .ok, "\(answer.text)")
            #expect(try answer.json()["favorites"]?.arrayValue?.map { $0["name"]?.stringValue } == ["Kept"])
        }
        await store.shutdown()
        try await ServerDatabase.administer(
            "DROP SCHEMA \(location.schema ?? "") CASCADE; REASSIGN OWNED BY \(user) TO CURRENT_USER; DROP ROLE \(user)")
    }
}
