import ArgumentParser
import PlacesKit

extension Places {
    struct Recommendations: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Recommendations worth walking to, from a feed: the most points for the least walking.",
            discussion: """
                Reads a feed of recommendations (ReCrowd's idea: points for walking to a quieter spot), leaves out \
                what has expired and what is too far to walk, then ranks by points (against the best on offer), \
                walking time (straight line × 1.3 at 1.4 m/s) and points per minute of walking, so that 50 points \
                2 minutes away beat 60 points 25 minutes away. Entries of the feed that cannot be used are named \
                on stderr, one line each, and the rest are used.

                Examples:
                  places recommendations --near 52.3731,4.8926 --feed examples/feed.json
                  places recommendations --feed https://example.org/feed.json --http-mode live
                  places recommendations --feed amsterdam --top 3   # a name from [feeds]
                  places recommendations --feed examples/feed.json --explain
                  places recommendations --feed examples/feed.json --format ndjson | head -1

                Feeds: a JSON file or http(s) URL in one of these shapes, where ENTRY is
                {"id": "rec-1", "name": "…", "description": "…", "latitude": 52.3676,
                 "longitude": 4.9041, "points": 40}:
                  {"name": "Amsterdam centrum quiet spots", "recommendations": [ENTRY, …]}
                  [ENTRY, …]
                  {"-Nabc": ENTRY, …}
                  {"recommendations": {"event-1": {"-Nabc": ENTRY, …}},
                   "events": {"1": {"end": 1795269600, …}}}
                The last two are ReCrowd's Firebase export: the key is the id, and the \
                event's end (Unix seconds) is the expiry of its entries. Fields: id (a string or \
                whole number; the place is feed:ID), name, description (or desc), latitude (or \
                lat), longitude (or lon, lng), points (a whole number, 0 or more), and optionally \
                radius (metres within which you have arrived, at most 5000; default 50) and \
                expires (or end: ISO 8601 or Unix seconds). An entry that lacks a field, has one \
                out of range or repeats an id is skipped; a feed with no usable entry is an error.

                Without --feed: url or file in the [feed] section of the config. A URL feed answers from \
                cassettes/feed unless asked live (--http-mode live).
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where you are: LAT,LON or a place's name. Default: the saved centre (places config set center), else Amsterdam.",
                valueName: "lat,lon|name"),
            completion: ShellCompletion.places,
            transform: Parse.position)
        var near: PositionInput?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "The feed: a JSON file, an http(s) URL, or a name from [feeds] in the config. Default: [feed] url or file.",
                valueName: "file|url|name"),
            completion: ShellCompletion.feeds)
        var feed: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("How many recommendations to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Longest walk you accept, e.g. 30 (minutes), 20m, 1h.", valueName: "time"),
            transform: Parse.time(bare: true, units: ["m", "h"]))
        var maxWalk = StatedDuration(seconds: 1800, text: "30")

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each recommendation's score parts and what was left out, and why.")
        var explain = false

        @OptionGroup var global: GlobalOptions

        var query: RecommendationsQuery { RecommendationsQuery(near: near, feed: feed, top: top, maxWalk: maxWalk) }

        func validate() throws { try PlacesError.validating { try query.validate() } }

        func run() async throws {
            let service = try await CLIService.service(global, command: "recommendations")
            let result = try await service.recommendations(query)
            try StandardOutput.write(result.render(format, style: Terminal.style(global.color), explain: explain))
        }
    }
}
