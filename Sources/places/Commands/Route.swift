import ArgumentParser
import Foundation
import PlaceSearch

extension Places {
    struct Route: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A walking route between two points, with its steps.",
            discussion: """
                Asks a routing provider for the way on foot: Google Directions (mode=walking) when \
                GOOGLE_MAPS_API_KEY is set, otherwise OSRM's foot profile on the FOSSGIS servers, which needs no key. \
                Without network or key the bundled recordings answer the README's examples.

                The GeoJSON and GPX it writes can be given to 'places follow --route'.

                Examples:
                  places route --from 52.3731,4.8926 --to 52.3676,4.9041
                  places route --from 52.3731,4.8926 --to 52.3676,4.9041 --format geojson > route.geojson
                  places route --from 52.3731,4.8926 --to rec-nieuwmarkt --feed examples/feed.json --format gpx
                  places route --to 52.3676,4.9041 --provider osrm      # from the saved centre
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Where the walk starts, as LAT,LON. Default: the saved centre (places config set center), else Amsterdam.", valueName: "lat,lon"))
        var from: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Where it goes: LAT,LON, or a recommendation id of --feed (rec-1 or feed:rec-1).", valueName: "lat,lon|id"))
        var to: String

        @Option(help: ArgumentHelp("The feed --to names a recommendation of: a file, a URL, or a name from the config's [feeds].", valueName: "feed"))
        var feed: String?

        @Option(help: ArgumentHelp("The routing provider: google or osrm. Default: google with a key, else osrm.", valueName: "id"))
        var provider: String?

        @Option(help: ArgumentHelp("table, json, ndjson (one step per line), geojson or gpx.", valueName: "format"))
        var format: RouteFormat = .table

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let from {
                do { _ = try Coordinate(parsing: from) } catch { throw ValidationError("--from \(error.description)") }
            }
            try WalkTarget.validate(to, feed: feed)
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "route")
            let origin = try DefaultCentre.resolve(near: from, storeOption: global.store, config: runtime.config, option: "--from")
            let destination = try await WalkTarget.resolve(to, feed: feed, runtime: runtime).coordinate
            let provider = try runtime.routingProvider(named: provider)
            let route = try await runtime.route(RouteRequest(origin: origin, destination: destination), with: provider)
            try StandardOutput.write(RouteOutput(route: route, origin: origin, destination: destination, terminal: runtime.terminal).render(format))
        }
    }
}
