import PlaceBytes
import PlaceCore

/// Reads an answer of the Google Directions API (legacy web service, `json` output).
enum GoogleDirectionsReader {
    enum Answer {
        /// `status` OK: the first route, or nil when `routes` is empty.
        case route(Route?)
        /// Any other `status`, with the `error_message` Google gave.
        case failure(status: String, message: String?)
    }

    static func read(_ root: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> Answer {
        let status = try root.member("status").string()
        guard status == "OK" else { return .failure(status: status, message: try root["error_message"]?.string()) }
        guard let first = try root.member("routes").array().first else { return .route(nil) }
        return .route(try route(first, provider: provider))
    }

    static func route(_ json: JSONCursor, provider: ProviderID) throws(JSONShapeError) -> Route {
        var legs: [RouteLeg] = []
        for leg in try json.member("legs").array() {
            var steps: [RouteStep] = []
            for step in try leg["steps"]?.array() ?? [] {
                let html = try step["html_instructions"]?.string() ?? ""
                steps.append(
                    RouteStep(
                        instruction: HTMLInstruction.plainText(html), distance: try value(step, "distance"),
                        duration: try value(step, "duration"), maneuver: try step["maneuver"]?.string(),
                        name: HTMLInstruction.streetName(html),
                        path: try step["polyline"]?.member("points").polyline(precision: 5) ?? []))
            }
            legs.append(
                RouteLeg(
                    distance: try value(leg, "distance"), duration: try value(leg, "duration"),
                    startName: try nonEmpty(leg["start_address"]?.string()),
                    endName: try nonEmpty(leg["end_address"]?.string()),
                    steps: steps))
        }
        var path = try json.member("overview_polyline").member("points").polyline(precision: 5)
        if path.isEmpty { path = legs.flatMap(\.steps).map(\.path).joinedPath() }
        var warnings: [String] = []
        for warning in try json["warnings"]?.array() ?? [] { warnings.append(try warning.string()) }
        return Route(
            provider: provider, path: path, distance: legs.reduce(0) { $0 + $1.distance },
            duration: legs.reduce(0) { $0 + $1.duration }, legs: legs, summary: try nonEmpty(json["summary"]?.string()),
            warnings: warnings, attribution: try nonEmpty(json["copyrights"]?.string()))
    }

    /// `distance.value` (metres) or `duration.value` (seconds).
    private static func value(_ json: JSONCursor, _ key: String) throws(JSONShapeError) -> Double {
        try json.member(key).member("value").double(in: key == "distance" ? RoutingText.sensibleMetres : RoutingText.sensibleSeconds)
    }

    private static func nonEmpty(_ text: String?) -> String? {
        text.flatMap { $0.isEmpty ? nil : $0 }
    }
}
