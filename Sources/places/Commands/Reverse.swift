import ArgumentParser
import PlacesKit

extension Places {
    struct Reverse: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "What is at a position: the nearest imported place, street or POI, and a live geocoder's answer.",
            discussion: """
                Looks in the data imported with 'places import' for the nearest POI, street and place within \
                --radius, and asks Photon's /reverse when it can answer (live, or from recordings); nearest first. \
                The same lookup names the stops of 'places stops'. Nothing known nearby: "no match" on stderr, exit 0.

                Examples:
                  places reverse 52.3731,4.8926
                  places reverse 52.3731,4.8926 --format json | jq '.results[0].name'
                  places reverse 52.3731,4.8926 --format geojson > here.geojson
                  places reverse 52.3731,4.8926 --offline          # from 'places import' data, no network
                """)

        @Argument(help: ArgumentHelp("The position, as LAT,LON.", valueName: "lat,lon"), transform: { try Coordinate(parsing: $0) })
        var position: Coordinate

        @Option(
            help: ArgumentHelp("How far to look in the imported data, e.g. 250m (the default).", valueName: "distance"), transform: Parse.distance)
        var radius = Distance(meters: 250, text: "250m")

        @Option(help: ArgumentHelp("How many answers (1–20).", valueName: "n"))
        var limit = 5

        @Option(help: ArgumentHelp("\(PlaceFormat.choices).", valueName: "format"))
        var format: PlaceFormat = .table

        @Flag(help: "Answer from the data imported with 'places import' only: no geocoder, no network, no recordings.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        var query: ReverseQuery { ReverseQuery(position, radius: radius, limit: limit, offline: offline) }

        func validate() throws {
            try PlacesError.validating { try query.validate() }
        }

        func run() async throws {
            let service = try await CLIService.service(global, command: "reverse")
            let matches = try await service.reverse(query)
            try StandardOutput.write(ReverseRendering(matches: matches, at: position, style: Terminal.style(global.color)).render(format))
        }
    }
}
