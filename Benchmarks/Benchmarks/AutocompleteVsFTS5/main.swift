import AutocompleteSupport
import Foundation
import PlaceCore
import Autocomplete

// Our autocomplete index against SQLite FTS5 on the same seeded synthetic names and queries, in one
// process, per size: the index built by streaming the names through AutocompleteIndexBuilder (time,
// peak resident size), its open time and resident size, per-query p50/p99 of each query kind, and
// FTS5 built on the same names (time, peak) and queried `MATCH 'damr*' ORDER BY importance LIMIT 10`.
// A size with a suffix (Column.swift) adds towns, localities, countries and categories (`t`) and
// addresses (`a`, `a20`), and the query kinds of PlaceLookup (LookupRows.swift).
// Ends with one Markdown table of every size.
// Usage: AutocompleteVsFTS5 [sizes…]               (default: 144000 1000000; e.g. 1000000t 1000000a)
//        AutocompleteVsFTS5 --write-csv N FILE     (the same names as a CSV, for import benchmarks)

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "--write-csv", arguments.count == 3, let count = Int(arguments[1]) {
    try SyntheticNames.writeCSV(count: count, to: arguments[2])
    exit(0)
}
let columns = arguments.compactMap(Column.init)
if columns.count != arguments.count {
    print("not a size: \(arguments.filter { Column($0) == nil }.joined(separator: " ")) (N, Nt, Na or Na<per street>)")
    exit(2)
}
let environment = ProcessInfo.processInfo.environment
let rounds = environment["AC_ROUNDS"].flatMap { Int($0) } ?? 3
let timing = Timing(rounds: rounds, namesSlowest: environment["AC_SLOWEST"] != nil)
let focus = Coordinate(52.37, 9.73)  // inside the generated area
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ac-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func time(_ index: AutocompleteIndex, _ queries: [String], focus: Coordinate?, typos: Bool) -> (wall: [UInt64], cpu: [UInt64]) {
    timing.measure(queries) { text in
        index.complete(AutocompleteQuery(text, focus: focus, limit: 10, typoTolerance: typos)).count
    }
}

