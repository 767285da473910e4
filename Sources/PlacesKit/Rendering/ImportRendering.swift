import Foundation
import PlaceBytes
import WalkingGraph

/// The summary of an import: per file what was written, then the name index.
public struct ImportRendering: Sendable {
    /// One per file imported.
    public let reports: [ImportReport]
    /// Nil for an import into a shared database, whose instances each build their own index.
    public let index: NameIndex.Built?

    /// The summary of `reports`, and the name index after them.
    public init(reports: [ImportReport], index: NameIndex.Built?) {
        self.reports = reports
        self.index = index
    }

    /// The summary as text or as a JSON document.
    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .json: json().serialized(pretty: true) + "\n"
        case .table: text()
        }
    }

    func text() -> String {
        var lines: [String] = []
        for report in reports {
            let written = report.summary.written
            let parts = [(NameKind.poi, "POI"), (.street, "street"), (.place, "place"), (.address, "address")].compactMap { kind, noun -> String? in
                guard let count = written[kind], count > 0 else { return nil }
                return "\(Self.grouped(count)) \(noun)\(count == 1 ? "" : kind == .address ? "es" : "s")"
            }
            if let change = report.change {
                lines.append(Self.changeLine(report, change))
            } else {
                lines.append(
                    "Imported \(report.file) (\(Self.formatName(report.format)), \(Self.grouped(report.rows)) \(report.format.hasPrefix("names") ? "rows" : report.format == "geojson" ? "features" : report.format == "geonames-json" ? "cities" : "elements")) in \(String(format: "%.2f", report.readSeconds + report.writeSeconds)) s"
                )
            }
            var changes = parts.isEmpty ? ["nothing to keep"] : parts
            if report.summary.removed > 0 { changes.append("\(Self.grouped(report.summary.removed)) no longer in the file, removed") }
            if report.summary.replaced > 0 { changes.append("\(Self.grouped(report.summary.replaced)) already stored, replaced") }
            lines.append("  " + changes.joined(separator: " · "))
            if let (graph, seconds) = report.walkingGraph {
                lines.append(
                    "  walking graph: \(Self.counted(graph.nodes, "junction")), \(Self.counted(graph.edges, "way")) between them, "
                        + "\(Self.sizeText(graph.bytes)), built in \(String(format: "%.2f", seconds)) s")
            }
            for note in report.notes { lines.append("  note: \(note)") }
        }
        if let index {
            let beside = index.secondsBesideWrite > 0 ? ", \(String(format: "%.2f", index.secondsBesideWrite)) s of it beside the store write" : ""
            let built = index.rebuilt ? "rebuilt in \(String(format: "%.2f", index.seconds)) s\(beside)" : "unchanged: the import changed nothing"
            lines.append("Name index: \(Self.grouped(index.count)) names in \(index.path) (\(built))")
        } else {
            // Into a shared database: each instance copies what it answers from beside its own store.
            let what = reports.contains { $0.walkingGraph != nil } ? "Name index and walking graphs" : "Name index"
            lines.append("\(what): each instance builds its own from the database: places serve index build --database …")
        }
        let total = reports.reduce(index.map { $0.seconds - $0.secondsBesideWrite } ?? 0) { $0 + $1.readSeconds + $1.writeSeconds }
        if reports.count > 1 || index?.rebuilt ?? false { lines.append("In all \(String(format: "%.2f", total)) s") }
        return lines.joined(separator: "\n") + "\n"
    }

    func json() -> JSONValue {
        let imports: [JSONValue] = reports.map { report in
            var written = JSONObject()
            for kind in NameKind.allCases {
                written.members.append(.init(key: kind.description, value: JSONValue(report.summary.written[kind] ?? 0)))
            }
            var object: JSONObject = [
                "file": .string(report.file),
                "format": .string(report.format),
                "rows": JSONValue(report.rows),
                "written": .object(written),
                "removed": JSONValue(report.summary.removed),
                "replaced": JSONValue(report.summary.replaced),
                "seconds": DocumentParts.number(report.readSeconds + report.writeSeconds, places: 3),
                // The two parts, for comparing the store write with other databases' bulk loads.
                "read_seconds": DocumentParts.number(report.readSeconds, places: 3),
                "write_seconds": DocumentParts.number(report.writeSeconds, places: 3),
                "notes": .array(report.notes.map { .string($0) }),
            ]
            if let change = report.change {
                object["change"] = [
                    "import": .string(change.importLabel), "created": JSONValue(change.created), "modified": JSONValue(change.modified),
                    "deleted": JSONValue(change.deleted), "number": JSONValue(change.number),
                    "newest_timestamp": change.newestTimestamp.map { .string($0) } ?? .null,
                ]
            }
            if let (graph, seconds) = report.walkingGraph {
                object["walking_graph"] = [
                    "junctions": JSONValue(graph.nodes), "ways": JSONValue(graph.edges), "bytes": JSONValue(graph.bytes),
                    "components": JSONValue(graph.components), "seconds": DocumentParts.number(seconds, places: 3),
                ]
            }
            return .object(object)
        }
        let total = reports.reduce(index.map { $0.seconds - $0.secondsBesideWrite } ?? 0) { $0 + $1.readSeconds + $1.writeSeconds }
        let indexed: JSONValue =
            index.map { index in
                [
                    "path": .string(index.path), "names": JSONValue(index.count), "rebuilt": .bool(index.rebuilt),
                    "seconds": DocumentParts.number(index.seconds, places: 3),
                    "seconds_beside_write": DocumentParts.number(index.secondsBesideWrite, places: 3),
                ]
            } ?? .null
        return [
            "imports": .array(imports),
            "index": indexed,
            "seconds": DocumentParts.number(total, places: 3),
        ]
    }

    /// "Applied 000123.osc.gz to amsterdam.osm (2 created, 1 modified, 1 deleted; its change 3) in 0.31 s"
    static func changeLine(_ report: ImportReport, _ change: AppliedChange) -> String {
        let edits = "\(grouped(change.created)) created, \(grouped(change.modified)) modified, \(grouped(change.deleted)) deleted"
        let seconds = String(format: "%.2f", report.readSeconds + report.writeSeconds)
        return "Applied \(report.file) to \(change.importLabel) (\(edits); its change \(change.number)) in \(seconds) s; it now holds:"
    }

    /// What one file's removal took away, and the index rebuilt without it (`import remove`).
    public static func removal(_ source: ImportSource, removed: Int, index: NameIndex.Built) -> String {
        "removed \(source.label): \(grouped(removed)) place\(removed == 1 ? "" : "s")\n"
            + "Name index: \(grouped(index.count)) names in \(index.path) (rebuilt in \(String(format: "%.2f", index.seconds)) s)\n"
    }

    static func formatName(_ format: String) -> String {
        switch format {
        case "osm-xml": "OSM XML"
        case "osm-pbf": "OSM PBF"
        case "overpass-json": "Overpass JSON"
        case "names-tsv": "TSV name list"
        case "geonames-json": "GeoNames JSON"
        case "geojson": "GeoJSON"
        default: "CSV name list"
        }
    }

    /// 164856 → "161 KB"
    static func sizeText(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, bytes / 1024)) KB"
    }

    /// "1 junction", "1,087 junctions".
    static func counted(_ value: Int, _ noun: String) -> String { "\(grouped(value)) \(noun)\(value == 1 ? "" : "s")" }

    /// 12345 → "12,345"
    static func grouped(_ value: Int) -> String { NumberText.grouped(value) }
}

/// What is imported (`import list`): each file, when, how many places, whose data.
public struct ImportListRendering: Sendable {
    /// The imports, oldest first.
    public let sources: [ImportRecord]
    /// How words are marked (a terminal's colours, an app's own, or plain).
    public let style: TextStyle

    /// The list of `sources`.
    public init(sources: [ImportRecord], style: TextStyle = .plain) {
        self.sources = sources
        self.style = style
    }

    /// The list as a table or as a JSON document.
    public func render(_ format: ReportFormat) -> String {
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
                record.source.label, ImportRendering.formatName(record.source.format), ImportRendering.grouped(record.count),
                ISO8601Text.format(Date(timeIntervalSince1970: record.importedAt)).prefix(16).replacingOccurrences(of: "T", with: " "),
                record.source.licence?.text ?? "licence unknown",
            ])
        }
        return table.render(width: style.width, header: style.faint) { _, _, text in text }.joined(separator: "\n") + "\n"
    }
}
