import Foundation
import PlaceSearch
import PlacesKit

/// Writes `places import list`: each imported file, when, how many places, whose data.
struct ImportListOutput {
    let sources: [ImportRecord]
    let terminal: Terminal

    func render(_ format: ImportFormat) -> String {
        switch format {
        case .json: JSONValue.object(["imports": .array(sources.map(json))]).serialized(pretty: true) + "\n"
        case .table: sources.isEmpty ? "" : table()
        }
    }

    private func json(_ record: ImportRecord) -> JSONValue {
        [
            "file": .string(record.source.label), "path": .string(record.source.key), "format": .string(record.source.format),
            "imported_at": .string(ISO8601Text.format(Date(timeIntervalSince1970: record.importedAt))), "places": JSONValue(record.count),
            "credit": DocumentParts.credit(record.source.credit),
        ]
    }

    private func table() -> String {
        var table = TextTable([.init("File"), .init("Kind"), .init("Places", .right), .init("Imported"), .init("Data", shrinks: true)])
        for record in sources {
            table.rows.append([
                record.source.label, ImportOutput.formatName(record.source.format), ImportOutput.grouped(record.count),
                ISO8601Text.format(Date(timeIntervalSince1970: record.importedAt)).prefix(16).replacingOccurrences(of: "T", with: " "),
                record.source.licence?.text ?? "licence unknown",
            ])
        }
        return table.render(width: terminal.width, header: terminal.dim) { _, _, text in text }.joined(separator: "\n") + "\n"
    }
}
