import Foundation
import PlaceSearch
import PlacesKit

/// Writes the list of favourites. Built for ten thousand of them: one pass, no decoding.
struct FavoritesOutput {
    let favorites: [FavoriteSummary]
    let terminal: Terminal

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: DocumentParts.favorites(favorites).serialized(pretty: true) + "\n"
        case .ndjson: favorites.map { json($0).serialized() + "\n" }.joined()
        case .geojson:
            JSONValue.object([
                "type": "FeatureCollection",
                "features": .array(favorites.map { DocumentParts.feature($0.coordinate, properties: json($0)) }),
            ]).serialized(pretty: true) + "\n"
        }
    }

    func json(_ favorite: FavoriteSummary) -> JSONValue { DocumentParts.favorite(favorite) }

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
