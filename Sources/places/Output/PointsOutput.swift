import Foundation
import PlaceSearch
import PlacesKit

/// The points balance and the awards that make it.
struct PointsOutput {
    let balance: Int
    let history: [PointsEntry]
    let terminal: Terminal

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json:
            DocumentParts.points(balance: balance, history: history).serialized(pretty: true) + "\n"
        case .ndjson: history.map { json($0).serialized() + "\n" }.joined()
        case .geojson:
            JSONValue.object([
                "type": "FeatureCollection",
                "features": .array(history.compactMap { entry in entry.position.map { DocumentParts.feature($0, properties: json(entry)) } }),
            ]).serialized(pretty: true) + "\n"
        }
    }

    func json(_ entry: PointsEntry) -> JSONValue { DocumentParts.pointsEntry(entry) }

    func table() -> String {
        let heading = "\(balance) point\(balance == 1 ? "" : "s")"
        var lines = (terminal.useColor ? terminal.bold(heading) : heading) + "\n"
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
        guard terminal.useColor else { return lines + table.text(width: terminal.width) }
        return lines + table.text(width: terminal.width, header: terminal.dim) { _, column, text in column == 2 ? terminal.bold(text) : text }
    }
}
