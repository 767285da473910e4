// The walking graph in a release build, driven by Benchmarks/walking-graph.sh beside networkx,
// pandana and osmium on the same files and the same queries:
//
//   WalkingGraphBench build FILE.osm OUT.walk        build once, write, print the statistics (one process: hyperfine times it)
//   WalkingGraphBench build-cost FILE.osm             in one process, best of 5: reading the file with a callback that does
//       nothing, and reading it into the builder and finishing the graph: what the graph adds to an import's pass.
//   WalkingGraphBench routes GRAPH.walk PAIRS.tsv OUT.tsv [passes]
//       PAIRS: lat lon lat lon per line. OUT: metres along the ways (or -1 for no walk), snap metres, settled nodes.
//       Prints p50/p99 over the pairs of one whole route (snap both ends, search, path, steps), each pair's
//       time the fastest of its N passes: the rule the Python peers are timed by, so that a moment the
//       scheduler gave to another process does not count as the route's cost.
//   WalkingGraphBench one-to-many GRAPH.walk QUERIES.tsv OUT.tsv [passes]
//       QUERIES: the focus then every candidate, lat lon each, on one line. OUT: one line of metres per query.
//       Prints p50/p99 over the queries of one call of distances(from:to:), each the fastest of its N passes.
//   WalkingGraphBench walks-near GRAPH.walk LAT,LON COUNT [METRES]
//       COUNT seeded walks of METRES (default 1,000) as the crow flies, each from a point within 600 m of LAT,LON
//       (the middle of a tiled country: walking-graph-scale.sh) to one METRES off in a seeded direction. Prints
//       the first pass's p50/p99 (each query's first time in the process) and the fastest of 5 passes' p50/p99, of
//       a whole route (snap both ends, search, path, steps), the walks found and the nodes settled: a search
//       bounded by the walk's length costs the same in a city's graph and a country's.
import Foundation
import OSMFormat
import PlaceCore
import WalkingGraph

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("WalkingGraphBench: \(message)\n".utf8))
    exit(64)
}

func coordinates(_ line: Substring) -> [Coordinate] {
    let numbers = line.split(whereSeparator: { $0 == "\t" || $0 == " " }).compactMap { Double($0) }
    return stride(from: 0, to: numbers.count - 1, by: 2).compactMap {
        try? Coordinate(latitude: numbers[$0], longitude: numbers[$0 + 1])
    }
}

