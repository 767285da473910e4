// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "places",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "places", targets: ["places"]),
        .library(name: "PlacesKit", targets: ["PlacesKit"]),
        .library(name: "PlaceSearch", targets: ["PlaceSearch"]),
        .library(name: "PlaceRanking", targets: ["PlaceRanking"]),
        .library(name: "PlaceProviders", targets: ["PlaceProviders"]),
        .library(name: "Tracking", targets: ["Tracking"]),
        .library(name: "OSMFormat", targets: ["OSMFormat"]),
        .library(name: "Autocomplete", targets: ["Autocomplete"]),
        .library(name: "PlaceStore", targets: ["PlaceStore"]),
        .library(name: "WalkingGraph", targets: ["WalkingGraph"]),
        .library(name: "PlaceSearchTesting", targets: ["PlaceSearchTesting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
    ],
    targets: [
        // The core: geo, model, the provider seam, HTTP with cassettes. Names no provider.
        .target(
            name: "PlaceSearch",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HTTPTypesFoundation", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test doubles shared by our tests and by apps that embed the library.
        .target(name: "PlaceSearchTesting", dependencies: ["PlaceSearch"]),
        .target(name: "PlaceRanking", dependencies: ["PlaceSearch"]),
        // The one byte-level XML scanner, for GPX traces and OSM XML alike: whole files or chunked streams.
        .target(name: "XMLScanning"),
        // GPS traces (GPX, GeoJSON, NDJSON, gpsd), their checks, the route monitor and the stop detector.
        .target(name: "Tracking", dependencies: ["PlaceSearch", "XMLScanning"]),
        // The name index file and completion as you type.
        .target(name: "Autocomplete", dependencies: ["PlaceSearch"]),
        // The system zlib and libbz2 (PBF blobs, .osm.gz and .osm.bz2).
        .target(name: "CZlib"),
        // OpenStreetMap files read as a stream of elements: XML, PBF, Overpass JSON.
        .target(name: "OSMFormat", dependencies: ["PlaceSearch", "XMLScanning", "CZlib"]),
        // Foot routing over imported OpenStreetMap: the graph file, snapping, shortest walks, one-to-many.
        .target(name: "WalkingGraph", dependencies: ["PlaceSearch", "OSMFormat"]),
        .target(
            name: "PlaceProviders",
            dependencies: [
                "PlaceSearch", "OSMFormat",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]
        ),
        // The local store: one SQLite file through GRDB. Kept out of PlaceSearch so that an app that
        // only searches does not link SQLite; the protocols it implements live in PlaceSearch/Store.
        .target(
            name: "PlaceStore",
            dependencies: ["PlaceSearch", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The front door: composition (settings, credentials, HTTP chains, the catalog, the store) and
        // one entry point per flow. The CLI and the server call only this.
        .target(
            name: "PlacesKit",
            dependencies: [
                "PlaceSearch", "PlaceRanking", "PlaceProviders", "PlaceStore", "Tracking", "Autocomplete", "OSMFormat", "WalkingGraph",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "places",
            dependencies: [
                "PlacesKit", "PlaceSearch", "PlaceRanking", "PlaceProviders", "PlaceStore", "Tracking", "Autocomplete", "WalkingGraph",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(name: "PlaceSearchTests", dependencies: ["PlaceSearch", "PlaceSearchTesting"]),
        .testTarget(name: "XMLScanningTests", dependencies: ["XMLScanning", "PlaceSearchTesting"]),
        .testTarget(name: "TrackingTests", dependencies: ["Tracking", "PlaceSearch", "PlaceSearchTesting"]),
        .testTarget(name: "AutocompleteTests", dependencies: ["Autocomplete", "PlaceSearch", "PlaceSearchTesting"]),
        .testTarget(
            name: "OSMFormatTests", dependencies: ["OSMFormat", "PlaceSearch", "PlaceSearchTesting"], resources: [.copy("Fixtures")]),
        .testTarget(name: "WalkingGraphTests", dependencies: ["WalkingGraph", "PlaceSearch", "OSMFormat"], resources: [.copy("Fixtures")]),
        .testTarget(name: "PlaceRankingTests", dependencies: ["PlaceRanking", "PlaceSearch", "PlaceSearchTesting"]),
        .testTarget(
            name: "PlaceProvidersTests",
            dependencies: [
                "PlaceProviders", "PlaceSearch", "PlaceSearchTesting", "OSMFormat", "PlaceRanking",
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "PlaceStoreTests",
            dependencies: ["PlaceStore", "PlaceSearch", "PlaceSearchTesting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // The front door as an app uses it: its own provider, remedies, notices, the README's snippet.
        .testTarget(name: "PlacesKitTests", dependencies: ["PlacesKit", "PlaceSearch", "PlaceProviders", "PlaceRanking", "PlaceSearchTesting"]),
        // Runs the built `places` binary end to end against cassettes.
        .testTarget(
            name: "PlacesCLITests",
            dependencies: ["places", "PlaceSearch", "PlaceSearchTesting", .product(name: "GRDB", package: "GRDB.swift")]
        ),
    ]
)

// Shared settings for every target (as swift-log, openapi-runtime and hummingbird do).
for target in package.targets where target.name != "CZlib" {
    var settings = target.swiftSettings ?? []
    settings.append(contentsOf: [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ])
    target.swiftSettings = settings
}
