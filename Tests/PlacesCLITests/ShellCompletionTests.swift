import Foundation
import Testing

/// `places completion SHELL` and what TAB offers: the scripts the shells source, and the names the
/// script asks `places` for after --near, --from, --to and `config set center`.
@Suite(.timeLimit(.minutes(10))) struct ShellCompletionTests {
    @Test(arguments: ["bash", "zsh", "fish"])
    func eachShellGetsAScriptThatAsksPlacesForNames(shell: String) async throws {
        let output = try await CLI.run(["completion", shell])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("coffee"), "the commands are completed")
        // The options that name a place hand the word to `places ---completion`.
        #expect(output.stdout.contains("---completion coffee -- --near"), "\(shell)")
        #expect(output.stdout.contains("---completion route -- --to"), "\(shell)")
        #expect(output.stdout.contains("---completion config set -- positional@1"), "config set center's value: \(shell)")
        // Provider ids and formats are lists in the script itself: no process per TAB.
        #expect(output.stdout.contains("amsterdam-garages") && output.stdout.contains("geojson"), "\(shell)")
    }

    @Test func anotherShellIsAUsageError() async throws {
        let output = try await CLI.run(["completion", "tcsh"])
        #expect(output.status == 64)
        #expect(output.stderr == "places: completion: 'tcsh' is not a shell places completes for; give bash, zsh or fish\n")
    }

    @Test func tabAfterNearOffersImportedNamesAndNothingElse() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let tab = try await CLI.run(
            ["---completion", "coffee", "--", "--near", "3", "4", "places", "coffee", "--near", "Damr"], environment: store.environment)
        #expect(tab.status == 0, "\(tab.stderr)")
        #expect(tab.stdoutLines.prefix(2).sorted() == ["Damrak", "Damraksteeg"], "\(tab.stdout)")
        #expect(tab.stderr.isEmpty, "a TAB prints candidates only: \(tab.stderr)")
        // --store on the line being completed is the store asked.
        let elsewhere = try await CLI.run(
            ["---completion", "route", "--", "--to", "5", "4", "places", "route", "--store", store.path, "--to", "Damr"])
        #expect(elsewhere.stdoutLines.contains("Damrak"), "\(elsewhere.stdout) \(elsewhere.stderr)")
        // Nothing imported: no candidates, no message, exit 0.
        let empty = TemporaryStore()
        let none = try await CLI.run(
            ["---completion", "coffee", "--", "--near", "3", "4", "places", "coffee", "--near", "Damr"], environment: empty.environment)
        #expect(
            none.status == 0 && none.stdout.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && none.stderr.isEmpty,
            "\(none.stdout) \(none.stderr)")
    }

    /// The issue's own example: `--near Leid<TAB>` offers Leidseplein.
    @Test func tabCompletesLeidToLeidseplein() async throws {
        let store = TemporaryStore()
        try await NamedOSM.imported(store)
        let tab = try await CLI.run(
            ["---completion", "coffee", "--", "--near", "3", "4", "places", "coffee", "--near", "Leid"], environment: store.environment)
        #expect(tab.status == 0, "\(tab.stderr)")
        #expect(tab.stdoutLines.first == "Leidseplein", "\(tab.stdout)")
    }

    /// What bash offers for the last of `words` with `script` sourced, as the shell calls the
    /// completion function on TAB (COMP_WORDS, COMP_CWORD, COMP_LINE, COMP_POINT): one candidate a line.
    static func bashOffers(script: URL, words: [String], places: URL, environment: [String: String] = [:]) async throws -> [String] {
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
        let line = words.joined(separator: " ")
        let program = """
            source '\(script.path)'
            COMP_WORDS=(\(quoted.joined(separator: " ")))
            COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
            COMP_LINE='\(line.replacingOccurrences(of: "'", with: #"'\''"#))'
            COMP_POINT=${#COMP_LINE}
            COMPREPLY=()
            _places places "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let path = places.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let run = try await InstallTests.run(
            "/bin/bash", ["--norc", "--noprofile", "-c", program], environment: environment.merging(["PATH": path]) { $1 })
        #expect(run.status == 0, "\(run.text)")
        return run.text.split(separator: "\n").map(String.init)
    }

    /// Bash, with the script sourced, offers a name with spaces and a quote as one candidate, as
    /// it stands in the index ("Café 't Smalle", not "Café t Smalle" nor three words).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "needs bash"))
    func bashOffersWholeNames() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let script = store.folder.appendingPathComponent("places.bash")
        let printed = try await CLI.run(["completion", "bash"])
        try Data(printed.stdout.utf8).write(to: script)
        let environment = store.environment.merging(["HOME": store.folder.path]) { $1 }
        let commands = try await Self.bashOffers(script: script, words: ["places", "cof"], places: CLI.executable, environment: environment)
        #expect(commands == ["coffee"])
        let names = try await Self.bashOffers(
            script: script, words: ["places", "coffee", "--near", "Caf"], places: CLI.executable, environment: environment)
        #expect(names.contains("Café 't Smalle") && names.contains("Café de Jaren"), "\(names)")
        #expect(!names.contains("Café") && !names.contains("t Smalle"), "\(names)")
        // The word as typed with an escaped space, or after an opening quote, is the prefix.
        let escaped = try await Self.bashOffers(
            script: script, words: ["places", "coffee", "--near", #"Café\ de"#], places: CLI.executable, environment: environment)
        #expect(escaped == ["Café de Jaren"], "\(escaped)")
        let opened = try await Self.bashOffers(
            script: script, words: ["places", "coffee", "--near", #""Café 't"#], places: CLI.executable, environment: environment)
        #expect(opened == ["Café 't Smalle"], "\(opened)")
    }
}
