import ArgumentParser
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

    /// ArgumentParser's bash script hands the names `places` offers to `compgen -W`, which expands
    /// each as shell words: "Café 't Loosje" loses its quote ("Café t Loosje"), and a `$` or a
    /// backquote in a name would be expanded. Here they are added to COMPREPLY as printed, one a
    /// line, those that start with the word as typed (without its quote or backslashes); `complete
    /// -o filenames` then escapes their spaces and quotes as bash inserts them, so "Nieuwe
    /// Doelenstraat" is one word on the command line.
    static func namesWhole(inBash script: String) -> String {
        let call = #"__places_add_completions -W "$(__places_custom_complete "#
        let function = "_places() {"
        guard script.contains(call), let start = script.range(of: "\n" + function) else { return script }
        var lines = script[start.lowerBound...].components(separatedBy: "\n")
        for index in lines.indices where lines[index].contains(call) && lines[index].hasSuffix(")\"") {
            lines[index] = String(lines[index].replacingOccurrences(of: call, with: "__places_add_lines __places_custom_complete ").dropLast(2))
        }
        let helper = #"""

            __places_add_lines() {
                local completion word="${cur//\\/}"
                word="${word#[\"\']}"
                while IFS='' read -r completion; do
                    [[ -n "${completion}" && "${completion}" == "${word}"* ]] && COMPREPLY+=("${completion}")
                done < <("${@}")
            }
            """#
        return script[..<start.lowerBound] + helper + lines.joined(separator: "\n")
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
        let script = Places.completionScript(for: kind)
        print(kind == .bash ? ShellCompletion.namesWhole(inBash: script) : script, terminator: "")
    }
}
