import Foundation
public import PlaceBytes
public import PlaceCore

/// A route as documents: JSON (totals, steps, the path), one object per step, GeoJSON and GPX. The
/// GeoJSON and GPX are what following a given route reads back.
public struct RouteDocument: Sendable {
    /// The route.
    public let route: Route
    /// Where it starts.
    public let origin: Coordinate
    /// Where it ends.
    public let destination: Coordinate

    /// The destination's name when it was given by name ("Nieuwmarkt"), for the GPX route's name.
    public var destinationName: String? = nil

    /// The documents of `route` from `origin` to `destination`.
    public init(route: Route, origin: Coordinate, destination: Coordinate) {
        self.route = route
        self.origin = origin
        self.destination = destination
    }

    /// The documents of a route the flow answered, with its destination's name.
    public init(_ result: RouteResult) {
        self.init(route: result.route, origin: result.origin.coordinate, destination: result.destination.coordinate)
        destinationName = result.destination.position.name
    }

    /// One JSON object per step (NDJSON).
    public func steps() -> [JSONValue] { route.steps.enumerated().map { stepJSON($1, number: $0 + 1) } }

    private func coordinatePair(_ coordinate: Coordinate) -> JSONValue {
        [DocumentParts.number(coordinate.longitude, places: 6), DocumentParts.number(coordinate.latitude, places: 6)]
    }

    private func stepJSON(_ step: RouteStep, number: Int) -> JSONValue {
        [
            "step": JSONValue(number),
            "instruction": .string(step.instruction),
            "maneuver": DocumentParts.optional(step.maneuver),
            "name": DocumentParts.optional(step.name),
            "distance_m": DocumentParts.number(step.distance, places: 1),
            "duration_s": DocumentParts.number(step.duration, places: 1),
            "location": step.path.first.map(coordinatePair) ?? .null,
        ]
    }

    private func totals() -> JSONObject {
        [
            "provider": .string(route.provider.rawValue),
            "from": coordinatePair(origin),
            "to": coordinatePair(destination),
            "distance_m": DocumentParts.number(route.distance, places: 1),
            "duration_s": DocumentParts.number(route.duration, places: 1),
            "summary": DocumentParts.optional(route.summary),
            "warnings": .array(route.warnings.map { .string($0) }),
            "attribution": DocumentParts.optional(route.attribution),
        ]
    }

    /// The whole route (`--format json`).
    public func json() -> JSONValue {
        var object = totals()
        object["steps"] = .array(route.steps.enumerated().map { stepJSON($1, number: $0 + 1) })
        // [lon, lat] like GeoJSON, so a path can be pasted into map tools as is.
        object["path"] = .array(route.path.map(coordinatePair))
        object["polyline6"] = .string(Polyline.encode(route.path, precision: 6))
        return ["route": .object(object)]
    }

    /// The path as a LineString and each step's start as a Point.
    public func geojson() -> JSONValue {
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
            features.append(DocumentParts.feature(start, properties: stepProperties))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// GPX 1.1: the path as a route, each step's instruction on the point it starts at.
    public func gpx() -> String {
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
                <name>\(Self.escape("Walk to \(destinationName ?? destination.description)"))</name>
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

    /// A coordinate with 6 decimals (about 10 cm), as GPX writes it.
    public static func coordinate(_ value: Double) -> String { String(format: "%.6f", value) }

    /// `text` with XML's five special characters escaped.
    public static func escape(_ text: String) -> String {
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

    /// A provider's figures are not trusted to be sane: anything not finite or beyond 100,000 km
    /// is shown as unknown rather than converted (an `Int` of infinity traps).
    public static func distanceText(_ metres: Double) -> String {
        guard metres.isFinite, abs(metres) < 1e8 else { return "? m" }
        return metres < 1000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1000)
    }

    /// "1 h 5 min", "12 min", "40 s": how long, as people say it; unknown for a value that is not.
    public static func durationText(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e9 else { return "? min" }
        let minutes = Int((seconds / 60).rounded())
        if minutes < 1 { return "<1 min" }
        if minutes < 60 { return "\(minutes) min" }
        return "\(minutes / 60) h \(minutes % 60) min"
    }
}
