import ArgumentParser
import PlaceProviders
import Foundation
import PlacesKit

/// What TAB offers for the options that name a place, a provider or a feed. The shell runs
/// `places` for each TAB, so each of these answers from files alone, at once.
enum ShellCompletion {
    /// Place names and addresses from the name index, for `--near`, `--from`, `--to` and
    /// `config set center`: "Leid" → "Leidseplein".
    static let places = CompletionKind.custom { words, _, prefix in
        NameCompletion.names(prefix, storeOption: option("--store", in: words))
    }

    /// Provider ids, for `--provider`.
    static let providers = CompletionKind.list(ProviderCatalog().ids.map(\.rawValue) + ["local"])

    /// The feeds the config file names, for `--feed` (a file path is completed by the shell too).
    static let feeds = CompletionKind.custom { words, _, prefix in
        NameCompletion.feeds(configOption: option("--config", in: words)).filter { $0.hasPrefix(prefix) }
    }

    /// The value after `name` on the command line being completed (`--store x` or `--store=x`).
    static func option(_ name: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == name, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(name + "=") { return String(word.dropFirst(name.count + 1)) }
        }
        return nil
    }
}

/// `places completion bash|zsh|fish`: the script a shell sources to complete places' commands,
/// options and values (place names from the imported data among them).
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completion",
        abstract: "Print the shell completion script: bash, zsh or fish.",
        discussion: """
            TAB then completes commands, options, formats and provider ids, and place names and \
            addresses from the imported data after --near, --from, --to and 'config set center'.

            Examples:
              source <(places completion bash)                        # this bash session
              places completion bash > ~/.local/share/bash-completion/completions/places
              places completion zsh > "${fpath[1]}/_places"
              places completion fish > ~/.config/fish/completions/places.fish
            """)

    @Argument(help: ArgumentHelp("The shell: bash, zsh or fish.", valueName: "shell"))
    var shell: String

    func run() throws {
        guard let kind = CompletionShell(rawValue: shell) else {
            throw CLIError("completion: '\(shell)' is not a shell places completes for; give bash, zsh or fish", status: .usage)
        }
        print(Places.completionScript(for: kind), terminator: "")
    }
}
