import Foundation
import PlaceSearch
import PlaceRanking

/// Writes ranked parking places in the chosen format: the cost of the stay, the walk, the room.
struct ParkingOutput: RankedOutput {
    let result: RankingResult
    let outcome: SearchOutcome
    let query: JSONValue
    let stay: Stay
    let terminal: Terminal
    let explain: Bool

    func json() -> JSONValue {
        var root: JSONObject = ["query": query, "results": .array(result.ranked.map(ranked))]
        if explain { root["excluded"] = .array(result.excluded.map(JSONOutput.exclusion)) }
        root["providers"] = .array(outcome.reports.map(JSONOutput.report))
        return .object(root)
    }

    func geojson() -> JSONValue {
        let features = result.ranked.map { item -> JSONValue in
            guard case .object(var properties) = ranked(item) else { return .null }
            properties["marker-symbol"] = "parking"
            properties["marker-color"] = item.rank == 1 ? "#1F4E9C" : "#6A8CC7"
            return JSONOutput.feature(item.place.coordinate, properties: .object(properties))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// One result as JSON: the shape is in the README.
    func ranked(_ item: RankedPlace) -> JSONValue {
        guard case .object(var object) = JSONOutput.ranked(item) else { return .null }
        object["rating"] = nil
        object["price"] = nil
        object["open_now"] = nil
        let offer = item.place.parking
        let price = StayPricing.price(item.place, for: stay)
        object["kind"] = offer.map { .string($0.kind.rawValue) } ?? .null
        object["reference"] = JSONOutput.optional(offer?.reference)
        object["cost"] = [
            "eur": price.amount.map { JSONOutput.number($0, places: 2) } ?? .null,
            "source": .string(price.source.rawValue),
            "duration_min": JSONValue(Int((stay.duration / 60).rounded())),
            "arrival": .string(stay.arrival.formatted(.iso8601)),
        ]
        object["tariff"] = JSONOutput.optional(offer?.tariff?.summary)
        object["payment"] = offer?.paymentMethods.map { .array($0.map { .string($0) }) } ?? .null
        if let availability = offer?.availability {
            object["availability"] = [
                "state": .string(availability.state.rawValue),
                "free": availability.free.map { JSONValue($0) } ?? .null,
                "capacity": availability.capacity.map { JSONValue($0) } ?? .null,
                "observed_at": JSONOutput.optional(availability.observedAt?.formatted(.iso8601)),
            ]
        } else {
            object["availability"] = .null
        }
        // The ways in and out of a car park mapped apart from it (OpenStreetMap's parking_entrance).
        object["entrances"] = offer?.entrances.map { .array($0.map(Self.entrance)) } ?? .null
        if let note = item.place.tags["cost_note"] { object["note"] = .string(note) }
        return .object(object)
    }

    static func entrance(_ entrance: ParkingEntrance) -> JSONValue {
        [
            "id": JSONOutput.optional(entrance.id?.description), "name": JSONOutput.optional(entrance.name),
            "lat": JSONOutput.number(entrance.coordinate.latitude, places: 7),
            "lon": JSONOutput.number(entrance.coordinate.longitude, places: 7),
        ]
    }

    func table() -> String {
        var table = TextTable([
            .init("#", .right), .init("Name"), .init("Kind"), .init("Walk", .right), .init("Cost \(stay.durationText)", .right),
            .init("Room", .right), .init("Where", shrinks: true),
        ])
        for item in result.ranked {
            let place = item.place
            let price = StayPricing.price(place, for: stay)
            let minutes = max(1, Int(item.walk.minutes.rounded()))
            let mark = price.source == .tariff ? "*" : ""
            table.rows.append([
                "\(item.rank)", place.name, Self.kindText(place.parking?.kind), "\(Int(item.walk.meters.rounded())) m · \(minutes) min",
                price.amount.map { "€" + NumberText.fixed($0, 2) + mark } ?? "?", Self.roomText(place.parking?.availability),
                Self.whereText(place),
            ])
        }
        let lines = table.render(width: terminal.width, header: terminal.dim) { row, column, text in
            let item = result.ranked[row]
            switch column {
            case 1: return terminal.bold(text)
            case 5:
                switch item.place.parking?.availability?.state {
                case .available?: return terminal.green(text)
                case .full?: return terminal.red(text)
                default: return terminal.dim(text)
                }
            default: return text
            }
        }
        var output = lines
        if explain {
            output = Explanation.interleave(lines, result, terminal: terminal) { item in
                item.place.parking?.tariff.map { ["tariff " + $0.summary] } ?? []
            }
        }
        if result.ranked.contains(where: { StayPricing.price($0.place, for: stay).source == .tariff }) {
            output.append(terminal.dim("* worked out from the tariff; other costs as the provider calculated them"))
        }
        return output.joined(separator: "\n") + "\n"
    }

    static func kindText(_ kind: ParkingOffer.Kind?) -> String {
        switch kind {
        case .meter?: "meter"
        case .garage?: "garage"
        case .parkAndRide?: "P+R"
        case .lot?: "car park"
        case nil: "?"
        }
    }

    static func roomText(_ availability: ParkingAvailability?) -> String {
        guard let availability else { return "–" }
        switch availability.state {
        case .full: return "full"
        case .unknown: return "?"
        case .available: return availability.free.map { free in availability.capacity.map { "\(free)/\($0)" } ?? "\(free)" } ?? "yes"
        }
    }

    static func whereText(_ place: Place) -> String {
        var parts: [String] = []
        if let reference = place.parking?.reference { parts.append(reference) }
        parts.append(place.id.description)
        return parts.joined(separator: " · ")
    }
}
