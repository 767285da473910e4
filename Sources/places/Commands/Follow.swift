import ArgumentParser
import Foundation
import PlacesKit

extension Places {
    struct Follow: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Follow a walk along a route: off route, back on route, arrived (and the points).",
            discussion: """
                Reads a trace — a GPX, GeoJSON or NDJSON file, or gpsd's JSON on stdin (--trace -) — fix by fix, and \
                prints an event when the walker leaves the route, comes back to it, and arrives. The route comes from a \
                routing provider (from the trace's first fix to --to), or from --route (GeoJSON or GPX, as 'places route' \
                writes them).

                Off route: at once when a fix is --off-route-distance or more from the route; or when fixes stay beyond \
                --tolerance for --off-route-time. Both widen to a fix's accuracy (a fix ±40 m is within 40 m of the route \
                if any of it is). After an alert, --cooldown holds back the next one. Fixes worse than --max-accuracy \
                are too vague to alert or arrive. Arrived: within --arrival-radius of the destination (the recommendation's \
                own radius, else 50 m).

                Arriving at a recommendation of a feed awards its points once: following the same walk again, or two \
                follows at the same moment, never add them twice ('places points' shows them). Fixes without a time, out \
                of order or jumping impossibly far are skipped and named on stderr; the rest are used.

                Examples:
                  places follow --feed examples/feed.json --to rec-waterlooplein --trace examples/walk.gpx
                  places follow --to 52.3676,4.9041 --trace walk.gpx --format ndjson
                  places follow --route route.geojson --to 52.3676,4.9041 --trace walk.gpx
                  gpspipe -w | places follow --to 52.3676,4.9041 --trace - --reroute
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where the walk goes: LAT,LON, a place's name, or a recommendation id of --feed (rec-1 or feed:rec-1).",
                valueName: "lat,lon|name|id"),
            completion: ShellCompletion.places)
        var to: String

        @Option(
            help: ArgumentHelp("The feed --to names a recommendation of: a file, a URL, or a name from the config's [feeds].", valueName: "feed"),
            completion: ShellCompletion.feeds)
        var feed: String?

        @Option(help: ArgumentHelp("The trace: a GPX, GeoJSON or NDJSON file, or - for stdin (gpsd JSON or NDJSON).", valueName: "file"))
        var trace: String

        @Option(help: ArgumentHelp("The trace's format when it cannot be told from its content: \(TraceFormat.choices).", valueName: "format"))
        var traceFormat: TraceFormat?

        @Option(help: ArgumentHelp("Follow this route (GeoJSON LineString or GPX rte/trk) instead of asking a routing provider.", valueName: "file"))
        var route: String?

        @Option(
            help: ArgumentHelp("The routing provider when there is no --route: google, osrm or local (the imported streets).", valueName: "id"),
            completion: .list(["google", "osrm", "local"]))
        var provider: String?

        @Flag(help: "Route (and reroute) over the streets imported with 'places import' only: no network, no recordings.")
        var offline = false

        @Option(help: ArgumentHelp("Off route at once from this far, e.g. 50m.", valueName: "distance"), transform: Parse.distance)
        var offRouteDistance = Distance(meters: 50, text: "50m")

        @Option(help: ArgumentHelp("Still on the route within this far, e.g. 15m.", valueName: "distance"), transform: Parse.distance)
        var tolerance = Distance(meters: 15, text: "15m")

        @Option(
            help: ArgumentHelp("Off route after this long beyond the tolerance, e.g. 15s.", valueName: "time"), transform: Parse.time(bare: false))
        var offRouteTime = StatedDuration(seconds: 15, text: "15s")

        @Option(help: ArgumentHelp("No new alert this long after one, e.g. 30s.", valueName: "time"), transform: Parse.time(bare: false))
        var cooldown = StatedDuration(seconds: 30, text: "30s")

        @Option(
            help: ArgumentHelp("Arrived within this far of the destination. Default: the recommendation's radius, else 50m.", valueName: "distance"),
            transform: Parse.distance)
        var arrivalRadius: Distance?

        @Option(
            help: ArgumentHelp("Fixes less accurate than this neither alert nor arrive, e.g. 100m.", valueName: "distance"), transform: Parse.distance
        )
        var maxAccuracy = Distance(meters: 100, text: "100m")

        @Flag(
            help:
                "When the walker goes off route, ask the routing provider for a new route from there (as navigation apps do); needs the network, or recordings of those requests."
        )
        var reroute = false

        @Option(help: ArgumentHelp("\(FollowFormat.choices) (a line, or a JSON object, per event).", valueName: "format"))
        var format: FollowFormat = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if reroute, route != nil {
                throw ValidationError("--reroute asks a routing provider for new routes; it cannot be used with --route FILE")
            }
            _ = try settings()
        }

        func run() async throws {
            let service = try await CLIService.service(global, command: "follow")
            let source: any TraceSource
            do { source = try TraceReader.open(path: trace, format: traceFormat) } catch { throw TraceFilter.error(error) }
            var given: (path: [Coordinate], source: String)?
            if let route {
                do { given = (try TraceReader.readPath(path: route), route) } catch { throw TraceFilter.error(error) }
            }
            let query = FollowQuery(
                to: to, feed: feed, route: given, provider: offline ? "local" : provider.map { ProviderID($0) }, settings: try settings(),
                arrivalRadius: arrivalRadius?.meters, reroute: reroute)
            let plan = try await service.planFollow(query)
            let output = FollowRendering(
                format: format, timeZone: service.timeZone, style: Terminal.style(global.color), targetName: plan.targetName)
            for try await event in service.follow(plan, trace: TraceItems(source), name: trace == "-" ? "stdin" : trace) {
                try StandardOutput.write(output.render(event))
            }
        }
    }
}
