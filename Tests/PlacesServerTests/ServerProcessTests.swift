import Foundation
import ProcessTesting
import Glibc
import PlaceCore
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built executables: `places serve …` runs `places-server`, accounts are added from the
/// command line, and SIGTERM lets a request in flight finish before the process exits.
@Suite(.serialized, .timeLimit(.minutes(10))) struct ServerProcessTests {
    static var products: URL {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("places-server").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder
    }

    /// Runs `binary ARGUMENTS` and waits for it without holding a thread: the task is resumed by
    /// the process's termination handler. A test that blocked here (as this did, reading pipes
    /// and `waitUntilExit()`) held one of the cooperative pool's threads, two at once the whole
    /// pool on a 2-core machine, while the child may wait on what the test process holds (stop 34).
    static func run(_ binary: String, _ arguments: [String], _ scratch: Scratch, adding environment: [String: String] = [:]) async throws
        -> (status: Int32, stdout: String, stderr: String)
    {
        let outcome = try await ChildProcess.run(
            products.appendingPathComponent(binary), arguments, environment: scratch.environment.merging(environment) { $1 })
        return (outcome.status, outcome.stdout, outcome.stderr)
    }

    /// `places-server ARGUMENTS`, running once it says where it listens; its stderr, and its port.
    static func start(_ arguments: [String], _ scratch: Scratch) async throws -> (process: Process, stderr: StderrLines, port: Int) {
        let process = Process()
        process.executableURL = products.appendingPathComponent("places-server")
        process.arguments = arguments
        process.environment = scratch.environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = StderrLines(err.fileHandleForReading)
        let listening = try await onThread { stderr.first(where: { $0.contains("listening on http://127.0.0.1:") }) }
        guard let listening,
            let port = listening.firstMatch(of: /127\.0\.0\.1:(\d+)/).flatMap({ Int($0.1) })
        else {
            process.terminate()
            throw TestFailure("places-server did not start: \(stderr.all)")
        }
        return (process, stderr, port)
    }

    @Test func placesServeRunsTheServerBesideIt() async throws {
        let scratch = try Scratch()
        let help = try await Self.run("places", ["serve", "--help"], scratch)
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE: places serve"), "\(help.stdout)")
        #expect(help.stdout.contains("--open-search"))
        let added = try await Self.run("places", ["serve", "users", "add", "ana"], scratch)
        #expect(added.status == 0, "\(added.stderr)")
        let token = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(token.hasPrefix("plc_") && token.count == 47, "\(added.stdout)")
        #expect(added.stderr.contains("shown only now"))
        let again = try await Self.run("places", ["serve", "users", "add", "ana"], scratch)
        #expect(again.status == 64)
        #expect(again.stderr.contains("exists already"))
        let list = try await Self.run("places", ["serve", "users", "list"], scratch)
        #expect(list.stdout.contains("ana\t1 token\t\(token.prefix(10))…"), "\(list.stdout)")
        #expect(!list.stdout.contains(token))
        let revoked = try await Self.run("places", ["serve", "users", "revoke", "ana"], scratch)
        #expect(revoked.stdout == "revoked 1 token of ana\n")
        let none = try await Self.run("places", ["serve", "users", "revoke", "ana"], scratch)
        #expect(none.status == 66)
        let badListen = try await Self.run("places", ["serve", "--listen", "localhost:http"], scratch)
        #expect(badListen.status == 64)
        #expect(badListen.stderr.contains("--listen 'localhost:http' is not HOST:PORT"), "\(badListen.stderr)")
    }

    @Test func theInstallPutsTheServerBesidePlaces() async throws {
        let scratch = try Scratch()
        let prefix = scratch.folder.appendingPathComponent("prefix")
        let install = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [
                TestServer.repository.appendingPathComponent("Scripts/install.sh").path, "--binary",
                Self.products.appendingPathComponent("places").path, "--prefix", prefix.path,
            ], environment: ProcessInfo.processInfo.environment)
        #expect(install.status == 0, "\(install.stderr)")
        let installed = try await ChildProcess.run(
            prefix.appendingPathComponent("bin/places"), ["serve", "users", "add", "ana"], environment: scratch.environment)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.hasPrefix("plc_"))
    }

    /// A walk being followed when SIGTERM comes is followed to its end; then the server exits 0.
    @Test func sigtermLetsTheRequestInFlightFinish() async throws {
        let scratch = try Scratch()
        let token = try await Self.run("places-server", ["users", "add", "ana"], scratch).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let (process, stderr, port) = try await Self.start(["--listen", "127.0.0.1:0"], scratch)
        let pid = process.processIdentifier

        let now = Date()
        let fixes = Walks.along([Coordinate(52.3731, 4.8926), Coordinate(52.3725, 4.8960), Coordinate(52.3676, 4.9041)], speed: 1.3, start: now)
        let lines = Walks.ndjson(fixes).split(separator: "\n").map { String($0) + "\n" }
        let text = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /v1/follow?to=52.3676,4.9041 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer \(token)\r\n"
                    + "Content-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n")
            func chunk(_ line: String) { connection.send(String(line.utf8.count, radix: 16) + "\r\n" + line + "\r\n") }
            chunk(lines[0])
            // The route is the sign the walk is in flight; only then the signal.
            var text = connection.read(until: "event: route")
            kill(pid, SIGTERM)
            for line in lines.dropFirst() { chunk(line) }
            connection.send("0\r\n\r\n")
            text += connection.readToEnd().text
            return text
        }
        await ChildProcess.exit(of: process)
        #expect(text.hasPrefix("HTTP/1.1 200"), "\(text)")
        #expect(text.contains("event: route"))
        #expect(text.contains("event: arrived"), "\(text)")
        #expect(text.contains("event: end"))
        #expect(process.terminationStatus == 0)
        #expect(stderr.all.contains { $0.contains("places serve: stopped") }, "\(stderr.all)")
    }

    /// A connection that has sent half a request head, or nothing, is closed at once when the
    /// server stops: it was waited on until the graceful period ran out, and then Service
    /// Lifecycle's cancellation limit trapped.
    @Test func sigtermClosesConnectionsThatHaveNotFinishedAHead() async throws {
        let scratch = try Scratch()
        let (process, stderr, port) = try await Self.start(["--listen", "127.0.0.1:0"], scratch)
        let pid = process.processIdentifier
        let closed = try await onThread {
            let silent = try RawConnection(port: port)
            let half = try RawConnection(port: port)
            half.send("GET /health HTTP/1.1\r\nHo")
            // Connections are accepted in order: once a later one is answered, both are the server's.
            let later = try RawConnection(port: port)
            later.send("GET /health HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
            let answered = later.readToEnd().text.hasPrefix("HTTP/1.1 200")
            kill(pid, SIGTERM)
            return (answered, silent.readToEnd().closed, half.readToEnd().closed)
        }
        await ChildProcess.exit(of: process)
        #expect(closed.0)
        #expect(closed.1 && closed.2, "both connections closed by the server")
        #expect(process.terminationStatus == 0)
        #expect(process.terminationReason == .exit)
        #expect(stderr.all.contains { $0.contains("places serve: stopped") }, "\(stderr.all)")
    }
}

