import AutocompleteSupport
import Foundation
import PlaceSearch
import Autocomplete

// Our autocomplete index against SQLite FTS5 on the same synthetic names and queries, in one
// process: per-query latency p50/p99 in microseconds, the ratio, open time and resident memory.
// Usage: AutocompleteVsFTS5 [sizes…]   (default: 144000 1000000)

let sizes = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let focus = Coordinate(52.37, 9.73)  // inside the generated area
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ac-bench-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

/// Round one runs on a freshly mapped file (minor page faults on first touch, what a CLI that
/// opens the index per keystroke pays); rounds two and three on a warm mapping (a resident app).
func line(_ label: String, _ samples: [UInt64], queries: Int? = nil) -> (Double, Double) {
    let cold = queries.map { Percentiles.of(Array(samples.prefix($0))) }
    let warmSamples = queries.map { Array(samples.dropFirst($0)) } ?? samples
    let p = Percentiles.of(warmSamples)
    var text = String(format: "  %-40@ warm p50 %8.1f µs  p99 %8.1f µs", label as NSString, p.p50, p.p99)
    if let cold { text += String(format: " | first pass p50 %8.1f µs  p99 %8.1f µs", cold.p50, cold.p99) }
    print(text)
    return p
}

func time(_ index: AutocompleteIndex, _ queries: [String], focus: Coordinate?, typos: Bool, rounds: Int = 3) -> [UInt64] {
    var samples: [UInt64] = []
    for _ in 0..<rounds {
        for text in queries {
            let query = AutocompleteQuery(text, focus: focus, limit: 10, typoTolerance: typos)
            let start = DispatchTime.now().uptimeNanoseconds
            let results = index.complete(query)
            samples.append(DispatchTime.now().uptimeNanoseconds - start)
            if results.count > 10 { fatalError("unreachable") }
        }
    }
    // AC_SLOWEST=1 names the slowest queries, to see which shapes cost most.
    if ProcessInfo.processInfo.environment["AC_SLOWEST"] != nil {
        let slowest = zip(samples.prefix(queries.count), queries).sorted { $0.0 > $1.0 }.prefix(6)
        print("    slowest:", slowest.map { "\($0.1) \($0.0 / 1000) µs" }.joined(separator: ", "))
    }
    return samples
}

for size in sizes.isEmpty ? [144_000, 1_000_000] : sizes {
    print("== \(size) names")
    var clock = Date()
    let records = SyntheticNames.make(count: size)
    let queries = QuerySet(records: records)
    print(String(format: "  generated in %.1f s", Date().timeIntervalSince(clock)))

    let url = directory.appendingPathComponent("names-\(size).plcsname")
    do {
        clock = Date()
        let built = AutocompleteIndex(records: records)
        print(String(format: "  index built in %.1f s, %.1f MB", Date().timeIntervalSince(clock), Double(built.byteCount) / 1e6))
        try built.write(to: url)
    }

    // Open cost: the median of 21 opens (the page cache is warm from the write).
    var opens: [UInt64] = []
    for _ in 0..<21 {
        let start = DispatchTime.now().uptimeNanoseconds
        let opened = try AutocompleteIndex.open(at: url)
        opens.append(DispatchTime.now().uptimeNanoseconds - start)
        if opened.count != records.count { print("  count mismatch: \(opened.count)") }
    }
    let residentBefore = ResidentMemory.processBytes()
    let index = try AutocompleteIndex.open(at: url)
    print(String(format: "  open: median %.1f µs", Percentiles.of(opens).p50))

    let prefixPlain = line("ours prefix, typos off", time(index, queries.prefix, focus: nil, typos: false), queries: queries.prefix.count)
    _ = line("ours prefix, typos on", time(index, queries.prefix, focus: nil, typos: true), queries: queries.prefix.count)
    _ = line("ours prefix, typos off, focus", time(index, queries.prefix, focus: focus, typos: false), queries: queries.prefix.count)
    _ = line("ours prefix, typos on, focus", time(index, queries.prefix, focus: focus, typos: true), queries: queries.prefix.count)
    _ = line("ours typo'd, typos on", time(index, queries.typo, focus: nil, typos: true), queries: queries.typo.count)
    _ = line("ours typo'd, typos on, focus", time(index, queries.typo, focus: focus, typos: true), queries: queries.typo.count)
    let mapped = ResidentMemory.mappedBytes(of: url.path)
    let residentAfter = ResidentMemory.processBytes()
    print(String(format: "  resident: mapped file %.1f MB of %.1f MB; process grew %.1f MB over the query passes",
        Double(mapped) / 1e6, Double(index.byteCount) / 1e6, Double(residentAfter - residentBefore) / 1e6))

    clock = Date()
    let fts = try FTS5Baseline(records: records, path: directory.appendingPathComponent("fts-\(size).sqlite").path)
    print(String(format: "  FTS5 built in %.1f s", Date().timeIntervalSince(clock)))
    _ = try fts.time(Array(queries.prefix.prefix(50)))  // warm the page cache and statement
    var ftsSamples: [UInt64] = []
    for _ in 0..<3 { ftsSamples += try fts.time(queries.prefix) }
    let ftsPlain = line("FTS5 MATCH prefix* ORDER BY imp. LIMIT 10", ftsSamples, queries: queries.prefix.count)
    print(String(format: "  ratio FTS5 / ours (prefix, typos off): p50 %.1f×   p99 %.1f×", ftsPlain.0 / prefixPlain.0, ftsPlain.1 / prefixPlain.1))
    // Spot check that both see the same world.
    let sample = queries.prefix[0]
    print("  e.g. \"\(sample)\": ours → \(index.complete(AutocompleteQuery(sample, typoTolerance: false)).prefix(3).map(\.record.name))")
}
