import ArgumentParser
import PlacesKit

extension Places {
    struct Coffee: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "The best coffee within walking distance.",
            discussion: """
                Asks every coffee provider at once (Foursquare, OpenStreetMap), merges places they both know, \
                leaves out what is not coffee (bubble tea, tea houses, Dutch cannabis "coffeeshops") and what is \
                too far to walk, then ranks by rating (a missing rating counts as the lower quartile of the rated \
                places), walking time (straight line × 1.3 at 1.4 m/s) and how much coffee is the place's trade.

                Examples:
                  places coffee --near 52.37,4.89 --top 3
                  places coffee --near 52.37,4.89 --max-walk 8 --open-now
                  places coffee --near 52.37,4.89 --explain       # why each place is where it is
                  places coffee --near 52.37,4.89 --offline       # from 'places import' data, no network
                  places coffee --near 52.37,4.89 --format json | jq '.results[0]'
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where you are: LAT,LON (e.g. 52.37,4.89) or a place's name. Default: the saved centre (places config set center), else Amsterdam.",
                valueName: "lat,lon|name"),
            completion: ShellCompletion.places,
            transform: Parse.position)
        var near: PositionInput?

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("How far to search, e.g. 800m or 1.2km. Default: what can be walked within --max-walk.", valueName: "distance"),
            transform: Parse.distance)
        var radius: Distance?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Longest walk you accept, e.g. 15 (minutes), 10m, 1h.", valueName: "time"),
            transform: Parse.time(bare: true, units: ["m", "h"]))
        var maxWalk = StatedDuration(seconds: 900, text: "15")

        @Flag(help: "Only places known to be open now (unknown hours are left out).")
        var openNow = false

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each place's score parts and what was left out, and why.")
        var explain = false

        @Option(
            name: .customLong("provider"),
            help: ArgumentHelp(
                "Ask only this provider (repeatable, or comma-separated): \(ProviderCatalog().ids(answering: .coffee).map(\.rawValue).joined(separator: ", ")).",
                valueName: "id"),
            completion: ShellCompletion.providers)
        var providers: [String] = []

        @Flag(help: "Answer from the OpenStreetMap data imported with 'places import' only: no network, no recordings.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        var query: CoffeeQuery {
            CoffeeQuery(
                near: near, top: top, radius: radius, maxWalk: maxWalk, openNow: openNow, providers: Parse.list(providers).map { ProviderID($0) },
                offline: offline)
        }

        func validate() throws { try PlacesError.validating { try query.validate(catalog: nil) } }

        func run() async throws {
            let service = try await CLIService.service(global, command: "coffee")
            let result = try await service.coffee(query)
            try StandardOutput.write(result.render(format, style: Terminal.style(global.color), explain: explain))
        }
    }
}