func lines(_ path: String) -> [Substring] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { fail("cannot read \(path)") }
    return text.split(separator: "\n")
}

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Opens the graph, and says how long the first open took (mapping, header and body checksum): what
/// a cold `places coffee` pays before its one search.
func open(_ path: String) -> WalkingGraph {
    do {
        let start = now()
        let graph = try WalkingGraph.open(at: URL(fileURLWithPath: path))
        print(
            String(format: "opened %@ (%d bytes) in %.3f ms", path, graph.statistics.bytes, Double(now() - start) / 1e6)
        )
        return graph
    } catch {
        fail(error.description)
    }
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 || (arguments.count == 3 && arguments[1] == "build-cost") else {
    fail(
        "usage: build FILE OUT | build-cost FILE | routes GRAPH PAIRS OUT [passes] | one-to-many GRAPH QUERIES OUT [passes]"
            + " | walks-near GRAPH LAT,LON COUNT [METRES]"
    )
}
let passes = arguments.count > 5 ? max(2, Int(arguments[5]) ?? 5) : 5

switch arguments[1] {
case "build":
    let start = now()
    let graph: WalkingGraph
    do {
        graph = try WalkingGraphBuilder.build(contentsOf: URL(fileURLWithPath: arguments[2]))
        try graph.write(to: URL(fileURLWithPath: arguments[3]))
    } catch {
        fail("\(error)")
    }
    let seconds = Double(now() - start) / 1e9
    let statistics = graph.statistics
    print(
        "built \(arguments[2]): \(statistics.ways) ways, \(statistics.nodes) nodes, \(statistics.edges) edges, \(statistics.points) points, "
            + "\(statistics.components) components (largest \(String(format: "%.1f", statistics.largestComponentShare * 100)) %), "
            + "\(statistics.bytes) bytes, in \(String(format: "%.3f", seconds)) s")

case "build-cost":
    let url = URL(fileURLWithPath: arguments[2])
    var readOnly = Double.infinity
    var withGraph = Double.infinity
    do {
        for _ in 0..<5 {
            var elements = 0
            var start = now()
            try OSMFileReader.read(contentsOf: url) { _ in elements += 1 }
            readOnly = min(readOnly, Double(now() - start) / 1e9)
            start = now()
            var builder = WalkingGraphBuilder()
            try OSMFileReader.read(contentsOf: url) { builder.consume($0) }
            _ = try builder.finish()
            withGraph = min(withGraph, Double(now() - start) / 1e9)
        }
    } catch {
        fail("\(error)")
    }
    print(
        String(
            format:
                "build cost of %@: reading alone %.3f s, reading and building the graph %.3f s (the graph adds %.3f s)",
            url.lastPathComponent, readOnly, withGraph, withGraph - readOnly))

case "routes":
    let graph = open(arguments[2])
    let pairs = lines(arguments[3]).map(coordinates).filter { $0.count == 2 }
    var output = ""
    var timings = [Double](repeating: .infinity, count: pairs.count)
    for pass in 0..<passes {
        for (index, pair) in pairs.enumerated() {
            let start = now()
            let walk = try? graph.route(from: pair[0], to: pair[1])
            timings[index] = min(timings[index], Double(now() - start) / 1e3)
            if pass == 0 {
                if let walk {
                    output += String(
                        format: "%.3f\t%.3f\t%.3f\t%d\n", walk.distance, walk.origin.distance,
                        walk.destination.distance, walk.settledNodes)
                } else {
                    output += "-1\t0\t0\t0\n"
                }
            }
        }
    }
    try? output.write(toFile: arguments[4], atomically: true, encoding: .utf8)
    print(
        String(
            format: "routes: %d pairs, p50 %.1f µs, p99 %.1f µs", pairs.count, percentile(timings, 0.5),
            percentile(timings, 0.99)))

case "one-to-many":
    let graph = open(arguments[2])
    let queries = lines(arguments[3]).map(coordinates).filter { $0.count >= 2 }
    var output = ""
    var timings = [Double](repeating: .infinity, count: queries.count)
    for pass in 0..<passes {
        for (index, query) in queries.enumerated() {
            let candidates = Array(query.dropFirst())
            let start = now()
            let distances = graph.distances(from: query[0], to: candidates)
            timings[index] = min(timings[index], Double(now() - start) / 1e3)
            if pass == 0 {
                output +=
                    distances.map { $0.map { String(format: "%.3f", $0.alongWays) } ?? "-1" }.joined(separator: "\t")
                    + "\n"
            }
        }
    }
    try? output.write(toFile: arguments[4], atomically: true, encoding: .utf8)
    let candidates = queries.first.map { $0.count - 1 } ?? 0
    print(
        String(
            format: "one-to-many: %d queries of %d candidates, p50 %.1f µs, p99 %.1f µs", queries.count, candidates,
            percentile(timings, 0.5),
            percentile(timings, 0.99)))

case "walks-near":
    let graph = open(arguments[2])
    guard let centre = coordinates(Substring(arguments[3].replacingOccurrences(of: ",", with: " "))).first,
        let count = Int(arguments[4])
    else { fail("walks-near GRAPH LAT,LON COUNT [METRES]") }
    let metres = arguments.count > 5 ? Double(arguments[5]) ?? 1_000 : 1_000
    // SplitMix64: the same walks on every run and every graph.
    var state: UInt64 = 0x5EED_2027
    func random() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) >> 11) / Double(1 << 53)
    }
    let perMetreLatitude = 1 / 111_320.0
    let perMetreLongitude = 1 / (111_320.0 * cos(centre.latitude * .pi / 180))
    func moved(_ point: Coordinate, _ north: Double, _ east: Double) -> Coordinate {
        Coordinate(point.latitude + north * perMetreLatitude, point.longitude + east * perMetreLongitude)
    }
    let pairs: [(Coordinate, Coordinate)] = (0..<count).map { _ in
        let from = moved(centre, (random() * 2 - 1) * 600, (random() * 2 - 1) * 600)
        let bearing = random() * 2 * .pi
        return (from, moved(from, metres * cos(bearing), metres * sin(bearing)))
    }
    var first = [Double](repeating: 0, count: count)
    var fastest = [Double](repeating: .infinity, count: count)
    var found = 0
    var settled = 0
    var along: [Double] = []
    for pass in 0..<5 {
        for (index, pair) in pairs.enumerated() {
            let start = now()
            let walk = try? graph.route(from: pair.0, to: pair.1)
            let micros = Double(now() - start) / 1e3
            if pass == 0 {
                first[index] = micros
                if let walk {
                    found += 1
                    settled += walk.settledNodes
                    along.append(walk.distance)
                }
            }
            fastest[index] = min(fastest[index], micros)
        }
    }
    print(
        String(
            format:
                "walks-near: %d walks of %.0f m, %d found (median %.0f m along the ways, %.0f nodes settled on average); "
                + "first pass p50 %.1f µs, p99 %.1f µs; fastest of 5 p50 %.1f µs, p99 %.1f µs",
            count, metres, found, percentile(along, 0.5), Double(settled) / Double(max(found, 1)),
            percentile(first, 0.5), percentile(first, 0.99), percentile(fastest, 0.5), percentile(fastest, 0.99)))

default:
    fail("unknown mode \(arguments[1])")
}
