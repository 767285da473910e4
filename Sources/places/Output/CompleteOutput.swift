import Foundation
import PlaceSearch
import PlacesKit
import Autocomplete

/// Suggestions for `places complete`: a table for people, JSON for scripts, GeoJSON for maps.
struct CompleteOutput {
    let text: String
    let focus: Coordinate?
    let suggestions: [Suggestion]
    let terminal: Terminal

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: DocumentParts.completion(text, suggestions).serialized(pretty: true) + "\n"
        case .ndjson: suggestions.map { json($0).serialized() + "\n" }.joined()
        case .geojson: geojson()
        }
    }

    private func table() -> String {
        guard !suggestions.isEmpty else { return "" }
        var columns: [TextTable.Column] = [.init("Name"), .init("Kind"), .init("Where", shrinks: true), .init("Match")]
        if focus != nil { columns.append(.init("Distance", .right)) }
        var table = TextTable(columns)
        for suggestion in suggestions {
            var row = [Self.shownName(suggestion), suggestion.record.kind.description, suggestion.record.detail ?? "", matchLabel(suggestion.match)]
            if focus != nil { row.append(suggestion.distance.map(Self.distance) ?? "") }
            table.rows.append(row)
        }
        guard terminal.useColor else { return table.text(width: terminal.width) }
        return table.text(width: terminal.width, header: terminal.dim) { _, column, text in column == 0 ? terminal.bold(text) : text }
    }

    private func matchLabel(_ match: MatchQuality) -> String { DocumentParts.matchLabel(match) }

    /// "München (Munich)" when an alternate name was typed towards, else the name.
    static func shownName(_ suggestion: Suggestion) -> String {
        suggestion.matchedName.map { "\($0) (\(suggestion.record.name))" } ?? suggestion.record.name
    }

    static func distance(_ metres: Double) -> String {
        metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    private func json(_ suggestion: Suggestion) -> JSONValue { DocumentParts.suggestion(suggestion) }

    private func geojson() -> String {
        let features: [JSONValue] = suggestions.compactMap { suggestion in
            guard let coordinate = suggestion.record.coordinate else { return nil }
            return DocumentParts.feature(coordinate, properties: json(suggestion))
        }
        return JSONValue.object(["type": "FeatureCollection", "features": .array(features)]).serialized(pretty: true) + "\n"
    }
}
