import ArgumentParser
import Foundation
import PlaceSearch
import PlaceProviders
import PlaceRanking

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

                Times: --duration takes 2h, 90m, 1.5h or 1h30m (a bare number is hours). --arrive takes now, 08:30 \
                (the next 08:30), 'fri 08:30', 'tomorrow 9:00' or an ISO 8601 time; clock times are the destination's \
                (Amsterdam time in the Netherlands).
                """)

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Where you are going, as LAT,LON. Default: the saved centre (places config set center), else Amsterdam.", valueName: "lat,lon"))
        var near: String?

        @Flag(help: "Rank by the cost of the stay, the walk and the room left (default: list nearest first).")
        var advice = false

        @Option(parsing: .unconditional, help: ArgumentHelp("How long you stay: 2h, 90m, 1.5h, 1h30m.", valueName: "time"))
        var duration: String = "2h"

        @Option(parsing: .unconditional, help: ArgumentHelp("When you arrive: now, 08:30, 'fri 08:30', ISO 8601.", valueName: "time"))
        var arrive: String = "now"

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("How you can pay, comma-separated: cash, pin, creditcard, chipknip.", valueName: "list"))
        var methods: String = "cash,pin"

        @Option(parsing: .unconditional, help: ArgumentHelp("How many places to list (1–50).", valueName: "n"))
        var top: Int = 10

        @Option(help: ArgumentHelp("score, cost or walk (default: score with --advice, walk without).", valueName: "order"))
        var sort: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("Longest walk from the car, e.g. 10 (minutes), 5m.", valueName: "time"))
        var maxWalk: String = "10"

        @Option(help: ArgumentHelp("table, json, ndjson or geojson.", valueName: "format"))
        var format: OutputFormat = .table

        @Flag(help: "Show each place's score parts and what was left out, and why.")
        var explain = false

        @Option(
            name: .customLong("provider"),
            help: ArgumentHelp("Ask only this provider (repeatable, or comma-separated): parkshark, amsterdam-garages, osm (OpenStreetMap car parks, asked only when named).", valueName: "id"))
        var providers: [String] = []

        @Flag(help: "Answer from the OpenStreetMap data imported with 'places import' only: no network, no recordings.")
        var offline = false

        @OptionGroup var global: GlobalOptions

        var selectedProviders: [String] { providers.flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } } }
        var paymentMethods: [String] { methods.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty } }

        func validate() throws {
            if let near {
                do { _ = try Coordinate(parsing: near) } catch { throw ValidationError("--near \(error.description)") }
            }
            guard (1...50).contains(top) else { throw ValidationError("--top must be between 1 and 50, not \(top)") }
            do { _ = try ArrivalParsing.duration(duration) } catch { throw ValidationError(error.description) }
            do { _ = try ArrivalParsing.arrival(arrive, now: Date(), timeZone: .current) } catch { throw ValidationError(error.description) }
            if let sort, ParkingProfile.Order(rawValue: sort) == nil {
                throw ValidationError("--sort '\(sort)' must be score, cost or walk")
            }
            guard let walk = ValueParsing.seconds(maxWalk), walk > 0, walk <= 3600 else {
                throw ValidationError("--max-walk '\(maxWalk)' must be a time above 0 and at most an hour, such as 10 or 5m")
            }
            let known = ["cash", "pin", "creditcard", "chipknip"]
            guard !paymentMethods.isEmpty else { throw ValidationError("--methods needs at least one of \(known.joined(separator: ", "))") }
            for method in paymentMethods where !known.contains(method) {
                throw ValidationError("--methods: '\(method)' is not a payment method; use \(known.joined(separator: ", "))")
            }
            let parking = ProviderCatalog.all.filter { $0.categories.contains(.parking) }.map(\.id.rawValue)
            for id in selectedProviders where !parking.contains(id) {
                throw ValidationError("unknown provider '\(id)'; parking providers are \(parking.joined(separator: ", "))")
            }
        }

        func run() async throws {
            let runtime = try Runtime(global: global, command: "parking")
            let focus = try DefaultCentre.resolve(near: near, storeOption: global.store, config: runtime.config)
            let zone = DestinationTimeZone.zone(for: focus, fallback: runtime.timeZone)
            let stay = Stay(
                arrival: try ArrivalParsing.arrival(arrive, now: runtime.now, timeZone: zone), duration: try ArrivalParsing.duration(duration))
            let walkSeconds = ValueParsing.seconds(maxWalk) ?? 600
            let order = sort.flatMap(ParkingProfile.Order.init(rawValue:)) ?? (advice ? .score : .walk)
            let profile = ParkingProfile(
                stay: stay, maximumWalkSeconds: walkSeconds, paymentMethods: paymentMethods, dropUnusable: advice, order: order, top: top)
            let request = SearchRequest(
                category: .parking, focus: focus, radius: profile.searchRadius, limit: 50, openAt: nil, stay: advice ? stay : nil,
                paymentMethods: paymentMethods)

            let outcome: SearchOutcome
            if offline {
                let providers = try runtime.offlineProviders(storeOption: global.store, selected: selectedProviders)
                outcome = try await runtime.offlineSearch(request, providers: providers)
            } else {
                let providers = try runtime.readyProviders(for: .parking, selected: selectedProviders)
                outcome = try await runtime.search(request, providers: providers) { outcome in
                    guard advice, let note = outcome.places.lazy.compactMap({ $0.tags["cost_note"] }).first else { return [] }
                    return ["parkshark: \(note)"]
                }
            }

            let context = RankingContext(focus: focus, now: runtime.now, timeZone: zone)
            let result = profile.rank(outcome.places, context: context)
            let query: JSONValue = [
                "category": "parking",
                "advice": .bool(advice),
                "near": ["lat": JSONOutput.number(focus.latitude, places: 7), "lon": JSONOutput.number(focus.longitude, places: 7)],
                "arrival": .string(stay.arrival.formatted(.iso8601)),
                "duration_min": JSONValue(Int((stay.duration / 60).rounded())),
                "methods": .array(paymentMethods.map { .string($0) }),
                "max_walk_min": JSONOutput.number(walkSeconds / 60, places: 2),
                "sort": .string(order.rawValue),
                "top": JSONValue(top),
            ]
            let output = ParkingOutput(result: result, outcome: outcome, query: query, stay: stay, terminal: runtime.terminal, explain: explain)
            try StandardOutput.write(output.render(format))
            if result.ranked.isEmpty {
                StandardError.line(
                    "places: no parking within \(Int((walkSeconds / 60).rounded())) min walk of \(focus)\(advice ? " that takes \(methods) for \(stay.durationText)" : ""); try a longer --max-walk")
            }
        }
    }
}