var rows: [Row] = []
for column in columns.isEmpty ? [Column("144000")!, Column("1000000")!] : columns {
    let size = column.size
    print(column.heading)
    var row = Row(column: column)
    let places = column.places
    /// Every record of the column into `add`: today's names, or the names with their towns and addresses.
    func stream(_ add: (NameRecord) throws -> Void) throws -> SyntheticPlaces.Counts? {
        if let places { return try places.forEach(add) }
        for index in 0..<size { try add(SyntheticNames.record(index)) }
        return nil
    }
    // For profiling one change after another: AC_INDEX=FILE keeps the index there and reuses it
    // when it opens with this size (AC_ONLY=text runs only the query kinds whose label has it,
    // AC_ROUNDS=N that many rounds, AC_NO_FTS=1 skips FTS5, AC_QUERY below).
    let kept = environment["AC_INDEX"].map { URL(fileURLWithPath: "\($0)-\(column.argument)") }
    let url = kept ?? directory.appendingPathComponent("names-\(column.argument).plcsname")
    if let kept, let existing = try? AutocompleteIndex.open(at: kept), places != nil || existing.count == size {
        row.bytes = existing.byteCount
        row.counts = places?.counts()
        print("  index reused from \(kept.path)")
    } else {
        ResidentMemory.resetPeak()
        let before = ResidentMemory.processBytes()
        let clock = Date()
        let cpu = processCPUSeconds()
        let builder = try AutocompleteIndexBuilder(temporaryDirectory: directory)
        row.counts = try stream { try builder.add($0) }
        let summary = try builder.write(to: url)
        row.build = Date().timeIntervalSince(clock)
        row.buildCPU = processCPUSeconds() - cpu
        row.buildPeak = ResidentMemory.peakBytes()
        row.bytes = summary.bytes
        print(String(format: "  index built (streamed) in %.1f s (CPU %.1f s), %@, peak resident %@ (%@ before)", row.build, row.buildCPU, megabytes(summary.bytes), megabytes(row.buildPeak), megabytes(before)))
    }
    if let counts = row.counts {
        print("  records given: \(counts.names) names, \(counts.towns) towns, \(counts.addresses) addresses (of \(counts.streets) streets), \(counts.total) in all")
    }
    var queries = QuerySet(size: size) { SyntheticNames.record($0) }
    var lookupQueries = places.map { LookupQuerySet(places: $0) }
    // AC_QUERY=text: only that query (as every query of every kind), to profile one shape.
    if let only = environment["AC_QUERY"] {
        queries.prefix = Array(repeating: only, count: 200)
        queries.typo = queries.prefix
        lookupQueries = lookupQueries.map { _ in
            var set = LookupQuerySet(places: SyntheticPlaces(names: 1, addressesPerStreet: 0), count: 0)
            (set.addressBegun, set.addressWhole, set.addressInTown, set.nameInTown, set.kindWord) = (queries.prefix, queries.prefix, queries.prefix, queries.prefix, queries.prefix)
            return set
        }
    }

    // Open cost: the median of 21 opens (the page cache is warm from the write).
    var opens: [UInt64] = []
    for _ in 0..<21 {
        let start = DispatchTime.now().uptimeNanoseconds
        let opened = try AutocompleteIndex.open(at: url)
        opens.append(DispatchTime.now().uptimeNanoseconds - start)
        if places == nil, opened.count != size { print("  count mismatch: \(opened.count)") }
    }
    let residentBefore = ResidentMemory.processBytes()
    let index = try AutocompleteIndex.open(at: url)
    row.records = index.count
    row.open = Percentiles.of(opens).p50
    print(String(format: "  open: median %.1f µs", row.open))

    for (label, list, withFocus, typos) in [
        ("prefix, typos off", queries.prefix, false, false), ("prefix, typos on", queries.prefix, false, true),
        ("prefix + focus, typos off", queries.prefix, true, false), ("prefix + focus, typos on", queries.prefix, true, true),
        ("typo'd", queries.typo, false, true), ("typo'd + focus", queries.typo, true, true),
    ] where environment["AC_ONLY"].map({ label.contains($0) }) ?? true {
        let p = timing.line(label, time(index, list, focus: withFocus ? focus : nil, typos: typos), queries: list.count)
        row.kinds.append((label, p.p50, p.p99, p.cpu50, p.cpu99))
    }
    if let lookupQueries {
        let lookup = LookupRows(lookup: PlaceLookup(index), timing: timing, focus: focus)
        row.kinds += lookup.run(LookupRows.lists(queries, lookupQueries), only: environment["AC_ONLY"])
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
    let fts = try FTS5Baseline(path: directory.appendingPathComponent("fts-\(column.argument).sqlite").path) { add in _ = try stream(add) }
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
    let ftsLine = timing.line("FTS5 MATCH prefix* ORDER BY imp. LIMIT 10", (ftsSamples, ftsCPU), queries: queries.prefix.count)
    row.fts = (ftsLine.p50, ftsLine.p99)
    let plain = row.kinds[0]
    print(String(format: "  ratio FTS5 / ours (prefix, typos off): p50 %.1f×   p99 %.1f×;  build FTS5 / ours %.1f× (CPU %.1f×)", row.fts.p50 / plain.p50, row.fts.p99 / plain.p99, row.ftsBuild / row.build, row.ftsBuildCPU / row.buildCPU))
    if let lookupQueries {
        // The address queries as FTS5 reads them: the street's words and the number begun.
        var samples: (wall: [UInt64], cpu: [UInt64]) = ([], [])
        for _ in 0..<3 {
            let timed = try fts.time(lookupQueries.addressBegun, expression: FTS5Baseline.tokenMatchExpression)
            samples.wall += timed.wall
            samples.cpu += timed.cpu
        }
        let address = timing.line("FTS5 address \"street\" \"number\"*", samples, queries: lookupQueries.addressBegun.count)
        row.ftsAddress = (address.p50, address.p99)
        let ratios = row.kinds.filter { $0.label.hasPrefix("lookup") }.map { String(format: "%@ %.1f×", $0.label, row.fts.p99 / $0.p99) }
        print("  ratio FTS5 prefix p99 / lookup p99: " + ratios.joined(separator: ", "))
    }
    let sample = queries.prefix[0]
    print("  e.g. \"\(sample)\": ours → \(index.complete(AutocompleteQuery(sample, typoTolerance: false)).prefix(3).map(\.record.name))")
    rows.append(row)
    if kept == nil { try? FileManager.default.removeItem(at: url) }
    try? FileManager.default.removeItem(at: directory.appendingPathComponent("fts-\(column.argument).sqlite"))
}

printTable(rows)
