import ArgumentParser

/// How results are written to stdout.
enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
    /// Aligned columns; coloured and fitted to the width on a terminal, plain when piped.
    case table
    /// One JSON document (schema in the README).
    case json
    /// One JSON object per line, one line per result.
    case ndjson
    /// A GeoJSON FeatureCollection of points, for map tools.
    case geojson
}

extension CaseIterable where Self: RawRepresentable, RawValue == String {
    /// "table, json or geojson": every value the option accepts, for its help, so the two cannot disagree.
    static var choices: String {
        let names = allCases.map(\.rawValue)
        guard names.count > 1, let last = names.last else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + last
    }
}

/// What `places import` writes: its summary as a table or one JSON document.
enum ImportFormat: String, CaseIterable, ExpressibleByArgument {
    case table, json
}
