import Foundation
import PlaceProviders
import PlaceRanking
import PlaceSearch
import PlacesKit

/// Writes ranked recommendations in the chosen format: points, the walk, until when they hold.
struct RecommendationsOutput: RankedOutput {
    let document: RecommendationsResult
    let terminal: Terminal
    /// For the table's expiry times.
    let timeZone: TimeZone
    let explain: Bool

    var feed: RecommendationFeed { document.feed }

    /// Descriptions are a paragraph: the table shows their start, JSON the whole text.
    static let aboutWidth = 44

    func table() -> String {
        var table = TextTable([
            .init("#", .right), .init("Name"), .init("Points", .right), .init("Walk", .right), .init("Until (\(timeZone.identifier))"), .init("ID"),
            .init("About", shrinks: true),
        ])
        for item in result.ranked {
            let place = item.place
            let minutes = max(1, Int(item.walk.minutes.rounded()))
            table.rows.append([
                "\(item.rank)", place.name, place.recommendation.map { "\($0.points)" } ?? "–",
                "\(Int(item.walk.meters.rounded())) m · \(minutes) min", untilText(place.recommendation?.expires), place.id.description,
                Self.about(place.summary),
            ])
        }
        let lines = table.render(width: terminal.width, header: terminal.dim) { _, column, text in
            switch column {
            case 1: terminal.bold(text)
            case 2: terminal.green(text)
            case 6: terminal.dim(text)
            default: text
            }
        }
        guard explain else { return lines.joined(separator: "\n") + "\n" }
        return Explanation.interleave(lines, result, terminal: terminal) { item in
            guard let offer = item.place.recommendation else { return [] }
            let radius =
                offer.radius.map { "within \(NumberText.trimmed($0, 1)) m" } ?? "within \(Int(RecommendationOffer.defaultRadius)) m (the default)"
            return ["arrived \(radius); from \(offer.feed)"]
        }.joined(separator: "\n") + "\n"
    }

    /// The start of a description: at most ``aboutWidth`` characters, cut at a word where one ends near.
    static func about(_ text: String?) -> String {
        guard let text, TextTable.displayWidth(text) > aboutWidth else { return text ?? "" }
        var cut = String(TextTable.truncate(text, to: aboutWidth).dropLast())
        if let space = cut.lastIndex(of: " "), cut.distance(from: space, to: cut.endIndex) < 12 { cut = String(cut[..<space]) }
        return cut.trimmingCharacters(in: .whitespaces.union(.punctuationCharacters)) + "…"
    }

    /// `2026-11-28 18:00` in the walker's time zone; `–` for never.
    func untilText(_ date: Date?) -> String {
        guard let date else { return "–" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(parts.year ?? 0)-\(NumberText.twoDigits(parts.month ?? 0))-\(NumberText.twoDigits(parts.day ?? 0)) "
            + "\(NumberText.twoDigits(parts.hour ?? 0)):\(NumberText.twoDigits(parts.minute ?? 0))"
    }
}
