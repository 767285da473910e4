import Foundation
import ArgumentParser
import PlacesKit

extension Places {
    struct Complete: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Complete a street, place, POI or address as you type, from the imported data.",
            discussion: """
                The last word is a prefix ("Damr" → Damrak, Damraksteeg), earlier words are whole words, in any \
                order. Case, diacritics, apostrophes and hyphens do not matter ("cafe de" finds "Café de Jaren", \
                "strasse" finds "Straße", "Muenchen" finds "München" and back); alternate names find their place \
                ("München" → Munich, "Helsingfors" → Helsinki). \(TypoMatcher.rule) Typos rank below exact and \
                prefix matches.

                Addresses: a number brings in the house numbers of the imported OpenStreetMap data \
                ("Keizersgracht 1" lists Keizersgracht 1, 10, 100…; "148 Keizersgracht" works too), and \
                postcodes ("1011 HB"). Without a number, a street is listed, not its houses.

                Where: a town or country after a comma, or as the last word, narrows the answer to it \
                ("Senaatintori, Helsinki", "Vaduz Liechtenstein"). Words for a kind of place match the kind as \
                well as the name ("Hotel Kämp", "Centraal Station", "Pasila asema").

                Names near the focus come first: --near, else the saved centre ('places config set center'), \
                else the middle of the imported streets. A famous place far away beats a minor one close by \
                only when it is much more important (a capital, not a hamlet). The same place from several \
                imported sources is one suggestion (--format json lists its sources).

                Answers come from the names imported with 'places import' (no network). Nothing imported \
                yet: the command says so and exits 66.

                Examples:
                  places complete "Damr"
                  places complete "Dmrak" --near 52.37,4.89
                  places complete "cafe de" --kind poi --limit 5
                  places complete "Keizersgracht 14"
                  places complete "Senaatintori, Helsinki"
                  places complete "Kalverstr" --format json | jq '.suggestions[0]'
                """)

        @Argument(help: ArgumentHelp("What has been typed so far.", valueName: "text"))
        var text: String

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Rank names near LAT,LON first.", valueName: "lat,lon"),
            transform: { try Coordinate(parsing: $0) })
        var near: Coordinate?

        @Option(help: ArgumentHelp("How many suggestions (1–100).", valueName: "n"))
        var limit: Int = 10

        @Option(help: ArgumentHelp("Only streets, POIs, places or addresses (repeatable, or comma-separated).", valueName: "kind"))
        var kind: [String] = []

        @Flag(help: "Only exact and prefix matches, no typos.")
        var noTypos = false

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        var kinds: [String] { kind.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } }

        var query: CompleteQuery { CompleteQuery(text, focus: near, limit: limit, kinds: kinds, typoTolerance: !noTypos) }

        func validate() throws {
            try PlacesError.validating { try query.validate() }
        }

        func run() throws {
            let service = try CLIService.service(store: storeOptions.store)
            let answer = try service.complete(query)
            if let unknown = answer.unknownQualifier {
                StandardError.line("places: '\(unknown)' names no imported place; completing '\(text)' without it")
            }
            if answer.suggestions.isEmpty { StandardError.line("places: no match for '\(text)' among the imported names") }
            try StandardOutput.write(CompletionRendering(text: text, answer: answer, style: Terminal.style(.auto)).render(format))
        }
    }
}
