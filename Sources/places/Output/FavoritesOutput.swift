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
        var table = TextTable([.init("Id"), .init("Name"), .init("Kind"), .init("Address"), .init("Note", shrinks: true)])
        table.rows.reserveCapacity(favorites.count)
        for favorite in favorites {
            table.rows.append([favorite.id.description, favorite.name, favorite.kind ?? "", favorite.address ?? "", favorite.note ?? ""])
        }
        guard terminal.useColor else { return table.text(width: terminal.width) }
        return table.text(width: terminal.width, header: terminal.dim) { _, column, text in column == 1 ? terminal.bold(text) : text }
    }
}
