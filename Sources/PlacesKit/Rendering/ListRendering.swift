public import Autocomplete
import Foundation
import PlaceBytes
public import PlaceCore

/// Suggestions for what was typed (`complete`): a table for people, JSON for scripts, GeoJSON for maps.
public struct CompletionRendering: Sendable {
    /// What was typed.
    public let text: String
    /// Where distances were measured from, when they were: the table then shows them.
    public let focus: Coordinate?
    /// The suggestions, best first.
    public let suggestions: [Suggestion]
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle
    /// How the lookup read the text, for the JSON document.
    public let answer: LookupAnswer?

    /// The suggestions for `text`, with distances from `focus` when there is one.
    public init(text: String, focus: Coordinate?, suggestions: [Suggestion], style: TextStyle = .plain) {
        self.text = text
        self.focus = focus
        self.suggestions = suggestions
        self.style = style
        answer = nil
    }

    /// The answer of a lookup, with distances from its focus.
    public init(text: String, answer: LookupAnswer, style: TextStyle = .plain) {
        self.text = text
        focus = answer.focus
        suggestions = answer.suggestions
        self.style = style
        self.answer = answer
    }

    /// The suggestions as a table, JSON, NDJSON or GeoJSON.
    public func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: (answer.map { DocumentParts.completion(text, $0) } ?? DocumentParts.completion(text, suggestions)).serialized(pretty: true) + "\n"
        case .ndjson: suggestions.map { DocumentParts.suggestion($0).serialized() + "\n" }.joined()
        case .geojson: DocumentParts.completionGeoJSON(suggestions).serialized(pretty: true) + "\n"
        }
    }

    func table() -> String {
        guard !suggestions.isEmpty else { return "" }
        var columns: [TextTable.Column] = [.init("Name"), .init("Kind"), .init("Where", shrinks: true), .init("Match")]
        if focus != nil { columns.append(.init("Distance", .right)) }
        var table = TextTable(columns)
        for suggestion in suggestions {
            var row = [
                Self.shownName(suggestion), suggestion.record.kind.description, Self.place(suggestion.record),
                DocumentParts.matchLabel(suggestion.match),
            ]
            if focus != nil { row.append(suggestion.distance.map(Self.distance) ?? "") }
            table.rows.append(row)
        }
        guard style.isMarked else { return table.text(width: style.width) }
        return table.text(width: style.width, header: style.faint) { _, column, text in column == 0 ? style.strong(text) : text }
    }

    /// "Café · Kalverstraat 12, Amsterdam": the detail, and the town where the detail does not say it.
    static func place(_ record: NameRecord) -> String {
        guard let locality = record.locality, locality != record.name, !(record.detail?.contains(locality) ?? false) else {
            return record.detail ?? ""
        }
        return [record.detail, locality].compactMap { $0 }.joined(separator: ", ")
    }

    /// "München (Munich)" when an alternate name was typed towards, else the name.
    static func shownName(_ suggestion: Suggestion) -> String {
        suggestion.matchedName.map { "\($0) (\(suggestion.record.name))" } ?? suggestion.record.name
    }

    static func distance(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }
}

/// The favourites (`favorites list`). Built for ten thousand of them: one pass, no decoding.
public struct FavoritesRendering: Sendable {
    /// The favourites, in the order they were added.
    public let favorites: [FavoriteSummary]
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// The list of `favorites`.
    public init(favorites: [FavoriteSummary], style: TextStyle = .plain) {
        self.favorites = favorites
        self.style = style
    }

    /// The favourites as a table, JSON, NDJSON or GeoJSON.
    public func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: DocumentParts.favorites(favorites).serialized(pretty: true) + "\n"
        case .ndjson: favorites.map { DocumentParts.favorite($0).serialized() + "\n" }.joined()
        case .geojson: DocumentParts.favoritesGeoJSON(favorites).serialized(pretty: true) + "\n"
        }
    }

    func table() -> String {
        guard !favorites.isEmpty else { return "" }
        var table = TextTable([.init("Id"), .init("Name"), .init("Kind"), .init("Address"), .init("Note", shrinks: true)])
        table.rows.reserveCapacity(favorites.count)
        for favorite in favorites {
            table.rows.append([favorite.id.description, favorite.name, favorite.kind ?? "", favorite.address ?? "", favorite.note ?? ""])
        }
        guard style.isMarked else { return table.text(width: style.width) }
        return table.text(width: style.width, header: style.faint) { _, column, text in column == 1 ? style.strong(text) : text }
    }
}

/// The points balance and the awards that make it (`points`).
public struct PointsRendering: Sendable {
    /// Points earned in all.
    public let balance: Int
    /// The awards, oldest first.
    public let history: [PointsEntry]
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// The balance and the awards that make it.
    public init(balance: Int, history: [PointsEntry], style: TextStyle = .plain) {
        self.balance = balance
        self.history = history
        self.style = style
    }

    /// The points as a table, JSON, NDJSON or GeoJSON.
    public func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: DocumentParts.points(balance: balance, history: history).serialized(pretty: true) + "\n"
        case .ndjson: history.map { DocumentParts.pointsEntry($0).serialized() + "\n" }.joined()
        case .geojson: DocumentParts.pointsGeoJSON(history).serialized(pretty: true) + "\n"
        }
    }

    func table() -> String {
        let heading = "\(balance) point\(balance == 1 ? "" : "s")"
        var lines = (style.isMarked ? style.strong(heading) : heading) + "\n"
        guard !history.isEmpty else {
            return lines + "none earned yet: follow a walk to a recommendation with 'places follow --feed FEED --to ID --trace WALK'\n"
        }
        var table = TextTable([.init("Arrived"), .init("Points"), .init("Recommendation"), .init("Id"), .init("Feed", shrinks: true)])
        for entry in history {
            table.rows.append([
                ISO8601Text.format(entry.arrivedAt), "+\(entry.points)", entry.name, entry.recommendationID.description, entry.feed,
            ])
        }
        lines += "\n"
        guard style.isMarked else { return lines + table.text(width: style.width) }
        return lines + table.text(width: style.width, header: style.faint) { _, column, text in column == 2 ? style.strong(text) : text }
    }
}

/// What is at a position (`reverse`), nearest first.
public struct ReverseRendering: Sendable {
    /// What is there, nearest first.
    public let matches: [ReverseMatch]
    /// The position asked about.
    public let position: Coordinate
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// The matches at `position`.
    public init(matches: [ReverseMatch], at position: Coordinate, style: TextStyle = .plain) {
        self.matches = matches
        self.position = position
        self.style = style
    }

    /// The matches as a table, JSON or GeoJSON.
    public func render(_ format: PlaceFormat) -> String {
        switch format {
        case .json: DocumentParts.reverse(matches, at: position).serialized(pretty: true) + "\n"
        case .geojson: DocumentParts.reverseGeoJSON(matches).serialized(pretty: true) + "\n"
        case .table: matches.isEmpty ? "" : table()
        }
    }

    func table() -> String {
        var table = TextTable([.init("Name"), .init("What"), .init("Distance", .right), .init("From"), .init("Where", shrinks: true)])
        for match in matches {
            table.rows.append([match.label, match.kind, RouteDocument.distanceText(match.distance), match.source, match.detail ?? ""])
        }
        return table.render(width: style.width, header: style.faint) { _, _, text in text }.joined(separator: "\n") + "\n"
    }
}
