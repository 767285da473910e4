import AutocompleteSupport
import Foundation
import PlaceCore

// What Benchmarks/server-load.sh needs beside the server: the seeded synthetic names as a CSV for
// `places import --names`, the same prefix queries as the autocomplete benchmark (URL-encoded, one
// a line, for wrk), and SQLite FTS5 answering those queries over the same names.
//
//   ServerLoadFixture names COUNT CSV QUERIES
//   ServerLoadFixture fts5 COUNT QUERIES_TO_TIME

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first, let count = arguments.dropFirst().first.flatMap({ Int($0) }) else {
    FileHandle.standardError.write(Data("usage: ServerLoadFixture names COUNT CSV QUERIES | fts5 COUNT QUERIES\n".utf8))
    exit(64)
}
let records = SyntheticNames.make(count: count)
let queries = QuerySet(records: records, count: 2000).prefix

switch mode {
case "names":
    guard arguments.count == 4 else { exit(64) }
    var csv = "name,lat,lon,importance,kind\n"
    csv.reserveCapacity(count * 60)
    for record in records {
        let name = record.name.contains(",") ? "\"\(record.name)\"" : record.name
        csv += "\(name),\(record.coordinate?.latitude ?? 0),\(record.coordinate?.longitude ?? 0),\(record.importance),\(record.detail ?? "")\n"
    }
    try csv.write(toFile: arguments[2], atomically: false, encoding: .utf8)
    let encoded = queries.map { $0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? $0 }
    try (encoded.joined(separator: "\n") + "\n").write(toFile: arguments[3], atomically: false, encoding: .utf8)
    print("wrote \(records.count) names and \(queries.count) queries")
case "fts5":
    let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("fts5-\(getpid()).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let fts = try FTS5Baseline(records: records, path: path)
    _ = try fts.time(queries)  // warm: pages in, statements prepared
    var samples: [UInt64] = []
    let started = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<rounds { samples += try fts.time(queries).wall }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    let p = Percentiles.of(samples)
    print(String(format: "fts5 %d queries in %.2f s: %.0f queries/s on one thread, p50 %.3f ms, p99 %.3f ms", samples.count, seconds,
                 Double(samples.count) / seconds, p.p50 / 1000, p.p99 / 1000))
default:
    exit(64)
}
