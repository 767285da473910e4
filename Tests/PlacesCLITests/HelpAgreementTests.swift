import Foundation
import ArgumentParser
import Testing
@testable import places

/// What `--help` says a command accepts is what it accepts: every value a `--format` (and
/// `--trace-format`) help lists parses, and nothing else does.
@Suite(.timeLimit(.minutes(10))) struct HelpAgreementTests {
    /// A command line that parses apart from the format, per command.
    static let commands: [[String]] = [
        ["coffee"], ["parking"], ["recommendations"], ["route", "--to", "Dam"], ["follow", "--to", "Dam", "--trace", "walk.gpx"],
        ["stops", "day.gpx"], ["complete", "Damr"], ["show", "osm:node/1"], ["import", "map.osm"], ["favorites", "list"], ["points"],
        ["providers"], ["reverse", "52.37,4.89"],
    ]

    /// The values a help text lists for `option`, from "(values: a, b, c; default: a)".
    static func listed(_ help: String, option: String) -> [String] {
        let flat = help.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        guard let start = flat.range(of: " \(option) <") else { return [] }
        let rest = flat[start.upperBound...]
        guard let values = rest.range(of: "(values: ") else { return [] }
        let list = rest[values.upperBound...].prefix { $0 != ")" && $0 != ";" }
        return list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(arguments: commands)
    func everyListedFormatIsAcceptedAndNoOther(_ command: [String]) throws {
        let help = Places.helpMessage(for: try #require(Places.subcommand(command)), columns: 200)
        let formats = Self.listed(help, option: "--format")
        #expect(!formats.isEmpty, "\(command[0]): no formats in its help")
        for format in formats {
            #expect(throws: Never.self, "\(command) --format \(format)") { _ = try Places.parseAsRoot(command + ["--format", format]) }
        }
        #expect(throws: (any Error).self) { _ = try Places.parseAsRoot(command + ["--format", "kml"]) }
        for trace in Self.listed(help, option: "--trace-format") {
            #expect(throws: Never.self) { _ = try Places.parseAsRoot(command + ["--trace-format", trace]) }
        }
    }

    /// No help text shows a backslash: in a Swift multi-line string `\\` at a line's end is a
    /// backslash and a line break, where `\` alone joins the lines (`reverse` and `cache` had it).
    @Test func noHelpTextHasAStrayBackslash() throws {
        func visit(_ command: any ParsableCommand.Type, _ path: [String]) {
            let help = Places.helpMessage(for: command, columns: 200)
            #expect(!help.contains("\\"), "\(path.joined(separator: " ")): \(help.split(separator: "\n").filter { $0.contains("\\") })")
            for sub in command.configuration.subcommands { visit(sub, path + [sub._commandName]) }
        }
        visit(Places.self, ["places"])
    }

    /// The exit-code table of `places --help` fits 80 columns, so no line of it wraps mid-phrase.
    @Test func theExitCodeTableFitsEightyColumns() {
        let discussion = Places.configuration.discussion
        let table = discussion.components(separatedBy: "Exit codes:").last ?? ""
        for line in table.split(separator: "\n") { #expect(line.count <= 78, "\(line)") }
    }
}

extension Places {
    /// The command a command line names: `favorites list` is Favorites' List, and `import map.osm`
    /// is Import's default subcommand, which is what parsing runs.
    static func subcommand(_ words: [String]) -> (any ParsableCommand.Type)? {
        var current: any ParsableCommand.Type = Places.self
        for word in words {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == word }) else {
                if let fallback = current.configuration.defaultSubcommand { current = fallback }
                break
            }
            current = next
        }
        return current == Places.self ? nil : current
    }
}
