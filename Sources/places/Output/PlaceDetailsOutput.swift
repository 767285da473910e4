import Foundation
import PlaceSearch

/// Writes everything known about one place (`places show`).
struct PlaceDetailsOutput {
    let place: Place
    let now: Date
    let timeZone: TimeZone
    let terminal: Terminal

    func text() -> String {
        var lines: [String] = []
        lines.append(terminal.bold(place.name) + "  " + terminal.dim(place.id.description))
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
            let zone = hours.timeZoneIdentifier.map { " (\($0))" } ?? ""
            let status = hours.statusText(at: now, defaultTimeZone: timeZone).map { "  " + $0 } ?? ""
            lines.append(terminal.bold("Hours") + zone + status)
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
            for (label, value) in contact { lines.append(terminal.bold(label.padding(toLength: 8, withPad: " ", startingAt: 0)) + value) }
        }
        if !place.tips.isEmpty {
            lines.append("")
            lines.append(terminal.bold("Tips"))
            for tip in place.tips.prefix(5) {
                let date = tip.createdAt.map { " " + terminal.dim("(" + $0.formatted(.iso8601.year().month().day()) + ")") } ?? ""
                lines.append("  “\(tip.text)”\(date)")
            }
        }
        if place.sources.count > 1 {
            lines.append("")
            lines.append(terminal.dim("Merged from " + place.sources.map(\.description).joined(separator: ", ")))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        var hoursValue: JSONValue = .null
        if let hours = place.hours {
            hoursValue = [
                "time_zone": JSONOutput.optional(hours.timeZoneIdentifier),
                "text": JSONOutput.optional(hours.text),
                "open_now": JSONOutput.optional(hours.isOpen(at: now, defaultTimeZone: timeZone)),
                "status": JSONOutput.optional(hours.statusText(at: now, defaultTimeZone: timeZone)),
                "always_open": .bool(hours.isAlwaysOpen),
                "weekly": .array(hours.intervals.map { interval in
                    [
                        "day": .string(interval.weekday.shortName),
                        "opens": .string(OpeningHours.Interval.clock(interval.opens)),
                        "closes": .string(OpeningHours.Interval.clock(interval.closes)),
                    ]
                }),
            ]
        }
        var addressValue: JSONValue = .null
        if let address = place.address {
            addressValue = [
                "street": JSONOutput.optional(address.street),
                "postcode": JSONOutput.optional(address.postcode),
                "locality": JSONOutput.optional(address.locality),
                "country": JSONOutput.optional(address.countryCode),
                "formatted": JSONOutput.optional(address.fullText),
            ]
        }
        return [
            "id": .string(place.id.description),
            "name": .string(place.name),
            "lat": JSONOutput.number(place.coordinate.latitude, places: 7),
            "lon": JSONOutput.number(place.coordinate.longitude, places: 7),
            "categories": .array(place.categories.map { .string($0.name) }),
            "concepts": .array(place.concepts.sorted().map { .string($0.rawValue) }),
            "rating": JSONOutput.rating(place.rating),
            "price": place.price.map { JSONValue($0.tier) } ?? .null,
            "address": addressValue,
            "phone": JSONOutput.optional(place.phone),
            "website": JSONOutput.optional(place.website),
            "description": JSONOutput.optional(place.summary),
            "hours": hoursValue,
            "photos": .array(place.photos.map { photo in
                [
                    "url": .string(photo.url),
                    "width": photo.width.map { JSONValue($0) } ?? .null,
                    "height": photo.height.map { JSONValue($0) } ?? .null,
                ]
            }),
            "tips": .array(place.tips.map { tip in
                ["text": .string(tip.text), "created_at": JSONOutput.optional(tip.createdAt?.formatted(.iso8601))]
            }),
            "tags": .object(JSONObject(place.tags.sorted { $0.key < $1.key }.map { JSONObject.Member(key: $0.key, value: .string($0.value)) })),
            "sources": .array(place.sources.map { .string($0.description) }),
            "recommendation": place.recommendation.map { offer in
                [
                    "points": JSONValue(offer.points),
                    "radius_m": JSONOutput.number(offer.arrivalRadius, places: 1),
                    "expires": offer.expires.map { .string(ISO8601Text.format($0)) } ?? .null,
                    "feed": .string(offer.feed),
                ]
            } ?? .null,
        ]
    }

    func geojson() -> JSONValue {
        JSONOutput.feature(place.coordinate, properties: json())
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