/// A store and a home of its own, recordings only.
final class Scratch: Sendable {
    let folder: URL
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let feed = TestServer.repository.appendingPathComponent("examples/feed.json").path
        try Data("[feeds]\nexample = \"\(feed)\"\n".utf8).write(to: folder.appendingPathComponent("config.toml"))
    }
    deinit { try? FileManager.default.removeItem(at: folder) }

    var environment: [String: String] {
        [
            "HOME": folder.path, "PLACES_STORE": folder.appendingPathComponent("places.sqlite").path, "PLACES_HTTP_MODE": "replay",
            "PLACES_CONFIG": folder.appendingPathComponent("config.toml").path,
            "PLACES_CASSETTE_DIR": TestServer.repository.appendingPathComponent("cassettes").path, "PLACES_NOW": TestServer.now,
            "PATH": "/usr/bin:/bin",
        ]
    }
}

/// A process's stderr, line by line as it comes.
final class StderrLines: Sendable {
    private let lines = LogLines()

    init(_ handle: FileHandle) {
        Thread { [lines] in
            var pending = Data()
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                pending += data
                while let newline = pending.firstIndex(of: 0x0A) {
                    let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                    lines.add(line)
                    pending = Data(pending[(newline + 1)...])
                }
            }
        }.start()
    }

    var all: [String] { lines.all }

    /// The first line matching, waiting for it as lines come (up to a minute, as a bound for a failing test).
    func first(where matches: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if let line = all.first(where: matches) { return line }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return nil
    }
}
