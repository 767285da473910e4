import ArgumentParser
import Foundation
import PlaceSearch
import PlacesKit

/// How `places route` writes a route.
enum RouteFormat: String, CaseIterable, ExpressibleByArgument {
    /// The distance, the time and the steps, as columns.
    case table
    /// One JSON document: totals, steps, the path.
    case json
    /// One JSON object per step.
    case ndjson
    /// A FeatureCollection: the path as a LineString, each step's start as a Point.
    case geojson
    /// GPX 1.1: the path as a route (`<rte>`), each step's instruction on the point it starts at.
    case gpx
}

/// Writes one route in every format `places route` offers. The GeoJSON and GPX it writes are
/// what `places follow --route` reads back.
struct RouteOutput {
    let document: RouteDocument
    let terminal: Terminal

    var route: Route { document.route }

    func render(_ format: RouteFormat) -> String {
        switch format {
        case .table: table()
        case .json: document.json().serialized(pretty: true) + "\n"
        case .ndjson: document.steps().map { $0.serialized() + "\n" }.joined()
        case .geojson: document.geojson().serialized(pretty: true) + "\n"
        case .gpx: document.gpx()
        }
    }

    func table() -> String {
        let head =
            "\(RouteDocument.distanceText(route.distance)), \(RouteDocument.durationText(route.duration)) on foot"
            + (route.summary.map { " via \($0)" } ?? "") + "  (\(route.provider))"
        var text = (terminal.useColor ? terminal.bold(head) : head) + "\n\n"
        var table = TextTable([.init("#"), .init("Instruction", shrinks: true), .init("Distance"), .init("Time")])
        for (index, step) in route.steps.enumerated() {
            table.rows.append([
                "\(index + 1)", step.instruction, step.distance > 0 ? RouteDocument.distanceText(step.distance) : "",
                step.duration > 0 ? RouteDocument.durationText(step.duration) : "",
            ])
        }
        text += terminal.useColor ? table.text(width: terminal.width, header: terminal.dim) { _, _, cell in cell } : table.text(width: terminal.width)
        for warning in route.warnings { text += "\n" + (terminal.useColor ? terminal.yellow(warning) : warning) }
        if let attribution = route.attribution { text += "\n" + (terminal.useColor ? terminal.dim(attribution) : attribution) }
        return text + (route.warnings.isEmpty && route.attribution == nil ? "" : "\n")
    }
}
