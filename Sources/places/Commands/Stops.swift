import ArgumentParser
import Foundation
import PlaceSearch
import Tracking

extension Places {
    struct Stops: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Stops and the movement between them, from a GPS trace.",
            discussion: """
                Reads a trace — GPX, GeoJSON, NDJSON, or gpsd's JSON on stdin (-) — and finds the stops: places where \
                you stayed within --radius for at least --min-duration (Li et al.'s stay points, as trackintel and \
                scikit-mobility find them). A gap in the data inside a stay does not split it; a gap while moving is \
                not a stop; a brief step out of the circle (less than --min-duration) is part of the stop. Fixes less \
                accurate than --min-accuracy are dropped (Timely Moves dropped those worse than 150 m).

                Each stop gets a name from the local store when one is within --name-within: a favourite first, \
                else the nearest place imported with 'places import' (a café, a square), else a street. The movement \
                between stops is given with its distance, time and average speed.

                The trace is streamed: memory stays bounded however long it is, and with --format ndjson each stop \
                and transit is written as soon as it is known: 'gpspipe -w | places stops - --format ndjson' reports \
                a stop once it cannot grow any more, when you have been gone for --min-duration or have stayed \
                somewhere else for that long.

                Examples:
                  places stops day.gpx
                  places stops day.gpx --min-duration 5m --radius 50m --format geojson > day.geojson
                  places stops day.gpx --format gpx > stops.gpx
                  gpspipe -w | places stops - --format ndjson
                """)

        @Argument(help: ArgumentHelp("The trace: a GPX, GeoJSON or NDJSON file, or - for stdin (gpsd JSON or NDJSON).", valueName: "trace"))
        var trace: String

        @Option(help: ArgumentHelp("A stay keeps within this distance, e.g. 50m.", valueName: "distance"))
        var radius: String = "50m"

        @Option(help: ArgumentHelp("A stay lasts at least this long to be a stop, e.g. 5m (minutes), 90s.", valueName: "time"))
        var minDuration: String = "5m"

        @Option(help: ArgumentHelp("Drop fixes less accurate than this, e.g. 150m (the default).", valueName: "distance"))
        var minAccuracy: String?

        @Option(help: ArgumentHelp("End a stay at a gap in the data longer than this, e.g. 1h. Default: gaps never end a stay.", valueName: "time"))
        var maxGap: String?

        @Option(help: ArgumentHelp("Name a stop after a place within this distance, e.g. 75m; 0 for no names.", valueName: "distance"))
        var nameWithin: String = "75m"

        @Option(help: ArgumentHelp("The trace's format when it cannot be told from its content: gpx, geojson, ndjson or gpsd.", valueName: "format"))
        var traceFormat: String?

        @Option(help: ArgumentHelp("table, json, ndjson (streamed), geojson or gpx.", valueName: "format"))
        var format: StopsFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: String = "auto"

        func validate() throws {
            _ = try settings()
            _ = try accuracyLimit()
            _ = try nameReach()
            if let traceFormat, TraceFormat(rawValue: traceFormat) == nil {
                throw ValidationError("--trace-format '\(traceFormat)' must be one of \(TraceFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if Terminal.ColorChoice(rawValue: color) == nil { throw ValidationError("--color '\(color)' must be auto, always or never") }
        }

        private static func distance(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws -> Double {
            guard let metres = ValueParsing.meters(text), range.contains(metres) else {
                throw ValidationError("--\(name) '\(text)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m")
            }
            return metres
        }

        private static func time(_ text: String, _ name: String, _ range: ClosedRange<Double>) throws -> Double {
            guard let seconds = ValueParsing.seconds(text), range.contains(seconds) else {
                throw ValidationError("--\(name) '\(text)' must be a time from \(Int(range.lowerBound)) s to \(Int(range.upperBound / 3600)) h, such as 5m or 90s")
            }
            return seconds
        }

        func settings() throws -> StopDetector.Settings {
            StopDetector.Settings(
                radius: try Self.distance(radius, "radius", 1...10_000),
                minimumDuration: try Self.time(minDuration, "min-duration", 1...(7 * 86_400)),
                maximumGap: try maxGap.map { try Self.time($0, "max-gap", 1...(30 * 86_400)) })
        }

        func accuracyLimit() throws -> Double { try Self.distance(minAccuracy ?? "150m", "min-accuracy", 1...100_000) }

        func nameReach() throws -> Double { try Self.distance(nameWithin, "name-within", 0...5000) }

        /// "61 waypoints" when a GPX file without a track has waypoints or route points.
        static func otherPoints(_ path: String) -> String? {
            guard path != "-", var source = try? TraceReader.open(path: path, format: .gpx, gpxPoints: [.waypoints, .routePoints]) else { return nil }
            var count = 0
            while let item = try? source.next() { if case .fix = item { count += 1 } }
            return count > 0 ? "\(count) waypoint\(count == 1 ? "" : "s") or route points" : nil
        }

        func run() async throws {
            let environment = ProcessInfo.processInfo.environment
            let terminal = Terminal.detect(environment: environment, color: Terminal.ColorChoice(rawValue: color) ?? .auto)
            let output = StopsOutput(timeZone: TimeZone.current, terminal: terminal)
            let settings = try settings()
            let accuracy = try accuracyLimit()
            let names = try StopNames(storeOption: storeOptions.store, reach: try nameReach())

            var walk = try TraceWalk(
                path: trace, format: traceFormat.flatMap(TraceFormat.init(rawValue:)),
                check: FixCheck(requireTime: true, minimumAccuracy: accuracy))
            var detector = StopDetector(settings: settings)
            var stops: [NamedStop] = []
            var transits: [StopDetector.Transit] = []
            var stopCount = 0
            var stoppedSeconds = 0.0
            var movement = MovementTotals()
            // A trace of any length: only stops and thinned transits are kept, and with NDJSON not even those.
            let streaming = format == .ndjson
            func take(_ events: [StopDetector.Event]) throws {
                for event in events {
                    var name: StopNames.Name?
                    switch event {
                    case .stop(let stop):
                        name = try names.name(for: stop.centre)
                        stopCount += 1
                        stoppedSeconds += stop.duration
                    case .transit(let transit):
                        movement.add(transit)
                    }
                    if streaming {
                        try StandardOutput.write(output.line(event, name: name))
                        continue
                    }
                    switch event {
                    case .stop(let stop): stops.append(NamedStop(stop: stop, name: name))
                    case .transit(var transit):
                        // The table shows no paths: keep none, so memory does not grow with the trace.
                        if format == .table { transit.path = [] }
                        transits.append(transit)
                    }
                }
            }
            while let fix = try walk.nextFix() { try take(detector.process(fix, startsSegment: walk.lastFixStartsSegment)) }
            try take(detector.finish())
            // Most GPX files carry no accuracy; that is worth a word only to someone who asked to filter by it.
            walk.reportSummary(withoutAccuracy: minAccuracy == nil ? nil : "they were kept, as --min-accuracy cannot judge them")
            guard walk.used > 0 else {
                if walk.read == 0, let other = Self.otherPoints(trace) {
                    throw CLIError("\(trace): no track points, only \(other); stops need a recorded track (<trk>) with times", status: .data)
                }
                throw walk.noUsableFix(need: "stops need fixes with times, in order")
            }
            let summary = StopsSummary(
                fixes: walk.read, used: walk.used, skipped: walk.skipped, stops: stops, transits: transits, settings: settings,
                minimumAccuracy: accuracy, stopCount: stopCount, stoppedSeconds: stoppedSeconds, movement: movement)
            if streaming {
                try StandardOutput.write(output.summaryLine(summary))
            } else {
                try StandardOutput.write(output.render(summary, as: format))
            }
        }
    }
}
