import Foundation
import ProcessTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A PostgreSQL cluster of a test's own (Scripts/test-postgres.sh), for what must not happen to the
/// one the other tests share: stopping it, or turning TLS on.
final class OwnCluster: Sendable {
    let folder: String
    let url: String

    /// - Parameters:
    ///   - ssl: with TLS on, its certificate self-signed.
    ///   - descriptors: descriptors the script's caller leaves open to it (``script(_:inheriting:)``).
    init(ssl: Bool = false, inheriting descriptors: Int = 0) throws {
        let started = try Self.script(["start"] + (ssl ? ["--ssl"] : []), inheriting: descriptors)
        var exports: [String: String] = [:]
        for line in started.split(separator: "\n") {
            guard let assignment = line.split(separator: " ").last, let equals = assignment.firstIndex(of: "=") else { continue }
            exports[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        guard let folder = exports["PLACES_TEST_POSTGRES_DIR"], let url = exports["PLACES_TEST_DATABASE_URL"] else {
            throw TestFailure("test-postgres.sh start said: \(started)")
        }
        self.folder = folder
        self.url = url
    }

    deinit { _ = try? Self.script(["stop", folder]) }

    /// Stops the server, keeping its data: nothing listens on its port.
    func pause() throws { try Self.script(["pause", folder]) }

    /// Starts it again on its port; returns when it accepts connections.
    func resume(inheriting descriptors: Int = 0) throws { try Self.script(["resume", folder], inheriting: descriptors) }

    /// Runs Scripts/test-postgres.sh with `arguments`, returning what it printed.
    ///
    /// Spawned and waited for here rather than through Foundation's Process, whose wait does not
    /// return for this script here (the server it starts outlives it).
    /// - Parameter descriptors: how many descriptors (from 10 up) a shell opens before it runs the
    ///   script, as a test runner with many processes in flight leaves them open to its children.
    @discardableResult static func script(_ arguments: [String], inheriting descriptors: Int = 0) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("test-postgres-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        let script = TestServer.repository.appendingPathComponent("Scripts/test-postgres.sh").path
        let opening = "for n in $(seq 10 \(9 + descriptors)); do eval \"exec $n</dev/null\"; done; exec \"$@\""
        let path = descriptors > 0 ? "/bin/bash" : script
        let argv = ((descriptors > 0 ? ["/bin/bash", "-c", opening, "bash", script] : [script]) + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else { throw TestFailure("cannot run \(path)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        // Exited normally, with 0.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else { throw TestFailure("test-postgres.sh \(arguments) failed: \(text)") }
        return text
    }
}

/// `places serve --database` when the database goes away and comes back, and over TLS, through
/// the built binaries on clusters of their own. Skipped, visibly, without PostgreSQL.
@Suite(
    .serialized, .enabled(if: ServerDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"),
    .timeLimit(.minutes(10)))
struct DatabaseFaultProcessTests {
    /// Nothing listens where the database was: each request is answered 503 with Retry-After at
    /// once, not at the end of the operation bound (ten minutes here, beyond the reads' own guard);
    /// when it is back, the next request is answered as before, with nothing lost.
    @Test func aServerWhoseDatabaseIsGoneAnswers503AtOnceAndRecoversWhenItReturns() async throws {
        let cluster = try OwnCluster()
        let scratch = try Scratch()
        let added = try await ServerProcessTests.run("places", ["serve", "users", "add", "ana", "--database", cluster.url], scratch)
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let (process, _, port) = try await ServerProcessTests.start(
            ["--listen", "127.0.0.1:0", "--database", cluster.url, "--database-timeout", "10m"], scratch)
        // Stopped, not waited for: a wait here would hold a cooperative thread, and a server
        // that does not stop on SIGTERM is ServerProcessTests' to find.
        defer { if process.isRunning { process.terminate() } }
        let ask = { @Sendable (path: String) async throws -> String in
            try await onThread {
                let connection = try RawConnection(port: port)
                connection.send("GET \(path) HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\nConnection: close\r\n\r\n")
                return connection.readToEnd().text
            }
        }
        let before = try await ask("/v1/favorites")
        #expect(before.hasPrefix("HTTP/1.1 200"), "\(before)")

        try cluster.pause()
        for _ in 0..<3 {
            let refused = try await ask("/v1/favorites")
            #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused)")
            #expect(refused.lowercased().contains("retry-after: 1"), "\(refused)")
            #expect(refused.contains("cannot be reached"), "\(refused)")
            #expect(refused.contains(cluster.url), "\(refused)")
        }
        let health = try await ask("/health")
        #expect(health.hasPrefix("HTTP/1.1 503"), "\(health)")

        try cluster.resume()
        let after = try await ask("/v1/favorites")
        #expect(after.hasPrefix("HTTP/1.1 200"), "\(after)")
        let healthy = try await ask("/health")
        #expect(healthy.hasPrefix("HTTP/1.1 200"), "\(healthy)")
    }

    /// A caller that leaves a thousand descriptors open to the script (a test runner with process
    /// tests in flight does) still gets a cluster, and gets it back after a pause: PostgreSQL counts
    /// what it inherits against its own descriptors, and refused to start ("insufficient file
    /// descriptors available to start server process") until the script closed them.
    @Test func aClusterStartsAndResumesForACallerWithAThousandDescriptorsOpen() async throws {
        let cluster = try OwnCluster(inheriting: 1_000)
        try cluster.pause()
        try cluster.resume(inheriting: 1_000)
        let scratch = try Scratch()
        let added = try await ServerProcessTests.run("places", ["serve", "users", "add", "ana", "--database", cluster.url], scratch)
        #expect(added.status == 0, "\(added.stderr)")
    }

    /// `sslmode=require` encrypts without checking the certificate; `verify-full` refuses one
    /// signed by no authority it trusts, in one line naming the URL (without its password) and
    /// what to do, and takes it with `sslrootcert=`; a server without TLS refuses `require`.
    @Test func tlsModesFromTheURL() async throws {
        let cluster = try OwnCluster(ssl: true)
        let scratch = try Scratch()
        let withPassword = cluster.url.replacingOccurrences(of: "postgres://places@", with: "postgres://places:hunter2@")

        let required = try await ServerProcessTests.run(
            "places", ["serve", "users", "add", "ana", "--database", cluster.url + "?sslmode=require"], scratch)
        #expect(required.status == 0, "\(required.stderr)")

        let untrusted = try await ServerProcessTests.run(
            "places", ["serve", "users", "list", "--database", withPassword + "?sslmode=verify-full"], scratch)
        #expect(untrusted.status == 69, "\(untrusted.stderr)")
        let line = untrusted.stderr.trimmingCharacters(in: .newlines)
        #expect(!line.contains("\n"), "\(line)")
        #expect(line.contains(cluster.url.replacingOccurrences(of: "places@", with: "places:***@") + "?sslmode=verify-full"), "\(line)")
        #expect(line.contains("certificate is not trusted"), "\(line)")
        #expect(line.contains("sslrootcert=FILE"), "\(line)")
        #expect(!line.contains("hunter2"))

        let trusted = try await ServerProcessTests.run(
            "places", ["serve", "users", "list", "--database", cluster.url + "?sslrootcert=\(cluster.folder)/server.crt"], scratch)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        #expect(trusted.stdout.contains("ana"), "\(trusted.stdout)")

        let plain = try #require(ServerDatabase.url)
        let refused = try await ServerProcessTests.run("places", ["serve", "users", "list", "--database", plain + "?sslmode=require"], scratch)
        #expect(refused.status == 69, "\(refused.stderr)")
        #expect(refused.stderr.contains("the server does not offer TLS"), "\(refused.stderr)")
    }
}
