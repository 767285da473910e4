import PlaceBytes
import PlaceRanking

extension RankedDocument {
    /// The results in `format`: the table for people, the documents the server sends for scripts.
    public func render(_ format: OutputFormat, style: TextStyle = .plain, explain: Bool = false) -> String {
        switch format {
        // An empty answer leaves the output empty for scripts; the flow says "no …" as a notice.
        case .table: ranking.ranked.isEmpty ? "" : table(style, explain: explain)
        case .json: document(explain: explain).serialized(pretty: true) + "\n"
        case .ndjson: lines().map { $0.serialized() + "\n" }.joined()
        case .geojson: geojson().serialized(pretty: true) + "\n"
        }
    }
}

extension RankedSearch {
    /// The ranked coffee places as a table: rank, name, walk, rating and score; with `explain`, each
    /// score's parts and what was left out.
    public func table(_ style: TextStyle, explain: Bool) -> String {
        var table = TextTable([
            .init("#", .right), .init("Name"), .init("Walk", .right), .init("Rating", .right), .init("Price"), .init("Open"),
            .init("Address", shrinks: true),
        ])
        for item in ranking.ranked {
            let place = item.place
            let meters = Int(item.walk.meters.rounded())
            let minutes = max(1, Int(item.walk.minutes.rounded()))
            let rating = place.rating.map { NumberText.fixed($0.value, 1) } ?? "–"
            let open = item.isOpen.map { $0 ? "yes" : "no" } ?? "?"
            table.rows.append([
                "\(item.rank)", place.name, "\(meters) m · \(minutes) min", rating, place.price?.symbol() ?? "",
                open, place.address?.shortText ?? "",
            ])
        }
        let lines = table.render(width: style.width, header: style.faint) { row, column, text in
            let item = ranking.ranked[row]
            switch column {
            case 1: return style.strong(text)
            case 3:
                guard let value = item.place.rating?.value else { return style.faint(text) }
                return value >= 8 ? style.good(text) : value >= 6 ? style.caution(text) : style.bad(text)
            case 5:
                return item.isOpen == true ? style.good(text) : item.isOpen == false ? style.bad(text) : style.faint(text)
            default: return text
            }
        }
        guard explain else { return lines.joined(separator: "\n") + "\n" }
        return Explanation.interleave(lines, ranking, style: style).joined(separator: "\n") + "\n"
    }
}
