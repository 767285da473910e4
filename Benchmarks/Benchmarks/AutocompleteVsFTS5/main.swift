import AutocompleteSupport
import Foundation
import PlaceSearch
import Autocomplete

// Our autocomplete index against SQLite FTS5 on the same seeded synthetic names and queries, in one
// process, per size: the index built by streaming the names through AutocompleteIndexBuilder (time,
// peak resident size), its open time and resident size, per-query p50/p99 of each query kind, and
// FTS5 built on the same names (time, peak) and queried `MATCH 'damr*' ORDER BY importance LIMIT 10`.
// Ends with one Markdown table of every size.
// Usage: AutocompleteVsFTS5 [sizes…]               (default: 144000 1000000)
//        AutocompleteVsFTS5 --write-csv N FILE     (the same names as a CSV, for import benchmarks)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-csv", arguments.count == 3, let count = Int(arguments[1]) {
    try SyntheticNames.writeCSV(count: count, to: arguments[2])
    exit(0)
}
let sizes = arguments.compactMap { Int($0) }
let environment = ProcessInfo.processInfo.environment
let rounds = environment["AC_ROUNDS"].flatMap { Int($0) } ?? 3
let focus = Coordinate(52.37, 9.73)  // inside the generated area
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ac-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func megabytes(_ bytes: Int) -> String { String(format: "%.0f MB", Double(bytes) / 1e6) }

/// Round one runs on a freshly mapped file (minor page faults on first touch, what a CLI that
/// opens the index per keystroke pays); rounds two and three on a warm mapping (a resident app).
/// Wall clock, and the thread's CPU time (which a loaded machine's preemptions do not inflate).
func line(_ label: String, _ samples: (wall: [UInt64], cpu: [UInt64]), queries: Int) -> (p50: Double, p99: Double, cpu50: Double, cpu99: Double) {
    let cold = Percentiles.of(Array(samples.wall.prefix(queries)))
    let p = Percentiles.of(Array(samples.wall.dropFirst(queries)))
    let cpu = Percentiles.of(Array(samples.cpu.dropFirst(queries)))
    print(String(format: "  %-40@ warm p50 %8.1f µs  p99 %8.1f µs | CPU p50 %8.1f µs  p99 %8.1f µs | first pass p50 %8.1f µs  p99 %8.1f µs", label as NSString, p.p50, p.p99, cpu.p50, cpu.p99, cold.p50, cold.p99))
    return (p.p50, p.p99, cpu.p50, cpu.p99)
}

func time(_ index: AutocompleteIndex, _ queries: [String], focus: Coordinate?, typos: Bool) -> (wall: [UInt64], cpu: [UInt64]) {
    var samples: [UInt64] = []
    var cpu: [UInt64] = []
    for _ in 0..<rounds {
        for text in queries {
            let query = AutocompleteQuery(text, focus: focus, limit: 10, typoTolerance: typos)
            let start = DispatchTime.now().uptimeNanoseconds
            let startCPU = threadCPUNanoseconds()
            let results = index.complete(query)
            cpu.append(threadCPUNanoseconds() - startCPU)
            samples.append(DispatchTime.now().uptimeNanoseconds - start)
            if results.count > 10 { fatalError("unreachable") }
        }
    }
    // AC_SLOWEST=1 names the slowest queries by thread CPU time (a loaded machine's preemptions
    // inflate the wall clock of whichever query they hit), the least of the warm rounds.
    if ProcessInfo.processInfo.environment["AC_SLOWEST"] != nil {
        let perQuery = queries.indices.map { position in
            (1..<max(rounds, 2)).map { cpu[min($0, rounds - 1) * queries.count + position] }.min() ?? 0
        }
        let slowest = zip(perQuery, queries).sorted { $0.0 > $1.0 }.prefix(8)
        print("    slowest (CPU):", slowest.map { "\($0.1) \($0.0 / 1000) µs" }.joined(separator: ", "))
    }
    return (samples, cpu)
}

