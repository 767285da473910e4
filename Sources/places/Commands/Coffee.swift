import ArgumentParser
import Foundation
import PlaceSearch
import PlaceProviders
import PlaceRanking

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
            help: ArgumentHelp("Where you are, as LAT,LON (e.g. 52.37,4.89). Default: the saved centre (places config set center), else Amsterdam.", valueName: "lat,lon"))
        var near: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(parsing: .unconditional, help: ArgumentHelp("How far to search, e.g. 800m or 1.2km. Default: what can be walked within --max-walk.", valueName: "distance"))
        var radius: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Longest walk you accept, e.g. 15 (minutes), 10m, 1h.", valueName: "time"))
        var maxWalk: String = "15"

        @Flag(help: "Only places known to be open now (unknown hours are left out).")
        var openNow = false

        @Option(help: ArgumentHelp("table, json, ndjson or geojson.", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each place's score parts and what was left out, and why.")
        var explain = false

        @Option(
            name: .customLong("provider"),
            help: ArgumentHelp("Ask only this provider (repeatable, or comma-separated): \(ProviderCatalog.all.filter { $0.categories.contains(.coffee) }.map(\.id.rawValue).joined(separator: ", ")).", valueName: "id"))
        var providers: [String] = []

        @Flag(help: "Answer from the OpenStreetMap data imported with 'places import' only: no network, no recordings.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        var selectedProviders: [String] { providers.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } }

        func validate() throws {
            if let near {
                do { _ = try Coordinate(parsing: near) } catch { throw ValidationError("--near \(error.description)") }
            }
            guard (1...50).contains(top) else { throw ValidationError("--top must be between 1 and 50, not \(top)") }
            if let radius {
                guard let meters = ValueParsing.meters(radius), meters > 0, meters <= 100_000 else {
                    throw ValidationError("--radius '\(radius)' must be a distance above 0 and at most 100 km, such as 800m or 1.2km")
                }
            }
            guard let walk = ValueParsing.seconds(maxWalk), walk > 0, walk <= 3 * 3600 else {
                throw ValidationError("--max-walk '\(maxWalk)' must be a time above 0 and at most 3 hours, such as 15 or 10m")
            }
            let known = ProviderCatalog.all.filter { $0.categories.contains(.coffee) }.map(\.id.rawValue)
            for id in selectedProviders where !known.contains(id) {
                throw ValidationError("unknown provider '\(id)'; coffee providers are \(known.joined(separator: ", "))")
            }
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "coffee")
            let focus = try focusCoordinate(runtime)
            let walkSeconds = ValueParsing.seconds(maxWalk) ?? 900
            let profile = CoffeeProfile(maximumWalkSeconds: walkSeconds, requireOpen: openNow, top: top)
            let radiusMeters = radius.flatMap(ValueParsing.meters) ?? profile.searchRadius
            let request = SearchRequest(category: .coffee, focus: focus, radius: radiusMeters, limit: 50, openAt: runtime.now)

            let outcome: SearchOutcome
            if offline {
                let providers = try runtime.offlineProviders(storeOption: global.store, selected: selectedProviders)
                outcome = try await runtime.offlineSearch(request, providers: providers)
            } else {
                let providers = try runtime.readyProviders(for: .coffee, selected: selectedProviders)
                outcome = try await runtime.search(request, providers: providers)
            }

            let context = RankingContext(focus: focus, now: runtime.now, timeZone: Self.areaTimeZone(outcome.places) ?? runtime.timeZone)
            let result = profile.rank(outcome.places, context: context)
            let query: JSONValue = [
                "category": "coffee",
                "near": ["lat": JSONOutput.number(focus.latitude, places: 7), "lon": JSONOutput.number(focus.longitude, places: 7)],
                "radius_m": JSONValue(Int(radiusMeters.rounded())),
                "max_walk_min": JSONOutput.number(walkSeconds / 60, places: 2),
                "open_now": .bool(openNow),
                "top": JSONValue(top),
                "at": .string(runtime.now.formatted(.iso8601)),
            ]
            let output = CoffeeOutput(result: result, outcome: outcome, query: query, terminal: runtime.terminal, explain: explain)
            try StandardOutput.write(output.render(format))
            if result.ranked.isEmpty {
                let why = openNow ? "open now and " : ""
                StandardError.line(
                    "places: no coffee place \(why)within \(Int((walkSeconds / 60).rounded())) min walk of \(focus); try a longer --max-walk\(openNow ? " or drop --open-now" : "")")
            }
        }

        /// The time zone the places around the focus are in, as the providers that know it say
        /// (OpenStreetMap does not): the hours of places without their own zone are read in it,
        /// rather than in the zone of the machine, which may be far away.
        static func areaTimeZone(_ places: [Place]) -> TimeZone? {
            let zones = places.compactMap { $0.hours?.timeZoneIdentifier }
            let counts = Dictionary(zones.map { ($0, 1) }, uniquingKeysWith: +)
            let mostCommon = counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
            return mostCommon.flatMap(TimeZone.init(identifier:))
        }

        private func focusCoordinate(_ runtime: Runtime) throws -> Coordinate {
            try DefaultCentre.resolve(near: near, storeOption: global.store, config: runtime.config)
        }
    }
}
