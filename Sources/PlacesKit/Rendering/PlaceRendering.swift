import Foundation
import PlaceBytes
import PlaceCore

extension PlaceDocument {
    /// The place in `format`: everything known about it as text, or its JSON or GeoJSON document.
    public func render(_ format: PlaceFormat, style: TextStyle = .plain) -> String {
        switch format {
        case .table: text(style)
        case .json: json().serialized(pretty: true) + "\n"
        case .geojson: geojson().serialized(pretty: true) + "\n"
        }
    }

    /// Name and id, what it is, where, its hours week by week, how to reach it, tips, provenance.
    public func text(_ style: TextStyle) -> String {
        var lines: [String] = []
        lines.append(style.strong(place.name) + "  " + style.faint(place.id.description))
        var summary: [String] = []
        if let category = place.categories.first?.name { summary.append(category) }
        if let price = place.price { summary.append(price.symbol()) }
        if let rating = place.rating {
            let count = rating.count.map { " (\($0) ratings)" } ?? ""
            summary.append(NumberText.fixed(rating.value, 1) + "/10" + count)
        }
        if let offer = place.recommendation {
            var worth = "\(offer.points) point\(offer.points == 1 ? "" : "s") within \(Int(offer.arrivalRadius.rounded())) m"
            if let expires = offer.expires {
                worth += offer.hasExpired(at: now) ? ", expired \(ISO8601Text.format(expires))" : ", until \(ISO8601Text.format(expires))"
            }
            summary.append(worth)
        }
        if !summary.isEmpty { lines.append(summary.joined(separator: " · ")) }
        if let address = place.address?.fullText { lines.append(address) }
        lines.append("\(Self.coordinateText(place.coordinate))")
        if let description = place.summary { lines.append(""); lines.append(description) }

        if let hours = place.hours, hours.isKnown || hours.text != nil {
            lines.append("")
            // The place's own clock: its zone is named, and the times are its local times.
            let status = place.openingStatus(at: now).map { "  " + $0 } ?? ""
            lines.append(style.strong("Hours") + " (\(place.timeZone.identifier))" + status)
            if hours.isAlwaysOpen {
                lines.append("  every day, all day")
            } else if !hours.intervals.isEmpty {
                for (days, text) in Self.weekRows(hours.intervals) {
                    lines.append("  " + days.padding(toLength: 9, withPad: " ", startingAt: 0) + text)
                }
            } else if let text = hours.text {
                lines.append("  " + text)
            }
        }

        var contact: [(String, String)] = []
        if let phone = place.phone { contact.append(("Phone", phone)) }
        if let website = place.website { contact.append(("Website", website)) }
        if let photo = place.photos.first { contact.append(("Photo", photo.url)) }
        if !contact.isEmpty {
            lines.append("")
            for (label, value) in contact { lines.append(style.strong(label.padding(toLength: 8, withPad: " ", startingAt: 0)) + value) }
        }
        if !place.tips.isEmpty {
            lines.append("")
            lines.append(style.strong("Tips"))
            for tip in place.tips.prefix(5) {
                let date = tip.createdAt.map { " " + style.faint("(" + $0.formatted(.iso8601.year().month().day()) + ")") } ?? ""
                lines.append("  “\(tip.text)”\(date)")
            }
        }
        if place.sources.count > 1 {
            lines.append("")
            lines.append(style.faint("Merged from " + place.sources.map(\.description).joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func coordinateText(_ coordinate: Coordinate) -> String {
        NumberText.fixed(coordinate.latitude, 5) + ", " + NumberText.fixed(coordinate.longitude, 5)
    }

    /// Days with the same hours folded together: "Mon–Fri  08:00–18:00".
    static func weekRows(_ intervals: [OpeningHours.Interval]) -> [(String, String)] {
        let byDay = Dictionary(grouping: intervals, by: \.weekday)
        var rows: [(String, String)] = []
        var run: [OpeningHours.Weekday] = []
        var runText = ""
        func flush() {
            guard let first = run.first, let last = run.last else { return }
            rows.append((run.count == 1 ? first.shortName : "\(first.shortName)–\(last.shortName)", runText))
        }
        for day in OpeningHours.Weekday.allCases {
            let text = byDay[day].map { $0.sorted { $0.opens < $1.opens }.map(\.text).joined(separator: ", ") } ?? "closed"
            if text == runText, !run.isEmpty {
                run.append(day)
            } else {
                flush()
                run = [day]
                runText = text
            }
        }
        flush()
        return rows
    }
}
