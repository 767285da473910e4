import Foundation
import Testing

/// `places completion SHELL` and what TAB offers: the scripts the shells source, and the names the
/// script asks `places` for after --near, --from, --to and `config set center`.
struct ShellCompletionTests {
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
}
