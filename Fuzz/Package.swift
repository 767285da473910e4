// swift-tools-version: 6.1
// Coverage-guided fuzzing of every parser of untrusted input, with libFuzzer. Kept out of the main
// package so that `swift test` never builds it; built and run by `Fuzz/run.sh SECONDS` (see README.md).
import Foundation
import PackageDescription

// The checkout this folder is in, by the name SwiftPM gives a path dependency (its folder's name).
let checkout = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
let places = checkout.lastPathComponent

// The layers below PlacesKit, through the underscored products the main package keeps for this.
func product(_ name: String) -> Target.Dependency { .product(name: name == "PlacesKit" ? name : "_\(name)", package: places) }

/// One executable per parser: `fuzz-NAME`, from `Sources/fuzz-NAME/main.swift`.
func harness(_ name: String, _ products: [String], extra: [Target.Dependency] = []) -> Target {
    .executableTarget(name: "fuzz-\(name)", dependencies: products.map(product) + extra)
}

let targets: [Target] = [
    // What several harnesses share: reading a trace to its end, reading a provider's answer.
    .target(
        name: "FuzzSupport",
        dependencies: [product("Tracking"), product("PlaceBytes"), product("PlaceSearch"), product("PlaceHTTP"), .product(name: "HTTPTypes", package: "swift-http-types")]
    ),
    harness("json", ["PlaceBytes"]),
    harness("cassette", ["PlaceHTTP", "PlaceSearch"]),
    harness("coordinate-text", ["PlaceSearch"]),
    harness("polyline", ["PlaceSearch"]),
    harness("gpx", ["Tracking", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("geojson-trace", ["Tracking", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("ndjson-trace", ["Tracking", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("gpsd-trace", ["Tracking", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("osm-xml", ["OSMFormat"]),
    harness("osm-pbf", ["OSMFormat"]),
    harness("pbf-block", ["OSMFormat"]),
    harness("protobuf", ["OSMFormat"]),
    harness("osm-overpass-json", ["OSMFormat"]),
    harness("osm-file", ["OSMFormat"]),
    harness("name-list", ["PlaceImport", "PlaceSearch"]),
    harness("name-index", ["Autocomplete", "PlaceSearch"]),
    harness("place-lookup", ["Autocomplete", "PlaceSearch"]),
    harness("recommendation-feed", ["PlaceProviders", "PlaceBytes", "PlaceSearch"]),
    harness("foursquare", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("parkshark", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("garages", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("google-directions", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("osrm", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("overpass", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("photon", ["PlaceProviders", "PlaceBytes", "PlaceSearch"], extra: ["FuzzSupport"]),
    harness("plugin-answer", ["PlaceProviders", "PlaceSearch"]),

    // What people type (--arrive, --duration, distances) and the config file, as PlacesKit reads them.
    harness("arrival-text", ["PlacesKit", "PlaceSearch"]),
    harness("config", ["PlacesKit"]),
]

let package = Package(
    name: "places-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: ".."), .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0")],
    targets: targets
)
