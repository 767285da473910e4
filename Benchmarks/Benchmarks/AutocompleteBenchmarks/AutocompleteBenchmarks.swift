import AutocompleteSupport
import Benchmark
import Foundation
import PlaceCore
import Autocomplete

/// Autocomplete over seeded synthetic names at 144k and 1M: each benchmark iteration runs the
/// whole fixed query set once (600 queries), so wall clock / 600 is the mean per query; the
/// per-query p50/p99 and the FTS5 comparison come from AutocompleteVsFTS5
/// (autocomplete-vs-fts5.sh), which can time single queries.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(5), maxIterations: 50)
    let focus = Coordinate(52.37, 9.73)

    for size in [144_000, 1_000_000] {
        let fixture = Fixture(size: size)
        for (label, queries, typos, withFocus) in [
            ("prefix", fixture.queries.prefix, false, false), ("prefix+focus", fixture.queries.prefix, false, true),
            ("typo'd", fixture.queries.typo, true, false), ("typo'd+focus", fixture.queries.typo, true, true),
        ] {
            Benchmark("Autocomplete \(size / 1000)k: \(queries.count) \(label) queries") { benchmark in
                for text in queries {
                    blackHole(fixture.index.complete(AutocompleteQuery(text, focus: withFocus ? focus : nil, typoTolerance: typos)))
                }
            }
        }
        Benchmark("Autocomplete \(size / 1000)k: FTS5 \(fixture.queries.prefix.count) prefix queries") { benchmark in
            blackHole(try fixture.fts.time(fixture.queries.prefix))
        }
    }
}

/// Built once per size: names, the index written to a temporary file and opened mmapped, FTS5.
final class Fixture: Sendable {
    let queries: QuerySet
    let index: AutocompleteIndex
    let fts: FTS5Baseline

    init(size: Int) {
        let records = SyntheticNames.make(count: size)
        queries = QuerySet(records: records)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ac-benchmark-\(size).plcsname")
        do {
            try AutocompleteIndex(records: records).write(to: url)
            index = try AutocompleteIndex.open(at: url)
            fts = try FTS5Baseline(records: records, path: url.path + ".sqlite")
        } catch {
            fatalError("benchmark fixture: \(error)")
        }
    }
}
