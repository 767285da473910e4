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
