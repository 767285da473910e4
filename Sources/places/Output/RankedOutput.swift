import PlaceSearch
import PlaceRanking

/// A ranked list as a command writes it: a table for people, one JSON document, one JSON object
/// per result, or GeoJSON. Each command says how a result looks; the formats follow from that.
protocol RankedOutput {
    var result: RankingResult { get }
    func table() -> String
    func json() -> JSONValue
    func geojson() -> JSONValue
    /// One result as a JSON object (also one NDJSON line).
    func ranked(_ item: RankedPlace) -> JSONValue
}

extension RankedOutput {
    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: json().serialized(pretty: true) + "\n"
        case .ndjson: result.ranked.map { ranked($0).serialized() + "\n" }.joined()
        case .geojson: geojson().serialized(pretty: true) + "\n"
        }
    }

    func ranked(_ item: RankedPlace) -> JSONValue { JSONOutput.ranked(item) }
}