struct Row {
    var size: Int
    var build = 0.0
    var buildCPU = 0.0
    var buildPeak = 0
    var bytes = 0
    var open = 0.0
    var resident = 0
    var kinds: [(label: String, p50: Double, p99: Double, cpu50: Double, cpu99: Double)] = []
    var ftsBuild = 0.0
    var ftsBuildCPU = 0.0
    var ftsPeak = 0
    var fts = (p50: 0.0, p99: 0.0)
}

var rows: [Row] = []
for size in sizes.isEmpty ? [144_000, 1_000_000] : sizes {
    print("== \(size) names")
    var row = Row(size: size)
    // For profiling one change after another: AC_INDEX=FILE keeps the index there and reuses it
    // when it opens with this size (AC_ONLY=text runs only the query kinds whose label has it,
    // AC_ROUNDS=N that many rounds, AC_NO_FTS=1 skips FTS5, AC_QUERY below).
    let kept = environment["AC_INDEX"].map { URL(fileURLWithPath: "\($0)-\(size)") }
    let url = kept ?? directory.appendingPathComponent("names-\(size).plcsname")
    if let kept, let existing = try? AutocompleteIndex.open(at: kept), existing.count == size {
        row.bytes = existing.byteCount
        print("  index reused from \(kept.path)")
    } else {
        ResidentMemory.resetPeak()
        let before = ResidentMemory.processBytes()
        let clock = Date()
        let cpu = processCPUSeconds()
        let builder = try AutocompleteIndexBuilder(temporaryDirectory: directory)
        for index in 0..<size { try builder.add(SyntheticNames.record(index)) }
        let summary = try builder.write(to: url)
        row.build = Date().timeIntervalSince(clock)
        row.buildCPU = processCPUSeconds() - cpu
        row.buildPeak = ResidentMemory.peakBytes()
        row.bytes = summary.bytes
        print(String(format: "  index built (streamed) in %.1f s (CPU %.1f s), %@, peak resident %@ (%@ before)", row.build, row.buildCPU, megabytes(summary.bytes), megabytes(row.buildPeak), megabytes(before)))
    }
    var queries = QuerySet(size: size) { SyntheticNames.record($0) }
    // AC_QUERY=text: only that query (as every prefix and typo'd query), to profile one shape.
    if let only = environment["AC_QUERY"] {
        queries.prefix = Array(repeating: only, count: 200)
        queries.typo = queries.prefix
    }

    // Open cost: the median of 21 opens (the page cache is warm from the write).
    var opens: [UInt64] = []
    for _ in 0..<21 {
        let start = DispatchTime.now().uptimeNanoseconds
        let opened = try AutocompleteIndex.open(at: url)
        opens.append(DispatchTime.now().uptimeNanoseconds - start)
        if opened.count != size { print("  count mismatch: \(opened.count)") }
    }
    let residentBefore = ResidentMemory.processBytes()
    let index = try AutocompleteIndex.open(at: url)
    row.open = Percentiles.of(opens).p50
    print(String(format: "  open: median %.1f µs", row.open))

    for (label, list, withFocus, typos) in [
        ("prefix, typos off", queries.prefix, false, false), ("prefix, typos on", queries.prefix, false, true),
        ("prefix + focus, typos off", queries.prefix, true, false), ("prefix + focus, typos on", queries.prefix, true, true),
        ("typo'd", queries.typo, false, true), ("typo'd + focus", queries.typo, true, true),
    ] where environment["AC_ONLY"].map({ label.contains($0) }) ?? true {
        let p = line(label, time(index, list, focus: withFocus ? focus : nil, typos: typos), queries: list.count)
        row.kinds.append((label, p.p50, p.p99, p.cpu50, p.cpu99))
    }
    row.resident = ResidentMemory.mappedBytes(of: url.path)
    print(String(format: "  resident: mapped file %@ of %@; process grew %@ over the query passes",
        megabytes(row.resident), megabytes(index.byteCount), megabytes(ResidentMemory.processBytes() - residentBefore)))

    if environment["AC_NO_FTS"] != nil || row.kinds.isEmpty {
        rows.append(row)
        if kept == nil { try? FileManager.default.removeItem(at: url) }
        continue
    }
    ResidentMemory.resetPeak()
    let clock = Date()
    let cpu = processCPUSeconds()
    let fts = try FTS5Baseline(count: size, path: directory.appendingPathComponent("fts-\(size).sqlite").path) { SyntheticNames.record($0) }
    row.ftsBuild = Date().timeIntervalSince(clock)
    row.ftsBuildCPU = processCPUSeconds() - cpu
    row.ftsPeak = ResidentMemory.peakBytes()
    print(String(format: "  FTS5 built (streamed) in %.1f s (CPU %.1f s), peak resident %@", row.ftsBuild, row.ftsBuildCPU, megabytes(row.ftsPeak)))
    _ = try fts.time(Array(queries.prefix.prefix(50)))  // warm the page cache and statement
    var ftsSamples: [UInt64] = []
    var ftsCPU: [UInt64] = []
    for _ in 0..<3 {
        let timed = try fts.time(queries.prefix)
        ftsSamples += timed.wall
        ftsCPU += timed.cpu
    }
    let ftsLine = line("FTS5 MATCH prefix* ORDER BY imp. LIMIT 10", (ftsSamples, ftsCPU), queries: queries.prefix.count)
    row.fts = (ftsLine.p50, ftsLine.p99)
    let plain = row.kinds[0]
    print(String(format: "  ratio FTS5 / ours (prefix, typos off): p50 %.1f×   p99 %.1f×;  build FTS5 / ours %.1f× (CPU %.1f×)", row.fts.p50 / plain.p50, row.fts.p99 / plain.p99, row.ftsBuild / row.build, row.ftsBuildCPU / row.buildCPU))
    let sample = queries.prefix[0]
    print("  e.g. \"\(sample)\": ours → \(index.complete(AutocompleteQuery(sample, typoTolerance: false)).prefix(3).map(\.record.name))")
    rows.append(row)
    if kept == nil { try? FileManager.default.removeItem(at: url) }
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("fts-\(size).sqlite"))
}

