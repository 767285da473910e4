import ArgumentParser
import Foundation
import PlaceSearch

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
    let route: Route
    let origin: Coordinate
    let destination: Coordinate
    let terminal: Terminal

    func render(_ format: RouteFormat) -> String {
        switch format {
        case .table: table()
        case .json: json().serialized(pretty: true) + "\n"
        case .ndjson: route.steps.enumerated().map { stepJSON($1, number: $0 + 1).serialized() + "\n" }.joined()
        case .geojson: geojson().serialized(pretty: true) + "\n"
        case .gpx: gpx()
        }
    }

    /// A provider's figures are not trusted to be sane: anything not finite or beyond 100,000 km
    /// is shown as unknown rather than converted (an `Int` of infinity traps).
    static func distanceText(_ metres: Double) -> String {
        guard metres.isFinite, abs(metres) < 1e8 else { return "? m" }
        return metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    static func durationText(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return "? min" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 1 { return "<1 min" }
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }

    private func coordinatePair(_ coordinate: Coordinate) -> JSONValue {
        [JSONOutput.number(coordinate.longitude, places: 6), JSONOutput.number(coordinate.latitude, places: 6)]
    }

    private func stepJSON(_ step: RouteStep, number: Int) -> JSONValue {
        [
            "step": JSONValue(number),
            "instruction": .string(step.instruction),
            "maneuver": JSONOutput.optional(step.maneuver),
            "name": JSONOutput.optional(step.name),
            "distance_m": JSONOutput.number(step.distance, places: 1),
            "duration_s": JSONOutput.number(step.duration, places: 1),
            "location": step.path.first.map(coordinatePair) ?? .null,
        ]
    }

    private func totals() -> JSONObject {
        [
            "provider": .string(route.provider.rawValue),
            "from": coordinatePair(origin),
            "to": coordinatePair(destination),
            "distance_m": JSONOutput.number(route.distance, places: 1),
            "duration_s": JSONOutput.number(route.duration, places: 1),
            "summary": JSONOutput.optional(route.summary),
            "warnings": .array(route.warnings.map { .string($0) }),
            "attribution": JSONOutput.optional(route.attribution),
        ]
    }

    func json() -> JSONValue {
        var object = totals()
        object["steps"] = .array(route.steps.enumerated().map { stepJSON($1, number: $0 + 1) })
        // [lon, lat] like GeoJSON, so a path can be pasted into map tools as is.
        object["path"] = .array(route.path.map(coordinatePair))
        object["polyline6"] = .string(Polyline.encode(route.path, precision: 6))
        return ["route": .object(object)]
    }

    func geojson() -> JSONValue {
        var properties = totals()
        properties["kind"] = "route"
        var features: [JSONValue] = [
            [
                "type": "Feature",
                "geometry": ["type": "LineString", "coordinates": .array(route.path.map(coordinatePair))],
                "properties": .object(properties),
            ]
        ]
        for (index, step) in route.steps.enumerated() {
            guard let start = step.path.first else { continue }
            var stepProperties = stepJSON(step, number: index + 1)
            if case .object(var fields) = stepProperties {
                fields["kind"] = "step"
                fields["location"] = nil
                stepProperties = .object(fields)
            }
            features.append(JSONOutput.feature(start, properties: stepProperties))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    func gpx() -> String {
        // Each step's instruction goes on the path point it starts at (the first one at or after it).
        var instructions: [Int: String] = [:]
        var searchFrom = 0
        for step in route.steps {
            guard let start = step.path.first else { continue }
            var best = searchFrom
            var bestDistance = Double.infinity
            for index in searchFrom..<route.path.count {
                let distance = route.path[index].distance(to: start)
                if distance < bestDistance { (best, bestDistance) = (index, distance) }
                if distance < 0.5 { break }
            }
            if bestDistance < 25, instructions[best] == nil {
                instructions[best] = step.instruction
                searchFrom = best
            }
        }
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="places" xmlns="http://www.topografix.com/GPX/1/1">
              <metadata>
                <name>\(Self.escape("Walk to \(destination)"))</name>
            """
        if let attribution = route.attribution { text += "\n    <copyright author=\"\(Self.escape(attribution))\"/>" }
        text += "\n  </metadata>\n  <rte>\n"
        text += "    <name>\(Self.escape(route.summary ?? "route"))</name>\n"
        text += "    <desc>\(Self.escape("\(Self.distanceText(route.distance)), \(Self.durationText(route.duration)) by \(route.provider)"))</desc>\n"
        for (index, point) in route.path.enumerated() {
            let attributes = "lat=\"\(Self.coordinate(point.latitude))\" lon=\"\(Self.coordinate(point.longitude))\""
            if let instruction = instructions[index] {
                text += "    <rtept \(attributes)><desc>\(Self.escape(instruction))</desc></rtept>\n"
            } else {
                text += "    <rtept \(attributes)/>\n"
            }
        }
        text += "  </rte>\n</gpx>\n"
        return text
    }

    static func coordinate(_ value: Double) -> String { String(format: "%.6f", value) }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // XML 1.0 forbids most control characters even escaped.
                if let ascii = character.asciiValue, ascii < 0x20, ascii != 0x09, ascii != 0x0A, ascii != 0x0D { continue }
                result.append(character)
            }
        }
        return result
    }

    func table() -> String {
        let head = "\(Self.distanceText(route.distance)), \(Self.durationText(route.duration)) on foot"
            + (route.summary.map { " via \($0)" } ?? "") + "  (\(route.provider))"
        var text = (terminal.useColor ? terminal.bold(head) : head) + "\n\n"
        var table = TextTable([.init("#"), .init("Instruction", shrinks: true), .init("Distance"), .init("Time")])
        for (index, step) in route.steps.enumerated() {
            table.rows.append([
                "\(index + 1)", step.instruction, step.distance > 0 ? Self.distanceText(step.distance) : "",
                step.duration > 0 ? Self.durationText(step.duration) : "",
            ])
        }
        text += terminal.useColor ? table.text(width: terminal.width, header: terminal.dim) { _, _, cell in cell } : table.text(width: terminal.width)
        for warning in route.warnings { text += "\n" + (terminal.useColor ? terminal.yellow(warning) : warning) }
        if let attribution = route.attribution { text += "\n" + (terminal.useColor ? terminal.dim(attribution) : attribution) }
        return text + (route.warnings.isEmpty && route.attribution == nil ? "" : "\n")
    }
}
