import PlaceRanking
import PlaceSearch
import PlacesKit

/// A ranked list as a command writes it: a table for people; the JSON, NDJSON and GeoJSON come
/// from the flow's document, the same the server sends.
protocol RankedOutput {
    associatedtype Document: RankedDocument
    var document: Document { get }
    var explain: Bool { get }
    func table() -> String
}

extension RankedOutput {
    var result: RankingResult { document.ranking }

    func render(_ format: OutputFormat) -> String {
        switch format {
        // An empty answer leaves stdout empty for scripts; the flow says "no …" on stderr.
        case .table: result.ranked.isEmpty ? "" : table()
        case .json: document.document(explain: explain).serialized(pretty: true) + "\n"
        case .ndjson: document.lines().map { $0.serialized() + "\n" }.joined()
        case .geojson: document.geojson().serialized(pretty: true) + "\n"
        }
    }
}
