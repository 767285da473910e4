import Foundation
import PlaceBytes
import PlaceProviders
import PlaceRanking

/// Ranked recommendations as columns: points, the walk, until when they hold.
extension RecommendationsResult {
    /// Descriptions are a paragraph: the table shows their start, JSON the whole text.
    static let aboutWidth = 44

    /// The ranked recommendations as a table: points, walk, rate and expiry; with `explain`, each
    /// score's parts and what was left out.
    public func table(_ style: TextStyle, explain: Bool) -> String {
        var table = TextTable([
            .init("#", .right), .init("Name"), .init("Points", .right), .init("Walk", .right), .init("Until (\(timeZone.identifier))"), .init("ID"),
            .init("About", shrinks: true),
        ])
        for item in ranking.ranked {
            let place = item.place
            let minutes = max(1, Int(item.walk.minutes.rounded()))
            table.rows.append([
                "\(item.rank)", place.name, place.recommendation.map { "\($0.points)" } ?? "–",
                "\(Int(item.walk.meters.rounded())) m · \(minutes) min", untilText(place.recommendation?.expires), place.id.description,
                Self.about(place.summary),
            ])
        }
        let lines = table.render(width: style.width, header: style.faint) { _, column, text in
            switch column {
            case 1: style.strong(text)
            case 2: style.good(text)
            case 6: style.faint(text)
            default: text
            }
        }
        guard explain else { return lines.joined(separator: "\n") + "\n" }
        return Explanation.interleave(lines, ranking, style: style) { item in
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
