import Foundation
import ProcessTesting
import PlaceCore
import PlaceHTTP
import Testing

/// Runs the built `places` binary the way a user would, and captures what it prints.
enum CLI {
    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String
        let elapsed: Duration

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        var stdoutLines: [String] {
            stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast(stdout.hasSuffix("\n") ? 1 : 0).map(String.init)
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let cassettes = repository.appendingPathComponent("cassettes")
    /// Saturday 21 November 2026, 11:30 in Amsterdam.
    static let now = "2026-11-21T10:30:00Z"

    /// The `places` executable next to this test bundle (SwiftPM builds both into one folder).
    static var executable: URL {
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
        // On Linux the test binary is `<products>/placesPackageTests.xctest`; elsewhere it sits in a bundle.
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("places").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("places")
    }

    /// Puts `places` at `destination` as a hard link. A copy is written through a descriptor that a
    /// process forked meanwhile by a test running alongside inherits, and until that process ends the
    /// copy cannot be run ("Text file busy"); a link writes nothing. A copy only where no link can be made.
    static func placeBinary(at destination: URL) throws {
        do { try FileManager.default.linkItem(at: executable, to: destination) } catch {
            try FileManager.default.copyItem(at: executable, to: destination)
        }
    }

    /// A clean environment: no key, no config, no colour preferences, "now" fixed, Amsterdam time,
    /// and recordings only: keyless providers would otherwise ask the network (a test that means to
    /// go live points them at the loopback server and sets PLACES_HTTP_MODE itself).
    ///
    /// The provider deadline is two minutes, not the default 10 s: a replay that takes a second
    /// on a quiet machine missed 10 s under a loaded parallel run, and a test that is about
    /// deadlines says its own with `--deadline`, which wins over PLACES_DEADLINE.
    static func environment(_ extra: [String: String], home: URL) -> [String: String] {
        var environment = [
            "PLACES_HTTP_MODE": "replay",
            "PLACES_DEADLINE": "120s",
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "HOME": home.path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "PLACES_NOW": now,
            "TZ": "Europe/Amsterdam",
            "LANG": "C.UTF-8",
        ]
        for (key, value) in extra { environment[key] = value }
        return environment.filter { !$0.value.isEmpty }
    }

    /// Runs `places ARGUMENTS` in `directory` (the repository by default) and waits for it.
    /// - Parameter stdout: a file to write standard output to instead of capturing it (such as /dev/full).
    /// - Parameter stdin: bytes fed to standard input (otherwise it is /dev/null).
    /// - Parameter binary: another `places` to run (an installed copy) instead of the built one.
    static func run(
        _ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil, stdout: String? = nil, stdin: Data? = nil,
        binary: URL? = nil
    ) async throws -> Output {
        // HOME is a folder of the run's own, gone after it.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("places-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let outcome = try await ChildProcess.run(
            binary ?? executable, arguments, environment: environment(extra, home: home), directory: directory ?? repository, stdin: stdin,
            stdout: stdout.map { URL(fileURLWithPath: $0) })
        return Output(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr, elapsed: outcome.elapsed)
    }
}

/// A folder of cassettes for one test, made by editing copies of the bundled ones.
final class Scenario {
    let folder: URL

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-scenario-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// This scenario first, then the bundled cassettes for any provider it does not override.
    var cassetteDirectories: String { "\(folder.path):\(CLI.cassettes.path)" }

    /// Copies `provider/file` from the bundled cassettes, changing every interaction with `edit`.
    func copy(_ provider: String, _ file: String = "coffee.json", edit: (inout Interaction) -> Void) throws {
        var cassette = try Cassette(contentsOf: CLI.cassettes.appendingPathComponent(provider).appendingPathComponent(file))
        for index in cassette.interactions.indices { edit(&cassette.interactions[index]) }
        try cassette.write(to: folder.appendingPathComponent(provider).appendingPathComponent(file))
    }

    /// Writes raw bytes as `provider/file`.
    func write(_ provider: String, _ file: String, text: String) throws {
        let url = folder.appendingPathComponent(provider).appendingPathComponent(file)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

extension Interaction {
    /// Replaces the response's body and status.
    mutating func respond(status: Int, body: RecordedBody) {
        response.status = status
        response.body = body
    }
}

/// Parses stdout as JSON (Foundation's parser: a second opinion on our writer).
func jsonObject(_ text: String) throws -> [String: Any] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [String: Any])
}