// One table, as in issue 19.
func micro(_ value: Double) -> String { String(format: "%.0f", value) }
print("")
print("| names | " + rows.map { "\($0.size / 1000)k" }.joined(separator: " | ") + " |")
print("|---|" + rows.map { _ in "---|" }.joined())
print("| index build (streamed): wall (CPU), peak resident | " + rows.map { String(format: "%.1f s (%.1f s), %@", $0.build, $0.buildCPU, megabytes($0.buildPeak)) }.joined(separator: " | ") + " |")
print("| FTS5 build on the same names: wall (CPU), peak resident | " + rows.map { String(format: "%.1f s (%.1f s), %@", $0.ftsBuild, $0.ftsBuildCPU, megabytes($0.ftsPeak)) }.joined(separator: " | ") + " |")
print("| index size; resident after the query passes | " + rows.map { "\(megabytes($0.bytes)); \(megabytes($0.resident))" }.joined(separator: " | ") + " |")
print("| open (median) | " + rows.map { String(format: "%.0f µs", $0.open) }.joined(separator: " | ") + " |")
for (position, kind) in (rows.first?.kinds ?? []).enumerated() {
    print("| \(kind.label), p50 / p99 µs (CPU p50 / p99) | " + rows.map {
        "\(micro($0.kinds[position].p50)) / \(micro($0.kinds[position].p99)) (\(micro($0.kinds[position].cpu50)) / \(micro($0.kinds[position].cpu99)))"
    }.joined(separator: " | ") + " |")
}
print("| FTS5 prefix, p50 / p99 µs | " + rows.map { "\(micro($0.fts.p50)) / \(micro($0.fts.p99))" }.joined(separator: " | ") + " |")
