import ArgumentParser
import PlacesKit

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

        @Option(help: ArgumentHelp("A stay keeps within this distance, e.g. 50m.", valueName: "distance"), transform: Parse.distance)
        var radius = Distance(meters: 50, text: "50m")

        @Option(
            help: ArgumentHelp("A stay lasts at least this long to be a stop, e.g. 5m (minutes), 90s.", valueName: "time"),
            transform: Parse.time(bare: true))
        var minDuration = StatedDuration(seconds: 300, text: "5m")

        @Option(help: ArgumentHelp("Drop fixes less accurate than this, e.g. 150m (the default).", valueName: "distance"), transform: Parse.distance)
        var minAccuracy: Distance?

        @Option(
            help: ArgumentHelp("End a stay at a gap in the data longer than this, e.g. 1h. Default: gaps never end a stay.", valueName: "time"),
            transform: Parse.time(bare: true, units: ["m", "h"]))
        var maxGap: StatedDuration?

        @Option(
            help: ArgumentHelp("Name a stop after a place within this distance, e.g. 75m; 0 for no names.", valueName: "distance"),
            transform: Parse.distance)
        var nameWithin = Distance(meters: 75, text: "75m")

        @Option(help: ArgumentHelp("The trace's format when it cannot be told from its content: \(TraceFormat.choices).", valueName: "format"))
        var traceFormat: TraceFormat?

        @Option(help: ArgumentHelp("\(StopsFormat.choices) (ndjson is streamed).", valueName: "format"))
        var format: StopsFormat = .table

        @OptionGroup var storeOptions: StoreOptions

        @Option(help: ArgumentHelp("Colour: auto, always or never. NO_COLOR is always honoured.", valueName: "when"))
        var color: Terminal.ColorChoice = .auto

        func validate() throws { try PlacesError.validating { _ = try query() } }

        func query() throws(PlacesError) -> StopsQuery {
            try StopsQuery(radius: radius, minDuration: minDuration, minAccuracy: minAccuracy, maxGap: maxGap, nameWithin: nameWithin)
        }

        func run() async throws {
            let service = try CLIService.service(store: storeOptions.store)
            let output = StopsRendering(timeZone: service.timeZone, style: Terminal.style(color))
            var source: any TraceSource
            do { source = try TraceReader.open(path: trace, format: traceFormat) } catch { throw TraceFilter.error(error) }
            // A trace of any length: only stops and thinned transits are kept, and with NDJSON not even those.
            let streaming = format == .ndjson
            let summary = try service.stops(
                try query(), source: &source, name: trace == "-" ? "stdin" : trace,
                keeping: streaming ? .nothing : format == .table ? .withoutPaths : .everything
            ) { (event) throws(PlacesError) in
                guard streaming else { return }
                do { try StandardOutput.write(StopsDocument.line(event)) } catch { throw PlacesError(.output, String(describing: error)) }
            }
            try StandardOutput.write(streaming ? StopsDocument.summaryLine(summary) : output.render(summary, as: format))
        }
    }
}
