import Foundation
import PlaceSearch

/// Writes the list of favourites. Built for ten thousand of them: one pass, no decoding.
struct FavoritesOutput {
    let favorites: [FavoriteSummary]
    let terminal: Terminal

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: JSONValue.object(["favorites": .array(favorites.map(json))]).serialized(pretty: true) + "\n"
        case .ndjson: favorites.map { json($0).serialized() + "\n" }.joined()
        case .geojson:
            JSONValue.object([
                "type": "FeatureCollection",
                "features": .array(favorites.map { JSONOutput.feature($0.coordinate, properties: json($0)) }),
            ]).serialized(pretty: true) + "\n"
        }
    }

    func json(_ favorite: FavoriteSummary) -> JSONValue {
        [
            "id": .string(favorite.id.description),
            "name": .string(favorite.name),
            "lat": JSONOutput.number(favorite.coordinate.latitude, places: 7),
            "lon": JSONOutput.number(favorite.coordinate.longitude, places: 7),
            "kind": JSONOutput.optional(favorite.kind),
            "address": JSONOutput.optional(favorite.address),
            "note": JSONOutput.optional(favorite.note),
            "added_at": .string(ISO8601Text.format(favorite.addedAt)),
        ]
    }

    func table() -> String {
        guard !favorites.isEmpty else { return "" }
        if terminal.width == nil && !terminal.useColor { return plainTable() }
        var table = TextTable([.init("Id"), .init("Name"), .init("Kind"), .init("Address"), .init("Note", shrinks: true)])
        table.rows.reserveCapacity(favorites.count)
        for favorite in favorites {
            table.rows.append([favorite.id.description, favorite.name, favorite.kind ?? "", favorite.address ?? "", favorite.note ?? ""])
        }
        return table.render(width: terminal.width, header: terminal.dim) { _, column, text in column == 1 ? terminal.bold(text) : text }
            .joined(separator: "\n") + "\n"
    }

    /// The table for a pipe or a file: the same columns as ``TextTable`` lays out, written straight
    /// into one string. Ten thousand rows through TextTable's cell arrays cost more than the
    /// process start; this way listing stays within twice `places --help`.
    private func plainTable() -> String {
        let titles = ["Id", "Name", "Kind", "Address", "Note"]
        let cells: (FavoriteSummary) -> [String] = { [$0.id.description, $0.name, $0.kind ?? "", $0.address ?? "", $0.note ?? ""] }
        var widths = titles.map(TextTable.displayWidth)
        var rows: [(cells: [String], widths: [Int])] = []
        rows.reserveCapacity(favorites.count)
        for favorite in favorites {
            let row = cells(favorite)
            let rowWidths = row.map(TextTable.displayWidth)
            for index in widths.indices where rowWidths[index] > widths[index] { widths[index] = rowWidths[index] }
            rows.append((row, rowWidths))
        }
        var output = ""
        output.reserveCapacity(rows.count * (widths.reduce(0, +) + 12))
        func append(_ row: [String], _ rowWidths: [Int]) {
            // The last non-empty cell ends the line: no trailing spaces.
            let last = row.lastIndex { !$0.isEmpty } ?? 0
            for index in 0...last {
                output += row[index]
                if index < last { output += String(repeating: " ", count: widths[index] - rowWidths[index] + 2) }
            }
            output += "\n"
        }
        append(titles, titles.map(TextTable.displayWidth))
        for row in rows { append(row.cells, row.widths) }
        return output
    }
}
