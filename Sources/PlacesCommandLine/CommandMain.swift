public import ArgumentParser
import Foundation
public import PlacesKit

/// How an executable of places runs its command line and ends: `places` and `places-server` (which
/// `places serve`, `places mcp` and `places import --database` run) alike. Every failure ends as one
/// line on stderr, beginning with who speaks, and a documented exit code; never a trap or a usage
/// dump. What differs between the two is said by the values here.
public struct CommandMain: Sendable {
    /// What begins every line: "places", "places serve".
    public var speaker: String
    /// How a ``PlacesError``'s remedy and inputs are worded (the CLI names its flags).
    public var wording: Wording
    /// The command whose `--help` a usage error points to ("places coffee").
    public var helpCommand: @Sendable () -> String
    /// Whether a ``PlacesError`` of kind usage points to `--help` too (the argument parser's own
    /// usage errors always do).
    public var helpForUsageErrors: Bool
    /// The argument parser's message as the executable words it (the CLI's one-line forms of
    /// "The value … is invalid for …", its command suggestions).
    public var parserMessage: @Sendable (String) -> String
    /// Called once before the command line ends, with the error it ends with (nil: it succeeded).
    public var ending: @Sendable ((any Error)?) -> Void
    /// An error of the executable's own (not a ``PlacesError``, not the parser's): its line and
    /// status; nil for the parser's handling.
    public var ownError: @Sendable (any Error) -> (line: String, status: Int32)?
    /// Writes one line to stderr (the CLI's scrubs its keys from it).
    public var writeLine: @Sendable (String) -> Void

    public init(
        speaker: String, wording: Wording, helpCommand: @escaping @Sendable () -> String, helpForUsageErrors: Bool,
        parserMessage: @escaping @Sendable (String) -> String = { $0 }, ending: @escaping @Sendable ((any Error)?) -> Void = { _ in },
        ownError: @escaping @Sendable (any Error) -> (line: String, status: Int32)? = { _ in nil },
        writeLine: @escaping @Sendable (String) -> Void = CommandMain.line
    ) {
        self.speaker = speaker
        self.wording = wording
        self.helpCommand = helpCommand
        self.helpForUsageErrors = helpForUsageErrors
        self.parserMessage = parserMessage
        self.ending = ending
        self.ownError = ownError
        self.writeLine = writeLine
    }

    /// Parses the command line as `Root` and runs the command it names; exits with the documented
    /// status on any failure, and returns when the command succeeded.
    public func run<Root: ParsableCommand>(_ root: Root.Type) async {
        // A reader that goes away should end us with EPIPE on the next write, not a silent signal.
        signal(SIGPIPE, SIG_IGN)
        do {
            var command = try root.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            ending(nil)
        } catch let error as PlacesError {
            ending(error)
            let hint = helpForUsageErrors && error.kind == .usage ? " (see '\(helpCommand()) --help')" : ""
            writeLine("\(speaker): \(wording.line(error))\(hint)")
            Foundation.exit(ExitStatus(error.kind).rawValue)
        } catch {
            ending(error)
            if let own = ownError(error) {
                writeLine("\(speaker): \(own.line)")
                Foundation.exit(own.status)
            }
            let code = root.exitCode(for: error)
            if code == .success {
                print(root.fullMessage(for: error))
                Foundation.exit(0)
            }
            var message = root.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            message = parserMessage(message)
            let usage = code == .validationFailure
            writeLine("\(speaker): \(message)" + (usage ? " (see '\(helpCommand()) --help')" : ""))
            Foundation.exit(usage ? ExitStatus.usage.rawValue : code.rawValue)
        }
    }

    /// One line on stderr, written at once.
    public static func line(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
