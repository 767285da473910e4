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
        dependencies: [product("Tracking"), product("PlaceBytes"), product("PlaceCore"), product("PlaceHTTP"), .product(name: "HTTPTypes", package: "swift-http-types")]
    ),
    harness("json", ["PlaceBytes"]),
    harness("cassette", ["PlaceHTTP", "PlaceCore"]),
    harness("coordinate-text", ["PlaceCore"]),
    harness("polyline", ["PlaceCore"]),
    harness("gpx", ["Tracking", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("geojson-trace", ["Tracking", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("ndjson-trace", ["Tracking", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("gpsd-trace", ["Tracking", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("osm-xml", ["OSMFormat"]),
    harness("osm-pbf", ["OSMFormat"]),
    harness("pbf-block", ["OSMFormat"]),
    harness("protobuf", ["OSMFormat"]),
    harness("osm-overpass-json", ["OSMFormat"]),
    harness("osm-file", ["OSMFormat"]),
    harness("name-list", ["PlaceImport", "PlaceCore"]),
    harness("name-index", ["Autocomplete", "PlaceCore"]),
    harness("place-lookup", ["Autocomplete", "PlaceCore"]),
    harness("recommendation-feed", ["PlaceProviders", "PlaceBytes", "PlaceCore"]),
    harness("foursquare", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("parkshark", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("garages", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("google-directions", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("osrm", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("overpass", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("photon", ["PlaceProviders", "PlaceBytes", "PlaceCore"], extra: ["FuzzSupport"]),
    harness("plugin-answer", ["PlaceProviders", "PlaceCore"]),

    // What people type (--arrive, --duration, distances) and the config file, as PlacesKit reads them.
    harness("arrival-text", ["PlacesKit", "PlaceCore"]),
    harness("config", ["PlacesKit"]),
]

let package = Package(
    name: "places-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(path: ".."), .package(url: "https://github.com/apple/swift-http-types", from: "1.3.0")],
    targets: targets
)
