import PlaceBytes
import PlaceCore

/// Reads an answer of OSRM's `/route/v1` service asked with `steps=true&geometries=polyline6`.
enum OSRMReader {
    enum Answer {
        /// `code` Ok: the first route, or nil when `routes` is empty.
        case route(Route?)
        /// Any other `code` ("NoRoute", "NoSegment", "InvalidUrl", …) with OSRM's `message`.
        case failure(code: String, message: String?)
    }

    static let precision = 6

    static func read(_ root: JSONCursor, provider: ProviderID, attribution: String) throws(JSONShapeError) -> Answer {
        let code = try root.member("code").string()
        guard code == "Ok" else { return .failure(code: code, message: try root["message"]?.string()) }
        guard let first = try root.member("routes").array().first else { return .route(nil) }
        var names: [String?] = []
        for waypoint in try root["waypoints"]?.array() ?? [] {
            let name = try waypoint["name"]?.string()
            names.append(name?.isEmpty == false ? name : nil)
        }
        return .route(try route(first, waypointNames: names, provider: provider, attribution: attribution))
    }

    static func route(_ json: JSONCursor, waypointNames: [String?], provider: ProviderID, attribution: String)
        throws(JSONShapeError) -> Route
    {
        let legsJSON = try json.member("legs").array()
        var legs: [RouteLeg] = []
        var summaries: [String] = []
        for (legIndex, leg) in legsJSON.enumerated() {
            var steps: [RouteStep] = []
            for step in try leg["steps"]?.array() ?? [] {
                steps.append(try self.step(step, legIndex: legIndex, legCount: legsJSON.count))
            }
            if let summary = try leg["summary"]?.string(), !summary.isEmpty {
                // "Rokin, Rokin": a street named twice is said once.
                var names: [Substring] = []
                for name in summary.split(separator: ",").map({ $0.drop { $0 == " " } }) where !names.contains(name) { names.append(name) }
                summaries.append(names.joined(separator: ", "))
            }
            legs.append(
                RouteLeg(
                    distance: try leg.member("distance").double(in: RoutingText.sensibleMetres),
                    duration: try leg.member("duration").double(in: RoutingText.sensibleSeconds),
                    startName: waypointNames.indices.contains(legIndex) ? waypointNames[legIndex] : nil,
                    endName: waypointNames.indices.contains(legIndex + 1) ? waypointNames[legIndex + 1] : nil,
                    steps: steps))
        }
        var path = try json["geometry"]?.polyline(precision: precision) ?? []
        if path.isEmpty { path = legs.flatMap(\.steps).map(\.path).joinedPath() }
        return Route(
            provider: provider, path: path, distance: try json.member("distance").double(in: RoutingText.sensibleMetres),
            duration: try json.member("duration").double(in: RoutingText.sensibleSeconds),
            legs: legs, summary: summaries.isEmpty ? nil : summaries.joined(separator: "; "), attribution: attribution)
    }

    private static func step(_ json: JSONCursor, legIndex: Int, legCount: Int) throws(JSONShapeError) -> RouteStep {
        let maneuver = try json.member("maneuver")
        let type = try maneuver.member("type").string()
        let modifier = try maneuver["modifier"]?.string()
        let name = try json["name"]?.string() ?? ""
        let text = OSRMInstructions.Step(
            type: type, modifier: modifier, bearingAfter: try maneuver["bearing_after"]?.double(), name: name,
            ref: try json["ref"]?.string(), destinations: try json["destinations"]?.string(),
            exits: try json["exits"]?.string(),
            rotaryName: try json["rotary_name"]?.string(), exit: try maneuver["exit"]?.int(),
            mode: try json["mode"]?.string())
        return RouteStep(
            instruction: OSRMInstructions.text(for: text, legIndex: legIndex, legCount: legCount),
            distance: try json.member("distance").double(in: RoutingText.sensibleMetres),
            duration: try json.member("duration").double(in: RoutingText.sensibleSeconds),
            maneuver: modifier.map { "\(type) \($0)" } ?? type, name: name.isEmpty ? nil : name,
            path: try json["geometry"]?.polyline(precision: precision) ?? [])
    }
}
