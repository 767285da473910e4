import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// Executable provider plugins, through the built binary: the example plugin, and plugins that
/// misbehave in every way the protocol allows for. Each bad one is named in one line while the
/// bundled providers still answer.
@Suite(.timeLimit(.minutes(10))) struct PluginTests {
    static let examples = CLI.repository.appendingPathComponent("examples/plugins")

    /// A folder of plugins for one test, put on PATH.
    final class PluginFolder {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-plugins-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }

        /// A plugin named `name` that describes itself well and searches with `search` (a shell fragment).
        func add(_ name: String, search: String, describe: String? = nil) throws {
            let describeAnswer =
                describe
                ?? #"echo '{"protocol": 1, "id": "NAME", "categories": ["coffee"], "needs": []}'"#
                .replacingOccurrences(of: "NAME", with: name)
            let script = """
                #!/bin/sh
                case "$1" in
                  describe) \(describeAnswer) ;;
                  search) cat > /dev/null; \(search) ;;
                esac
                """
            let file = folder.appendingPathComponent("places-provider-\(name)")
            try script.write(to: file, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
        }

        var path: String { "\(folder.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")" }
    }

    @Test func theExamplePluginIsAProviderLikeAnyOther() async throws {
        let path = "\(Self.examples.path):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        // Generous deadlines: a loaded machine may take seconds to start a Python interpreter.
        let providers = try await CLI.run(["providers", "--deadline", "60s"], environment: ["PATH": path])
        #expect(providers.stdoutLines.contains { $0.hasPrefix("csv ") && $0.contains("coffee") && $0.contains("yes") }, "\(providers.stdout)")
        let alone = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--provider", "csv", "--format", "json", "--explain", "--deadline", "60s"], environment: ["PATH": path]
        )
        #expect(alone.status == 0, "\(alone.stderr)")
        let document = try JSONValue.parse(Data(alone.stdout.utf8))
        let ids = document["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids == ["csv:office-1", "csv:office-2"])
        #expect(document["excluded"]?.arrayValue?.first?["reason"]?.stringValue == "tea house, not coffee")
        // Merged and ranked with the bundled providers.
        let together = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--format", "json", "--top", "50", "--deadline", "60s"], environment: ["PATH": path])
        #expect(together.status == 0, "\(together.stderr)")
        let all = try JSONValue.parse(Data(together.stdout.utf8))
        let providerIDs = all["providers"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(providerIDs == ["foursquare", "osm", "csv"])
        #expect(all["results"]?.arrayValue?.contains { $0["id"]?.stringValue == "csv:office-1" } == true)
    }

    @Test func aPluginNamedInTheConfigIsFoundToo() async throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("places-plugin-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent("config.toml")
        let plugin = Self.examples.appendingPathComponent("places-provider-csv").path
        try "[plugins]\ncsv = \"\(plugin)\"\n".write(to: config, atomically: true, encoding: .utf8)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--provider", "csv", "--config", config.path, "--deadline", "60s"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("The Office Espresso Bar"))
    }

    @Test(arguments: [
        ("hangs", "sleep 240", "no answer within 20 s"),
        ("fails", "echo 'no database' >&2; exit 3", "the plugin exited with status 3"),
        ("garbled", "echo 'not json at all'", "the plugin's answer cannot be used: printed no JSON"),
        ("huge", "head -c 30000000 /dev/zero | tr '\\\\0' 'x'", "the plugin wrote more than 10 MB; it was stopped"),
        (
            "offglobe", #"echo '{"places": [{"id": "1", "name": "Nowhere", "lat": 123, "lon": 4.89}]}'"#,
            "place 1: \"lat\" and \"lon\" must be a position on the globe"
        ),
        ("controls", #"printf '{"places": [{"id": "1", "name": "A\\u0007B", "lat": 52.37, "lon": 4.89}]}'"#, "place 1: \"name\" must be a text"),
    ])
    func aMisbehavingPluginIsNamedAndTheOthersStillAnswer(_ name: String, _ search: String, _ message: String) async throws {
        let plugins = PluginFolder()
        try plugins.add(name, search: search)
        // Only the hanging one is cut at a deadline short of its sleep (20 s: the cassettes' answers
        // missed 3 s at load 16); the others have time to misbehave on a loaded machine.
        let deadline = name == "hangs" ? "20s" : "60s"
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--deadline", deadline], environment: ["PATH": plugins.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.count == 4, "\(output.stdout)")
        #expect(output.stderrLines.contains { $0.hasPrefix("places: \(name): ") && $0.contains(message) }, "\(output.stderr)")
        // Four minutes of sleep against a three-minute bound: a loaded machine (seen: 66 s and 76 s)
        // stays under the bound, a run that waited for the plugin cannot.
        if name == "hangs" { #expect(output.elapsed < .seconds(180), "the plugin's sleep 240 was waited for") }
    }

    @Test func whatAHangingPluginStartedIsStoppedWithIt() async throws {
        let plugins = PluginFolder()
        let pidFile = plugins.folder.appendingPathComponent("child.pid")
        // The child is what outlived the plugin before: a shell killed alone leaves its `sleep` running.
        try plugins.add("spawner", search: "sleep 240 & echo $! > '\(pidFile.path)'; wait")
        // 20 s, as for the hanging plugin: time for a loaded machine to start the shell, far short of its sleep.
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--deadline", "20s"], environment: ["PATH": plugins.path])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderrLines.contains { $0.hasPrefix("places: spawner: ") }, "\(output.stderr)")
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        // SIGKILL was sent before places answered; its delivery is asynchronous, so wait for the
        // child to be gone (or a zombie nobody reaps), bounded far below the child's own 240 s.
        let clock = ContinuousClock()
        let start = clock.now
        while Self.isAlive(pid), clock.now - start < .seconds(120) { try await Task.sleep(for: .milliseconds(20)) }
        #expect(!Self.isAlive(pid), "the plugin's child \(pid) still runs after the plugin was stopped")
    }

    /// Running, sleeping or stopped; false once it exited (gone, or a zombie).
    static func isAlive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
        return state != "Z" && state != "X"
    }

    @Test func whatAPluginSaysOnStderrIsPassedOnUnderItsName() async throws {
        let plugins = PluginFolder()
        try plugins.add("chatty", search: #"echo 'looked in 3 tables' >&2; echo '{"places": []}'"#)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3", "--deadline", "60s"], environment: ["PATH": plugins.path])
        #expect(output.status == 0)
        #expect(output.stderrLines.contains("places: chatty: looked in 3 tables"), "\(output.stderr)")
    }

    @Test func aPluginThatCannotDescribeItselfIsListedAsNotReady() async throws {
        let plugins = PluginFolder()
        try plugins.add("mute", search: "echo '{}'", describe: "exit 1")
        try plugins.add("imposter", search: "echo '{}'", describe: #"echo '{"protocol": 1, "id": "osm", "categories": ["coffee"]}'"#)
        try plugins.add("future", search: "echo '{}'", describe: #"echo '{"protocol": 2, "id": "future", "categories": ["coffee"]}'"#)
        let output = try await CLI.run(["providers", "--deadline", "60s"], environment: ["PATH": plugins.path])
        #expect(output.status == 0)
        let lines = output.stdoutLines
        #expect(lines.contains { $0.hasPrefix("mute ") && $0.contains("describe exited with status 1") }, "\(output.stdout)")
        #expect(lines.contains { $0.hasPrefix("imposter ") && $0.contains("the name of a built-in provider") }, "\(output.stdout)")
        #expect(lines.contains { $0.hasPrefix("future ") && $0.contains("speaks protocol 2") }, "\(output.stdout)")
        // The built-in osm is untouched.
        #expect(lines.contains { $0.hasPrefix("osm ") && $0.contains("yes") })
    }
}
