import ArgumentParser
import Foundation
import PlaceSearch
import PlaceStore
import Tracking

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
            help: ArgumentHelp("Where the walk goes: LAT,LON, or a recommendation id of --feed (rec-1 or feed:rec-1).", valueName: "lat,lon|id"))
        var to: String

        @Option(help: ArgumentHelp("The feed --to names a recommendation of: a file, a URL, or a name from the config's [feeds].", valueName: "feed"))
        var feed: String?

        @Option(help: ArgumentHelp("The trace: a GPX, GeoJSON or NDJSON file, or - for stdin (gpsd JSON or NDJSON).", valueName: "file"))
        var trace: String

        @Option(help: ArgumentHelp("The trace's format when it cannot be told from its content: gpx, geojson, ndjson or gpsd.", valueName: "format"))
        var traceFormat: String?

        @Option(help: ArgumentHelp("Follow this route (GeoJSON LineString or GPX rte/trk) instead of asking a routing provider.", valueName: "file"))
        var route: String?

        @Option(help: ArgumentHelp("The routing provider when there is no --route: google or osrm.", valueName: "id"))
        var provider: String?

        @Option(help: ArgumentHelp("Off route at once from this far, e.g. 50m.", valueName: "distance"))
        var offRouteDistance: String = "50m"

        @Option(help: ArgumentHelp("Still on the route within this far, e.g. 15m.", valueName: "distance"))
        var tolerance: String = "15m"

        @Option(help: ArgumentHelp("Off route after this long beyond the tolerance, e.g. 15s.", valueName: "time"))
        var offRouteTime: String = "15s"

        @Option(help: ArgumentHelp("No new alert this long after one, e.g. 30s.", valueName: "time"))
        var cooldown: String = "30s"

        @Option(help: ArgumentHelp("Arrived within this far of the destination. Default: the recommendation's radius, else 50m.", valueName: "distance"))
        var arrivalRadius: String?

        @Option(help: ArgumentHelp("Fixes less accurate than this neither alert nor arrive, e.g. 100m.", valueName: "distance"))
        var maxAccuracy: String = "100m"

        @Flag(help: "When the walker goes off route, ask the routing provider for a new route from there (as navigation apps do); needs the network, or recordings of those requests.")
        var reroute = false

        @Option(help: ArgumentHelp("text (a line per event) or ndjson (a JSON object per event).", valueName: "format"))
        var format: FollowFormat = .text

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try WalkTarget.validate(to, feed: feed)
            if reroute, route != nil {
                throw ValidationError("--reroute asks a routing provider for new routes; it cannot be used with --route FILE")
            }
            if let traceFormat, TraceFormat(rawValue: traceFormat) == nil {
                throw ValidationError("--trace-format '\(traceFormat)' must be one of \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            _ = try settings(arrivalDefault: RecommendationOffer.defaultRadius)
        }

        /// The monitor's settings from the options. - Throws: ValidationError naming the option.
        func settings(arrivalDefault: Double) throws -> RouteMonitor.Settings {
            func distance(_ text: String, _ name: String, range: ClosedRange<Double>) throws -> Double {
                guard let metres = ValueParsing.meters(text), range.contains(metres) else {
                    throw ValidationError("--\(name) '\(text)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m")
                }
                return metres
            }
            func time(_ text: String, _ name: String) throws -> Double {
                guard let seconds = ValueParsing.seconds(text, defaultUnit: 1), seconds >= 0, seconds <= 3600 else {
                    throw ValidationError("--\(name) '\(text)' must be a time from 0 s to 1 hour, such as 15s")
                }
                return seconds
            }
            let tolerance = try distance(tolerance, "tolerance", range: 0...1000)
            let threshold = try distance(offRouteDistance, "off-route-distance", range: 1...5000)
            guard tolerance < threshold else {
                throw ValidationError("--tolerance (\(self.tolerance)) must be less than --off-route-distance (\(offRouteDistance))")
            }
            return RouteMonitor.Settings(
                offRouteDistance: threshold, tolerance: tolerance, offRouteTime: try time(offRouteTime, "off-route-time"),
                cooldown: try time(cooldown, "cooldown"),
                arrivalRadius: try arrivalRadius.map { try distance($0, "arrival-radius", range: 1...5000) } ?? arrivalDefault,
                maximumAccuracy: try distance(maxAccuracy, "max-accuracy", range: 1...100_000))
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "follow")
            let target = try await WalkTarget.resolve(to, feed: feed, runtime: runtime)
            let settings = try settings(arrivalDefault: target.offer?.arrivalRadius ?? RecommendationOffer.defaultRadius)
            let output = FollowOutput(
                format: format, timeZone: runtime.timeZone, terminal: runtime.terminal,
                targetName: target.recommendation.map { "\($0.name) (\($0.id))" })
            var walk = try TraceWalk(path: trace, format: traceFormat.flatMap(TraceFormat.init(rawValue:)))

            // The route: given, or asked for from where the trace starts.
            guard let first = try walk.peekFirstFix() else { throw walk.noUsableFix() }
            let path: [Coordinate]
            var routing: (any RoutingProvider)?
            if let route {
                path = try TraceWalk.readRoute(route)
                let length = try PlanarPath(path).length
                try StandardOutput.write(output.render(.route(source: route, distance: length, duration: nil, points: path.count, at: first.time, reroute: false)))
            } else {
                let provider = try runtime.routingProvider(named: provider)
                routing = provider
                path = try await Self.walkingRoute(from: first, to: target.coordinate, with: provider, runtime: runtime, output: output)
            }

            var monitor: RouteMonitor
            do { monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings) } catch {
                throw CLIError("\(route ?? "the route"): \(error.description); give a route with at least one line", status: .data)
            }
            var arrived = false
            var lastFix: LocationFix?
            while let fix = try walk.nextFix() {
                lastFix = fix
                // The route was asked from a fix the checks have since found wrong: ask again from here.
                if walk.takeReanchor(), let routing {
                    let path = try await Self.walkingRoute(from: fix, to: target.coordinate, with: routing, runtime: runtime, output: output)
                    do { monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings) } catch {
                        throw CLIError("\(routing.id) returned an empty route; try another --provider or give --route", status: .data)
                    }
                }
                guard let event = monitor.process(fix) else { continue }
                var award: FollowEvent.AwardNote?
                if case .arrived = event {
                    arrived = true
                    award = try self.award(target, at: fix, runtime: runtime)
                }
                try StandardOutput.write(output.render(.monitor(event, award: award)))
                if reroute, case .offRoute = event, let routing {
                    // A failed reroute keeps the old route: the walk goes on being followed.
                    do {
                        let path = try await Self.walkingRoute(
                            from: fix, to: target.coordinate, with: routing, runtime: runtime, output: output, reroute: true)
                        monitor = try RouteMonitor(route: path, destination: target.coordinate, settings: settings)
                    } catch {
                        StandardError.line("places: could not reroute from \(fix.coordinate) (\(error)); following the old route")
                    }
                }
                // Nothing follows arrival: stop reading (a live gpsd stream would never end).
                if arrived { break }
            }
            walk.reportSummary(withoutAccuracy: "the plain thresholds applied (set them with --tolerance and --off-route-distance)")
            guard walk.used > 0 else { throw walk.noUsableFix() }
            let progress = monitor.progress
            try StandardOutput.write(
                output.render(
                    .end(fixes: walk.read, used: walk.used, skipped: walk.skipped, arrived: arrived,
                         remaining: arrived ? nil : progress.remaining, lastFix: lastFix)))
        }

        /// A route from `fix` to `destination`, said as a route event.
        private static func walkingRoute(
            from fix: LocationFix, to destination: Coordinate, with provider: any RoutingProvider, runtime: Runtime, output: FollowOutput,
            reroute: Bool = false
        ) async throws -> [Coordinate] {
            let found = try await runtime.route(RouteRequest(origin: fix.coordinate, destination: destination), with: provider)
            guard !found.path.isEmpty else {
                throw CLIError("\(provider.id) returned a route without a path; try another --provider or give --route", status: .data)
            }
            for warning in found.warnings { StandardError.line("places: \(provider.id): \(warning)") }
            try StandardOutput.write(
                output.render(
                    .route(source: provider.id.rawValue, distance: found.distance, duration: found.duration, points: found.path.count, at: fix.time, reroute: reroute)))
            return found.path
        }

        /// Arriving at a recommendation writes its points to the ledger, once.
        private func award(_ target: WalkTarget, at fix: LocationFix, runtime: Runtime) throws -> FollowEvent.AwardNote? {
            guard let place = target.recommendation, let offer = target.offer else { return nil }
            let arrivedAt = fix.time ?? runtime.now
            if let expires = offer.expires, offer.hasExpired(at: arrivedAt) { return .expired(expires) }
            // A wider --arrival-radius ends the walk sooner; the points still need the recommendation's own reach.
            let distance = fix.coordinate.distance(to: place.coordinate)
            if distance > offer.arrivalRadius { return .outOfReach(radius: offer.arrivalRadius, distance: distance) }
            let entry = PointsEntry(
                feed: offer.feed, recommendationID: place.id, name: place.name, points: offer.points, arrivedAt: arrivedAt,
                recordedAt: runtime.now, position: fix.coordinate)
            let store = try StoreAccess(option: global.store).writing()
            switch try StoreAccess.run({ () throws(StoreError) in try store.award(entry) }) {
            case .awarded(let balance): return .awarded(points: offer.points, balance: balance)
            case .alreadyAwarded(let earlier): return .already(points: earlier.points, on: earlier.arrivedAt)
            }
        }
    }
}
