// swift-tools-version: 6.1
// The package-benchmark suites, kept out of the main package so that `swift test` does not build
// the benchmark harness. Run from this folder: swift package benchmark
import PackageDescription

let package = Package(
    name: "places-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "places", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.0", traits: ["MallocInterposer"]),
        // SQLite FTS5, the autocomplete baseline (the same GRDB the places package uses).
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // One seeded generator for every benchmark's data.
        .target(name: "SeededRandom", path: "Benchmarks/SeededRandom"),
        .executableTarget(
            name: "RankingBenchmarks",
            dependencies: [
                "SeededRandom",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_PlaceCore", package: "places"),
                .product(name: "_PlaceRanking", package: "places"),
            ],
            path: "Benchmarks/RankingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Seeded synthetic names, the query set, the FTS5 baseline and /proc readings.
        .target(
            name: "AutocompleteSupport",
            dependencies: ["SeededRandom", .product(name: "_PlaceCore", package: "places"), .product(name: "_Autocomplete", package: "places"), .product(name: "GRDB", package: "GRDB.swift")],
            path: "Benchmarks/AutocompleteSupport"
        ),
        // A plain release executable: ours against FTS5, p50/p99 and the ratio (autocomplete-vs-fts5.sh).
        .executableTarget(
            name: "AutocompleteVsFTS5",
            dependencies: ["AutocompleteSupport", .product(name: "_PlaceCore", package: "places"), .product(name: "_Autocomplete", package: "places")],
            path: "Benchmarks/AutocompleteVsFTS5"
        ),
        // The names, queries and FTS5 peer of the server's load test (server-load.sh).
        .executableTarget(
            name: "ServerLoadFixture",
            dependencies: ["AutocompleteSupport", .product(name: "_PlaceCore", package: "places")],
            path: "Benchmarks/ServerLoadFixture"
        ),
        // A plain release executable: RouteMonitor fixes per second against a 1,000-point route.
        .executableTarget(
            name: "RouteMonitorThroughput",
            dependencies: ["SeededRandom", .product(name: "_PlaceCore", package: "places"), .product(name: "_Tracking", package: "places")],
            path: "Benchmarks/RouteMonitorThroughput"
        ),
        // A plain release executable: StopDetector fixes per second on a seeded week at 1 Hz.
        .executableTarget(
            name: "StopDetectorThroughput",
            dependencies: ["SeededRandom", .product(name: "_PlaceCore", package: "places"), .product(name: "_Tracking", package: "places")],
            path: "Benchmarks/StopDetectorThroughput"
        ),
        // A plain release executable: build, route and one-to-many timings for walking-graph.sh.
        .executableTarget(
            name: "WalkingGraphBench",
            dependencies: [
                .product(name: "_PlaceCore", package: "places"), .product(name: "_OSMFormat", package: "places"),
                .product(name: "_WalkingGraph", package: "places"),
            ],
            path: "Benchmarks/WalkingGraphBench"
        ),
        .executableTarget(
            name: "AutocompleteBenchmarks",
            dependencies: [
                "AutocompleteSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "_PlaceCore", package: "places"), .product(name: "_Autocomplete", package: "places"),
            ],
            path: "Benchmarks/AutocompleteBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
