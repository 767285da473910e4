import PlaceBytes
import PlaceRanking
import PlaceCore

/// Ranked parking places as columns: the cost of the stay, the walk, the room.
extension ParkingSearchResult {
    /// The ranked parking places as a table: the cost of the stay, the walk and the room; with
    /// `explain`, each score's parts and what was left out.
    public func table(_ style: TextStyle, explain: Bool) -> String {
        let result = ranking
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
        let lines = table.render(width: style.width, header: style.faint) { row, column, text in
            let item = result.ranked[row]
            switch column {
            case 1: return style.strong(text)
            case 5:
                switch item.place.parking?.availability?.state {
                case .available?: return style.good(text)
                case .full?: return style.bad(text)
                default: return style.faint(text)
                }
            default: return text
            }
        }
        var output = lines
        if explain {
            output = Explanation.interleave(lines, result, style: style) { item in
                item.place.parking?.tariff.map { ["tariff " + $0.summary] } ?? []
            }
        }
        if result.ranked.contains(where: { StayPricing.price($0.place, for: stay).source == .tariff }) {
            output.append(style.faint("* worked out from the tariff; other costs as the provider calculated them"))
        }
        // How the arrival was read: in the destination's zone, said with it.
        output.append(style.faint("Costs for \(stay.durationText) from \(ArrivalTime.describe(stay.arrival, in: timeZone))"))
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
