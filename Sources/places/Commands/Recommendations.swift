import ArgumentParser
import Foundation
import PlaceSearch
import PlaceProviders
import PlaceRanking

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
            help: ArgumentHelp("Where you are, as LAT,LON. Default: the saved centre (places config set center), else Amsterdam.", valueName: "lat,lon"))
        var near: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("The feed: a JSON file, an http(s) URL, or a name from [feeds] in the config. Default: [feed] url or file.", valueName: "file|url|name"))
        var feed: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("How many recommendations to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(parsing: .unconditional, help: ArgumentHelp("Longest walk you accept, e.g. 30 (minutes), 20m, 1h.", valueName: "time"))
        var maxWalk: String = "30"

        @Option(help: ArgumentHelp("table, json, ndjson or geojson.", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each recommendation's score parts and what was left out, and why.")
        var explain = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let near {
                do { _ = try Coordinate(parsing: near) } catch { throw ValidationError("--near \(error.description)") }
            }
            if let feed, feed.trimmingCharacters(in: .whitespaces).isEmpty {
                throw ValidationError("--feed needs a file, an http(s) URL or a name from [feeds] in the config")
            }
            guard (1...50).contains(top) else { throw ValidationError("--top must be between 1 and 50, not \(top)") }
            guard let walk = ValueParsing.seconds(maxWalk), walk > 0, walk <= 3 * 3600 else {
                throw ValidationError("--max-walk '\(maxWalk)' must be a time above 0 and at most 3 hours, such as 30 or 20m")
            }
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "recommendations")
            let provider = try runtime.feed(feed)
            let focus = try DefaultCentre.resolve(near: near, storeOption: global.store, config: runtime.config)
            let recommendations = try await runtime.loadFeed(provider)

            let walkSeconds = ValueParsing.seconds(maxWalk) ?? 30 * 60
            let profile = RecommendationsProfile(maximumWalkSeconds: walkSeconds, top: top)
            let context = RankingContext(focus: focus, now: runtime.now, timeZone: runtime.timeZone)
            let result = profile.rank(recommendations.places, context: context)
            let query: JSONValue = [
                "category": "recommendations",
                "feed": .string(provider.source.description),
                "near": ["lat": JSONOutput.number(focus.latitude, places: 7), "lon": JSONOutput.number(focus.longitude, places: 7)],
                "max_walk_min": JSONOutput.number(walkSeconds / 60, places: 2),
                "top": JSONValue(top),
                "at": .string(ISO8601Text.format(runtime.now)),
            ]
            let output = RecommendationsOutput(
                result: result, feed: recommendations, source: provider.source, query: query, terminal: runtime.terminal,
                timeZone: runtime.timeZone, explain: explain)
            try StandardOutput.write(output.render(format))
            if result.ranked.isEmpty {
                let expired = result.excluded.filter { $0.stage == "expired" }.count
                let note = expired > 0 ? " (\(expired) of \(recommendations.places.count) expired)" : ""
                StandardError.line(
                    "places: no recommendation within \(Int((walkSeconds / 60).rounded())) min walk of \(focus)\(note); try a longer --max-walk or another --near")
            }
        }
    }
}
