// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "places",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "places", targets: ["places"]),
        // What an app depends on: the front door, with the model, the flows and their documents.
        .library(name: "PlacesKit", targets: ["PlacesKit"]),
        // Doubles for an app's own tests: static providers, a transport that answers from a closure, a
        // loopback HTTP server.
        .library(name: "PlaceSearchTesting", targets: ["PlaceSearchTesting"]),
        // `places serve`: its own executable, so that a plain `places` call never loads a server.
        .executable(name: "places-server", targets: ["places-server"]),
        // The server's application, for a host that serves places inside its own process.
        .library(name: "PlacesServer", targets: ["PlacesServer"]),
        // Not API: the layers below the door, one product each, only for this repository's Fuzz and
        // Benchmarks packages (separate packages, so that `swift test` never builds them, and so
        // beyond `package` access). The underscore says what swift-nio's `_NIO…` products say: no
        // promise of stability; an app uses PlacesKit.
        .library(name: "_PlaceBytes", targets: ["PlaceBytes"]),
        .library(name: "_PlaceCore", targets: ["PlaceCore"]),
        .library(name: "_PlaceHTTP", targets: ["PlaceHTTP"]),
        .library(name: "_PlaceRanking", targets: ["PlaceRanking"]),
        .library(name: "_PlaceProviders", targets: ["PlaceProviders"]),
        .library(name: "_PlaceImport", targets: ["PlaceImport"]),
        .library(name: "_Tracking", targets: ["Tracking"]),
        .library(name: "_OSMFormat", targets: ["OSMFormat"]),
        .library(name: "_Autocomplete", targets: ["Autocomplete"]),
        .library(name: "_WalkingGraph", targets: ["WalkingGraph"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        // The config file's TOML (toml++ underneath).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // The server's: none of them is linked into `places`.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: []),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.0.0"..<"5.0.0"),
        // The shared store of several server instances; linked by the server alone, never by `places`.
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        // The Model Context Protocol for `places mcp`; linked by places-server alone.
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", exact: "0.12.1"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        // The bottom: bytes and the formats made of them. JSON, delimited text, text folding and
        // numbers, mapped files with one container check (the name index and the walking graph
        // are both sections in one). Knows nothing of places.
        .target(name: "PlaceBytes"),
        // The core: geo, model, the provider seam, the store contracts. Names no provider and
        // links no HTTP client: format readers and algorithms build on it alone.
        .target(name: "PlaceCore", dependencies: ["PlaceBytes", "CTimeZoneMap"]),
        // The HTTP client the providers ask through: libcurl (URLSession elsewhere), recordings
        // (cassettes), the cache, retries; and turning answers and failures into the core's terms.
        .target(
            name: "PlaceHTTP",
            dependencies: [
                "PlaceBytes", "PlaceCore",
                .target(name: "CCurl", condition: .when(platforms: [.linux])),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test doubles shared by our tests and by apps that embed the library.
        .target(name: "PlaceSearchTesting", dependencies: ["PlaceBytes", "PlaceCore", "PlaceHTTP"]),
        .target(name: "PlaceRanking", dependencies: ["PlaceBytes", "PlaceCore"]),
        // The one byte-level XML scanner, for GPX traces and OSM XML alike: whole files or chunked streams.
        .target(name: "XMLScanning"),
        // GPS traces (GPX, GeoJSON, NDJSON, gpsd), their checks, the route monitor and the stop detector.
        .target(name: "Tracking", dependencies: ["PlaceBytes", "PlaceCore", "XMLScanning"]),
        // The name index file and completion as you type.
        .target(name: "Autocomplete", dependencies: ["PlaceBytes", "PlaceCore"]),
        // The system zlib and libbz2 (PBF blobs, .osm.gz and .osm.bz2).
        .target(name: "CZlib"),
        // The system libcurl: the live HTTP transport on Linux, where URLSession cannot bound an answer.
        .target(name: "CCurl"),
        // The time zone of every point on Earth (Scripts/make-time-zone-map.py writes it), embedded in
        // the binary so that an installed or copied `places` needs no resource file.
        .target(name: "CTimeZoneMap", exclude: ["time-zones.bin.gz", "README.md"], linkerSettings: [.linkedLibrary("z")]),
        // OpenStreetMap files read as a stream of elements: XML, PBF, Overpass JSON.
        .target(name: "OSMFormat", dependencies: ["PlaceBytes", "PlaceCore", "XMLScanning", "CZlib"]),
        // Foot routing over imported OpenStreetMap: the graph file, snapping, shortest walks, one-to-many.
        .target(name: "WalkingGraph", dependencies: ["PlaceBytes", "PlaceCore", "OSMFormat"]),
        .target(
            name: "PlaceProviders",
            dependencies: [
                "PlaceBytes", "PlaceCore", "PlaceHTTP", "OSMFormat",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // Import: files (OpenStreetMap extracts, name lists, GeoNames' cities) read into places
        // and names, in the providers' vocabulary of OpenStreetMap tags. Nothing here asks a service.
        .target(name: "PlaceImport", dependencies: ["PlaceBytes", "PlaceCore", "PlaceHTTP", "OSMFormat", "PlaceProviders", "WalkingGraph", "Autocomplete", "PlaceStore"]),
        // The local store: one SQLite file through GRDB. Kept out of PlaceCore so that an app that
        // only searches does not link SQLite; the protocols it implements live in PlaceCore/Store.
        .target(
            name: "PlaceStore",
            dependencies: [
                "PlaceBytes", "PlaceCore", .product(name: "GRDB", package: "GRDB.swift"),
                // The C API, for binding an import's rows without GRDB's per-row arguments.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // The store several `places serve` instances share: PostgreSQL through a connection pool.
        .target(
            name: "PlaceStorePostgres",
            dependencies: [
                "PlaceBytes", "PlaceCore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                // postgres-nio's own TLS, for the URL's sslmode.
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The front door: composition (settings, credentials, HTTP chains, the catalog, the store) and
        // one entry point per flow. The CLI and the server call only this.
        .target(
            name: "PlacesKit",
            dependencies: [
                "PlaceBytes", "PlaceCore", "PlaceHTTP", "PlaceRanking", "PlaceProviders", "PlaceImport", "PlaceStore", "Tracking", "Autocomplete", "OSMFormat",
                "WalkingGraph",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]
        ),
        // What the two executables' command lines share: the options of `places import` that
        // places-server's `import files` (what `places import --database` runs) parses alike.
        .target(
            name: "PlacesCommandLine",
            dependencies: ["PlacesKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(
            name: "places",
            dependencies: [
                "PlacesKit", "PlacesCommandLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // `places serve`: Hummingbird routes over PlacesKit, accounts and tokens, limits, metrics, the
        // OpenAPI document. A library, so that tests build the same application the executable runs.
        .target(
            name: "PlacesServer",
            dependencies: [
                "PlacesKit", "PlaceBytes", "PlaceCore", "PlaceHTTP", "PlaceStore", "PlaceStorePostgres", "Tracking", "Autocomplete", "PlacesMCP",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOWebSocket", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // `places mcp`: the flows as MCP tools, for assistants (run by places-server, over stdio).
        .target(
            name: "PlacesMCP",
            dependencies: ["PlacesKit", "PlaceBytes", "PlaceCore", "Tracking", "Autocomplete", .product(name: "MCP", package: "swift-sdk")]
        ),
        // `places serve …` runs this, found beside the `places` binary.
        .executableTarget(
            name: "places-server",
            dependencies: [
                "PlacesServer", "PlacesKit", "PlacesCommandLine", "PlacesMCP",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]
        ),
        .testTarget(name: "PlaceBytesTests", dependencies: ["PlaceBytes"]),
        .testTarget(name: "PlaceCoreTests", dependencies: ["PlaceBytes", "PlaceCore", "PlaceHTTP", "PlaceSearchTesting"], resources: [.copy("Fixtures")]),
        .testTarget(name: "XMLScanningTests", dependencies: ["XMLScanning", "PlaceSearchTesting"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "PlaceBytes", "PlaceCore", "PlaceSearchTesting"]),
        .testTarget(name: "AutocompleteTests", dependencies: ["Autocomplete", "PlaceBytes", "PlaceCore", "PlaceSearchTesting"]),
        .testTarget(
            name: "OSMFormatTests", dependencies: ["OSMFormat", "PlaceBytes", "PlaceCore", "PlaceSearchTesting"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WalkingGraphTests", dependencies: ["WalkingGraph", "PlaceBytes", "PlaceCore", "OSMFormat"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlaceRankingTests", dependencies: ["PlaceRanking", "PlaceBytes", "PlaceCore", "PlaceSearchTesting"]),
        .testTarget(
            name: "PlaceProvidersTests",
            dependencies: [
                "PlaceProviders", "PlaceBytes", "PlaceCore", "PlaceHTTP", "PlaceSearchTesting", "OSMFormat", "PlaceRanking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PlaceImportTests",
            dependencies: ["PlaceImport", "PlaceProviders", "PlaceBytes", "PlaceCore", "OSMFormat", "Autocomplete", "PlaceRanking", "PlaceSearchTesting"]
        ),
        .testTarget(
            name: "PlaceStoreTests",
            dependencies: ["PlaceStore", "PlaceBytes", "PlaceCore", "PlaceSearchTesting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The store contract, run against SQLite always and against PostgreSQL when
        // PLACES_TEST_DATABASE_URL names a server (skipped visibly otherwise).
        .testTarget(
            name: "SharedStoreTests",
            dependencies: [
                "PlaceStore", "PlaceStorePostgres", "PlaceBytes", "PlaceCore", "PlaceSearchTesting",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The front door as an app uses it: its own provider, remedies, notices, renderings, the README's snippet.
        .testTarget(
            name: "PlacesKitTests",
            dependencies: [
                "PlacesKit", "PlaceBytes", "PlaceCore", "Autocomplete", "PlaceProviders", "PlaceImport", "PlaceRanking", "PlaceStore", "Tracking",
                "PlaceSearchTesting", "WalkingGraph", "ProcessTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        // The server in-process (HummingbirdTesting's router), on 127.0.0.1 port 0 where a socket matters,
        // and as the built executable for signals and kills.
        .testTarget(
            name: "PlacesServerTests",
            dependencies: [
                "PlacesServer", "places-server", "PlacesKit", "PlaceBytes", "PlaceCore", "PlaceStore", "PlaceStorePostgres", "Tracking", "PlaceSearchTesting",
                "ProcessTesting",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HummingbirdWSClient", package: "hummingbird-websocket"),
                .product(name: "HummingbirdWSTesting", package: "hummingbird-websocket"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Runs the built `places` binary end to end against cassettes.
        .testTarget(
            name: "PlacesCLITests",
            dependencies: [
                "places", "PlacesCommandLine", "PlaceBytes", "PlaceCore", "PlaceHTTP", "PlaceSearchTesting", "ProcessTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // How the test suites run a child process and wait on it off the cooperative pool (not a product:
        // for this repository's tests).
        .target(name: "ProcessTesting", path: "Tests/ProcessTesting"),
    ]
)

// Shared settings for every target (as swift-log, openapi-runtime and hummingbird do).
for target in package.targets where !["CZlib", "CCurl", "CTimeZoneMap"].contains(target.name) {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
