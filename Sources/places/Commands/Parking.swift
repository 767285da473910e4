public import ArgumentParser
import Foundation
import PlacesKit

extension Places {
    struct Parking: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Parking near where you are going, priced for your stay.",
            discussion: """
                Asks ParkShark (Amsterdam's street meters) and the city's garage feed (free places right now) at once. \
                Without --advice it lists what is within walking distance, nearest first, with what your stay would cost. \
                With --advice it ranks by the cost of the whole stay (not the hourly rate) for your arrival and duration, \
                the walk from the car to your destination, and the room left; full garages and meters that do not take \
                your payment are left out. A cost marked * is worked out from the meter's tariff.

                Examples:
                  places parking --near 52.3731,4.8926
                  places parking --advice --duration 2h --arrive "fri 08:30"
                  places parking --advice --duration 90m --sort cost --explain
                  places parking --advice --methods pin,creditcard --format json | jq '.results[0].cost'

                Times: --duration takes 2h, 90m, 1.5h or 1h30m (a bare number is refused: say 100m or 100h; in \
                --max-walk a bare number is minutes, as in every time option that takes one). --arrive takes now, 08:30 \
                (the next 08:30), 'fri 08:30', 'tomorrow 9:00' or an ISO 8601 time; clock times are the destination's \
                (Amsterdam time in the Netherlands).
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp(
                "Where you are going: LAT,LON or a place's name. Default: the saved centre (places config set center), else Amsterdam.",
                valueName: "lat,lon|name"),
            completion: ShellCompletion.places,
            transform: Parse.position)
        var near: PositionInput?

        @Flag(help: "Rank by the cost of the stay, the walk and the room left (default: list nearest first).")
        var advice = false

        @Option(parsing: .unconditional, help: ArgumentHelp("How long you stay: 2h, 90m, 1.5h, 1h30m.", valueName: "time"))
        var duration: String = "2h"

        @Option(parsing: .unconditional, help: ArgumentHelp("When you arrive: now, 08:30, 'fri 08:30', ISO 8601.", valueName: "time"))
        var arrive: String = "now"

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("How you can pay, comma-separated: \(ParkingQuery.paymentMethods.joined(separator: ", ")).", valueName: "list"))
        var methods: String = "cash,pin"

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(help: ArgumentHelp("score, cost or walk (default: score with --advice, walk without).", valueName: "order"))
        var sort: ParkingProfile.Order?

        @Option(
            parsing: .unconditional, help: ArgumentHelp("Longest walk from the car, e.g. 10 (minutes), 5m.", valueName: "time"),
            transform: Parse.time(bare: true, units: ["m", "h"]))
        var maxWalk = StatedDuration(seconds: 600, text: "10")

        @Option(help: ArgumentHelp("\(OutputFormat.choices).", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each place's score parts and what was left out, and why.")
        var explain = false

        @Option(
            name: .customLong("provider"),
            help: ArgumentHelp(
                "Ask only this provider (repeatable, or comma-separated): parkshark, amsterdam-garages, osm (OpenStreetMap car parks, asked only when named).",
                valueName: "id"),
            completion: ShellCompletion.providers)
        var providers: [String] = []

        @Flag(help: "Answer from the OpenStreetMap data imported with 'places import' only: no network, no recordings.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        var query: ParkingQuery {
            ParkingQuery(
                near: near, advice: advice, duration: duration, arrive: arrive,
                methods: methods.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty },
                top: top, sort: sort, maxWalk: maxWalk, providers: Parse.list(providers).map { ProviderID($0) }, offline: offline)
        }

        func validate() throws { try PlacesError.validating { try query.validate(catalog: nil) } }

        func run() async throws {
            let service = try await CLIService.service(global, command: "parking")
            let result = try await service.parking(query)
            try StandardOutput.write(result.render(format, style: Terminal.style(global.color), explain: explain))
        }
    }
}

extension ParkingProfile.Order: ExpressibleByArgument {}
