import ArgumentParser
import PlacesKit

extension Places {
    struct Route: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "A walking route between two points, with its steps.",
            discussion: """
                Asks a routing provider for the way on foot: Google Directions (mode=walking) when \
                GOOGLE_MAPS_API_KEY is set, otherwise OSRM's foot profile on the FOSSGIS servers, which needs no key. \
                Without network the bundled recordings answer the examples of docs/walking.md, and the streets imported with \
                'places import' answer anywhere they cover (--offline: only them).

                The GeoJSON and GPX it writes can be given to 'places follow --route'.

                Examples:
                  places route --from 52.3731,4.8926 --to 52.3676,4.9041
                  places route --from 52.3731,4.8926 --to 52.3676,4.9041 --format geojson > route.geojson
                  places route --from Senaatintori --to Kauppatori --offline --explain   # where each end joins the ways
                  places route --from 52.3731,4.8926 --to rec-nieuwmarkt --feed examples/feed.json --format gpx
                  places route --to 52.3676,4.9041 --provider osrm      # from the saved centre
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where the walk starts: LAT,LON or a place's name. Default: the saved centre (places config set center), else Amsterdam.",
                valueName: "lat,lon|name"),
            completion: ShellCompletion.places,
            transform: Parse.position)
        var from: PositionInput?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where it goes: LAT,LON, a place's name, or a recommendation id of --feed (rec-1 or feed:rec-1).", valueName: "lat,lon|name|id"),
            completion: ShellCompletion.places)
        var to: String

        @Option(
            help: ArgumentHelp("The feed --to names a recommendation of: a file, a URL, or a name from the config's [feeds].", valueName: "feed"),
            completion: ShellCompletion.feeds)
        var feed: String?

        @Option(
            help: ArgumentHelp(
                "The routing provider: google, osrm or local (the imported streets). Default: google with a key, else osrm, "
                    + "with the imported streets when neither the network nor a recording can answer.",
                valueName: "id"),
            completion: .list(["google", "osrm", "local"]))
        var provider: String?

        @Flag(help: "Route over the streets imported with 'places import' only: no network, no recordings.")
        var offline = false

        @Option(help: ArgumentHelp("\(RouteFormat.choices) (ndjson: one step per line).", valueName: "format"))
        var format: RouteFormat = .table

        @Flag(help: "Say where the walk joins the ways at each end: how far, and on what (a square, a street, a tunnel).")
        var explain = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if offline, let provider, provider != "local" {
                throw ValidationError("--offline routes over the imported streets; it cannot be used with --provider \(provider)")
            }
        }

        func run() async throws {
            let service = try await CLIService.service(global, command: "route")
            let result = try await service.route(
                RouteQuery(from: from, to: to, feed: feed, provider: provider.map { ProviderID($0) }, offline: offline))
            try StandardOutput.write(RouteDocument(result).render(format, style: Terminal.style(global.color), explain: explain))
        }
    }
}
