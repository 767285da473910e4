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
    ],
    targets: [
        .executableTarget(
            name: "RankingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "PlaceSearch", package: "places"),
                .product(name: "Ranking", package: "places"),
            ],
            path: "Benchmarks/RankingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
