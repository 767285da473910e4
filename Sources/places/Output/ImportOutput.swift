import Foundation
import PlaceSearch

/// The summary of `places import`: per file what was written, then the index.
struct ImportOutput {
    let reports: [ImportReport]
    let index: NameIndexFile.Built

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .json, .ndjson, .geojson: json().serialized(pretty: format == .json) + "\n"
        case .table: text()
        }
    }

    private func text() -> String {
        var lines: [String] = []
        for report in reports {
            let written = report.summary.written
            let parts = [(NameKind.poi, "POI"), (.street, "street"), (.place, "place")].compactMap { kind, noun -> String? in
                guard let count = written[kind], count > 0 else { return nil }
                return "\(Self.grouped(count)) \(noun)\(count == 1 ? "" : "s")"
            }
            lines.append(
                "Imported \(report.file) (\(Self.formatName(report.format)), \(Self.grouped(report.rows)) \(report.format.hasPrefix("names") ? "rows" : (report.format == "geonames-json" ? "cities" : "elements"))) in \(String(format: "%.2f", report.readSeconds + report.writeSeconds)) s")
            var changes = parts.isEmpty ? ["nothing to keep"] : parts
            if report.summary.removed > 0 { changes.append("\(Self.grouped(report.summary.removed)) no longer in the file, removed") }
            if report.summary.replaced > 0 { changes.append("\(Self.grouped(report.summary.replaced)) already stored, replaced") }
            lines.append("  " + changes.joined(separator: " · "))
            for note in report.notes { lines.append("  note: \(note)") }
        }
        lines.append("Name index: \(Self.grouped(index.count)) names in \(index.path), built in \(String(format: "%.2f", index.seconds)) s")
        return lines.joined(separator: "\n") + "\n"
    }

    private func json() -> JSONValue {
        let imports: [JSONValue] = reports.map { report in
            var written = JSONObject()
            for kind in NameKind.allCases { written.members.append(.init(key: kind.description, value: JSONValue(report.summary.written[kind] ?? 0))) }
            return [
                "file": .string(report.file),
                "format": .string(report.format),
                "rows": JSONValue(report.rows),
                "written": .object(written),
                "removed": JSONValue(report.summary.removed),
                "replaced": JSONValue(report.summary.replaced),
                "seconds": JSONOutput.number(report.readSeconds + report.writeSeconds, places: 3),
                "notes": .array(report.notes.map { .string($0) }),
            ]
        }
        return [
            "imports": .array(imports),
            "index": ["path": .string(index.path), "names": JSONValue(index.count), "seconds": JSONOutput.number(index.seconds, places: 3)],
        ]
    }

    static func formatName(_ format: String) -> String {
        switch format {
        case "osm-xml": "OSM XML"
        case "osm-pbf": "OSM PBF"
        case "overpass-json": "Overpass JSON"
        case "names-tsv": "TSV name list"
        case "geonames-json": "GeoNames JSON"
        default: "CSV name list"
        }
    }

    /// 12345 → "12,345"
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}
