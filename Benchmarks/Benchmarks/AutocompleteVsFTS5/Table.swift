import AutocompleteSupport
import Foundation

/// What a column measured.
struct Row {
    var column: Column
    var build = 0.0
    var buildCPU = 0.0
    var buildPeak = 0
    var bytes = 0
    var records = 0
    var counts: SyntheticPlaces.Counts?
    var open = 0.0
    var resident = 0
    var kinds: [(label: String, p50: Double, p99: Double, cpu50: Double, cpu99: Double)] = []
    var ftsBuild = 0.0
    var ftsBuildCPU = 0.0
    var ftsPeak = 0
    var fts = (p50: 0.0, p99: 0.0)
    /// FTS5 on the address queries ("street" "number"*), in a column with towns.
    var ftsAddress: (p50: Double, p99: Double)?
}

func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }

/// One table of every column, as in issue 19. A run of plain sizes prints what it printed before
/// the columns with towns and addresses came; their rows show only when one is in the run.
func printTable(_ rows: [Row]) {
    func micro(_ value: Double) -> String { String(format: "%.0f", value) }
    let enriched = rows.contains { $0.counts != nil }
    print("")
    print("| names | " + rows.map(\.column.label).joined(separator: " | ") + " |")
    print("|---|" + rows.map { _ in "---|" }.joined())
    if enriched {
        print("| records given: names + towns + addresses (streets); records in the index | " + rows.map { row in
            guard let counts = row.counts else { return "\(row.column.size); \(row.records)" }
            return "\(counts.names) + \(counts.towns) + \(counts.addresses) (\(counts.streets)); \(row.records)"
        }.joined(separator: " | ") + " |")
    }
    print("| index build (streamed): wall (CPU), peak resident | " + rows.map { String(format: "%.1f s (%.1f s), %@", $0.build, $0.buildCPU, megabytes($0.buildPeak)) }.joined(separator: " | ") + " |")
    print("| FTS5 build on the same names: wall (CPU), peak resident | " + rows.map { String(format: "%.1f s (%.1f s), %@", $0.ftsBuild, $0.ftsBuildCPU, megabytes($0.ftsPeak)) }.joined(separator: " | ") + " |")
    print("| index size; resident after the query passes | " + rows.map { "\(megabytes($0.bytes)); \(megabytes($0.resident))" }.joined(separator: " | ") + " |")
    print("| open (median) | " + rows.map { String(format: "%.0f µs", $0.open) }.joined(separator: " | ") + " |")
    // Every kind measured in any column, in the order first met; "–" where a column has none.
    var labels: [String] = []
    for row in rows { for kind in row.kinds where !labels.contains(kind.label) { labels.append(kind.label) } }
    for label in labels {
        print("| \(label), p50 / p99 µs (CPU p50 / p99) | " + rows.map { row in
            guard let kind = row.kinds.first(where: { $0.label == label }) else { return "–" }
            return "\(micro(kind.p50)) / \(micro(kind.p99)) (\(micro(kind.cpu50)) / \(micro(kind.cpu99)))"
        }.joined(separator: " | ") + " |")
    }
    print("| FTS5 prefix, p50 / p99 µs | " + rows.map { "\(micro($0.fts.p50)) / \(micro($0.fts.p99))" }.joined(separator: " | ") + " |")
    if rows.contains(where: { $0.ftsAddress != nil }) {
        print("| FTS5 address (\"street\" \"number\"*), p50 / p99 µs | " + rows.map { row in
            row.ftsAddress.map { "\(micro($0.p50)) / \(micro($0.p99))" } ?? "–"
        }.joined(separator: " | ") + " |")
    }
}
