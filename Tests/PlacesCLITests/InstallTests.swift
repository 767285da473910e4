import Foundation
import ProcessTesting
import Testing

/// The documented install (Scripts/install.sh) gives a `places` that answers offline from any folder,
/// with its shell completions and manual pages under the same prefix.
@Suite(.timeLimit(.minutes(10))) struct InstallTests {
    @Test func anInstalledPlacesAnswersFromAnyFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("places-install-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let prefix = root.appendingPathComponent("prefix")
        let elsewhere = root.appendingPathComponent("somewhere/else")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        // Waited on without holding a thread: in a clean clone this builds generate-manual (minutes).
        let install = try await ChildProcess.run(
            URL(fileURLWithPath: "/bin/bash"),
            [CLI.repository.appendingPathComponent("Scripts/install.sh").path, "--binary", CLI.executable.path, "--prefix", prefix.path],
            environment: ProcessInfo.processInfo.environment)
        #expect(install.status == 0, "\(install.stderr)")

        let installed = prefix.appendingPathComponent("bin/places")
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "3"], in: elsewhere, binary: installed)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.count == 4)
        #expect(output.stderr.contains(prefix.appendingPathComponent("share/places/cassettes/foursquare/coffee.json").path), "\(output.stderr)")
        // --cassette-dir still wins.
        let none = root.appendingPathComponent("no-recordings")
        try FileManager.default.createDirectory(at: none, withIntermediateDirectories: true)
        let overridden = try await CLI.run(["coffee", "--near", "52.37,4.89", "--cassette-dir", none.path], in: elsewhere, binary: installed)
        #expect(overridden.status == 69, "\(overridden.stderr)")

        try await Self.checkCompletionsAndManual(prefix: prefix, installed: installed)
    }

    /// The completion files are what `places completion SHELL` prints; the manual renders.
    static func checkCompletionsAndManual(prefix: URL, installed: URL) async throws {
        for (shell, path) in [
            ("bash", "share/bash-completion/completions/places"), ("zsh", "share/zsh/site-functions/_places"),
            ("fish", "share/fish/vendor_completions.d/places.fish"),
        ] {
            let file = prefix.appendingPathComponent(path)
            let script = try String(contentsOf: file, encoding: .utf8)
            let printed = try await CLI.run(["completion", shell], binary: installed)
            #expect(script == printed.stdout && !script.isEmpty, "\(path)")
        }
        // The installed bash script, sourced, completes through the installed places.
        let offered = try await ShellCompletionTests.bashOffers(
            script: prefix.appendingPathComponent("share/bash-completion/completions/places"), words: ["places", "cof"], places: installed)
        #expect(offered == ["coffee"], "\(offered)")
        let manual = prefix.appendingPathComponent("share/man/man1")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: manual.path)) ?? []
        #expect(pages.contains("places.1"), "\(pages)")
        #expect(pages.contains { $0.hasPrefix("places.coffee") }, "a page per subcommand: \(pages)")
        guard let man = Self.which("man") else {
            print("skipped: rendering the manual page needs man(1), which is not installed")
            return
        }
        let rendered = try await Self.run(
            man, ["-l", manual.appendingPathComponent("places.1").path], environment: ["MANWIDTH": "100", "MANPAGER": "cat"])
        #expect(rendered.status == 0, "\(rendered.text)")
        #expect(rendered.text.contains("places") && rendered.text.contains("coffee"), "\(rendered.text)")
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Runs `executable` in this process's environment with `environment` added, and returns its
    /// status and what it printed (stdout, then stderr).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> (status: Int32, text: String) {
        let outcome = try await ChildProcess.run(
            URL(fileURLWithPath: executable), arguments, environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return (outcome.status, outcome.stdout + outcome.stderr)
    }
}
