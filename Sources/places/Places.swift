import ArgumentParser
import Foundation
import PlacesCommandLine
import PlacesKit

@main
struct Places: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "places",
        abstract: "Find places worth walking to: ask several providers at once, rank like a person on foot.",
        discussion: """
            Keyless providers (OpenStreetMap, OSRM, Photon, the garage feed) answer live; Foursquare and Google \
            once their key is set (FOURSQUARE_API_KEY, GOOGLE_MAPS_API_KEY). Without network or key the bundled \
            recordings answer, then your imported data, and stderr says which. Positions take a place's name too.

            Examples:
              places coffee --near 52.37,4.89 --top 3
              places coffee --near Dam --explain
              places route --from Dam --to Nieuwmarkt
              places coffee --near 52.37,4.89 --format geojson > coffee.geojson
              places parking --advice --duration 2h --arrive "fri 08:30"
              places recommendations --near 52.3731,4.8926 --feed examples/feed.json
              places route --from 52.3731,4.8926 --to 52.3676,4.9041 --format geojson
              places follow --to 52.3676,4.9041 --trace examples/walk.gpx
              places stops examples/day.gpx
              places points
              places favorites add parkshark:10418 --note "cheap on Sundays"
              places config set center 52.370216,4.895168
              places import amsterdam.osm.pbf
              places reverse 52.3731,4.8926
              places complete "Damr" --near 52.37,4.89
              places coffee --near 52.37,4.89 --offline
              places show osm:node/2724001437
              places providers
              places serve --listen 127.0.0.1:8080
              source <(places completion bash)

            Exit codes:
              0   answered (an empty answer too: it says "no match" on stderr)
              64  bad usage: an unknown option, a value out of range
              65  bad data: an answer, cassette, store or imported file cannot be read
              66  no such place, favourite, setting, input file, route or name;
                  nothing imported
              69  no provider could answer: network, HTTP error, timeout,
                  no recording
              70  a bug in places
              73  the store cannot be created or written (permissions, a full disk)
              74  the results could not be written (a full disk, a closed stdout)
              75  the store was busy for more than 10 s; try again
              78  configuration: a missing API key, a broken config file,
                  a store path that is a directory, a newer store
            """,
        version: PlacesService.version,
        subcommands: [
            Coffee.self, Parking.self, Recommendations.self, Route.self, Follow.self, Stops.self, Points.self, Complete.self, Show.self,
            Favorites.self,
            Import.self, Reverse.self, ConfigCommand.self, CacheCommand.self, ProvidersCommand.self, Serve.self, MCPCommand.self,
            CompletionCommand.self,
        ]
    )

    /// Every failure ends as one line on stderr and a documented exit code, never a trap or a usage
    /// dump (``CommandMain``); config warnings are said once at the end, except by a command that
    /// its config file stopped, which says that alone.
    static func main() async {
        await CommandMain(
            speaker: "places", wording: CLIWording.wording, helpCommand: helpCommand, helpForUsageErrors: true,
            parserMessage: { message in commandSuggestion(optionMessage(message)) ?? optionMessage(message) },
            ending: { error in
                if !((error as? PlacesError)?.underlyingError is ConfigProblem) { CLIService.sayConfigWarnings() }
            },
            ownError: { error in (error as? CLIError).map { ($0.message, $0.status.rawValue) } },
            writeLine: StandardError.line
        ).run(Places.self)
    }

    /// The argument parser's "The value 'x' is invalid for '--near <lat,lon>': …" as the one line
    /// the rest of places writes: "--near …"; its list of choices as "--format 'x' must be one of …".
    static func optionMessage(_ message: String) -> String {
        let pattern = /^The value '(?<value>.*)' is invalid for '(?<option>-[-\w]+)(?: <[^>]*>)?'(?<rest>.*)$/
        guard let match = message.firstMatch(of: pattern) else { return message }
        let rest = String(match.rest)
        if rest.hasPrefix(": ") { return "\(match.option) \(rest.dropFirst(2))" }
        if rest.contains("Please provide one of") {
            let names = rest.matches(of: /'(?<name>[^']*)'/).map { String($0.name) }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
            return "\(match.option) '\(match.value)' must be \(list)"
        }
        return message
    }

    /// "Unexpected argument 'cofee'" as the first word of the command line: an unknown command,
    /// with the command it is a typo of ("did you mean 'coffee'?"), as git and kubectl say.
    static func commandSuggestion(_ message: String) -> String? {
        guard let match = message.firstMatch(of: /^(?:Unexpected argument|\d+ unexpected arguments:) '(?<word>[^']*)'/),
            CommandLine.arguments.dropFirst().first == String(match.word), !match.word.hasPrefix("-")
        else { return nil }
        let word = String(match.word).lowercased()
        let names = configuration.subcommands.map { $0._commandName } + ["help"]
        let close = names.map { ($0, Self.editDistance(word, $0)) }.filter { $0.1 <= max(1, $0.0.count / 3) }.min { $0.1 < $1.1 }
        let known = "commands are " + names.filter { $0 != "help" }.joined(separator: ", ")
        return "unknown command '\(match.word)'" + (close.map { "; did you mean '\($0.0)'?" } ?? "; \(known)")
    }

    /// Levenshtein distance, with a transposition counting as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let s = Array(a)
        let t = Array(b)
        guard !s.isEmpty else { return t.count }
        guard !t.isEmpty else { return s.count }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
        for i in 0...s.count { rows[i][0] = i }
        for j in 0...t.count { rows[0][j] = j }
        for i in 1...s.count {
            for j in 1...t.count {
                let cost = s[i - 1] == t[j - 1] ? 0 : 1
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[s.count][t.count]
    }

    /// `places coffee` when the command line names a subcommand, else `places`.
    private static func helpCommand() -> String {
        let names = configuration.subcommands.map { $0._commandName }
        if let sub = CommandLine.arguments.dropFirst().first(where: { names.contains($0) }) { return "places \(sub)" }
        return "places"
    }
}
