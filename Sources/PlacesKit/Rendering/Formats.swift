/// How a list of results is written (`coffee`, `parking`, `recommendations`, `complete`,
/// `favorites list`, `points`).
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Aligned columns; marked and fitted to the width where the style says so.
    case table
    /// One JSON document (schema in docs/coffee.md).
    case json
    /// One JSON object per line, one line per result.
    case ndjson
    /// A GeoJSON FeatureCollection of points, for map tools.
    case geojson
}

/// How a route is written.
public enum RouteFormat: String, CaseIterable, Sendable {
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

/// How the stops of a trace are written.
public enum StopsFormat: String, CaseIterable, Sendable {
    /// A timeline: each stop and the movement between, with times, durations and names.
    case table
    /// One document: stops, transits (with their paths) and a summary.
    case json
    /// One object per stop or transit, written as soon as it is known (for live streams).
    case ndjson
    /// Stops as points, transits as lines, for maps.
    case geojson
    /// Stops as waypoints, transits as tracks.
    case gpx
}

/// How the events of a followed walk are written.
public enum FollowFormat: String, CaseIterable, Sendable {
    /// One line per event, for a person: the fix's local time, what happened, how far.
    case text
    /// One JSON object per event, with the fix's time in ISO 8601.
    case ndjson
}

/// How a report is written (`import`, `import list`, `providers`): a table or one JSON document.
public enum ReportFormat: String, CaseIterable, Sendable {
    case table, json
}

/// How one place, or what is at one position, is written (`show`, `reverse`).
public enum PlaceFormat: String, CaseIterable, Sendable {
    case table, json, geojson
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// "table, json or geojson": every value a format (or any choice) takes, for the help of the
    /// option that names it, so the two cannot disagree. Both executables' command lines use it.
    package static var choices: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}
