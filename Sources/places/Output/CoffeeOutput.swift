import Foundation
import PlaceSearch
import PlaceRanking

/// Writes a ranked coffee list in the chosen format.
struct CoffeeOutput: RankedOutput {
    let result: RankingResult
    let outcome: SearchOutcome
    let query: JSONValue
    let terminal: Terminal
    let explain: Bool

    func json() -> JSONValue {
        var root: JSONObject = [
            "query": query,
            "results": .array(result.ranked.map(JSONOutput.ranked)),
        ]
        if explain { root["excluded"] = .array(result.excluded.map(JSONOutput.exclusion)) }
        root["providers"] = .array(outcome.reports.map(JSONOutput.report))
        return .object(root)
    }

    func geojson() -> JSONValue {
        let features = result.ranked.map { item -> JSONValue in
            guard case .object(var properties) = JSONOutput.ranked(item) else { return .null }
            // simplestyle-spec, understood by geojson.io and GitHub's map view.
            properties["marker-symbol"] = "cafe"
            properties["marker-color"] = item.rank == 1 ? "#8B4513" : "#C08040"
            return JSONOutput.feature(item.place.coordinate, properties: .object(properties))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    func table() -> String {
        var table = TextTable([
            .init("#", .right), .init("Name"), .init("Walk", .right), .init("Rating", .right), .init("Price"), .init("Open"),
            .init("Address", shrinks: true),
        ])
        for item in result.ranked {
            let place = item.place
            let meters = Int(item.walk.meters.rounded())
            let minutes = max(1, Int(item.walk.minutes.rounded()))
            let rating = place.rating.map { NumberText.fixed($0.value, 1) } ?? "–"
            let open = item.isOpen.map { $0 ? "yes" : "no" } ?? "?"
            table.rows.append([
                "\(item.rank)", place.name, "\(meters) m · \(minutes) min", rating, place.price?.symbol() ?? "",
                open, place.address?.shortText ?? "",
            ])
        }
        let lines = table.render(width: terminal.width, header: terminal.dim) { row, column, text in
            let item = result.ranked[row]
            switch column {
            case 1: return terminal.bold(text)
            case 3:
                guard let value = item.place.rating?.value else { return terminal.dim(text) }
                return value >= 8 ? terminal.green(text) : value >= 6 ? terminal.yellow(text) : terminal.red(text)
            case 5:
                return item.isOpen == true ? terminal.green(text) : item.isOpen == false ? terminal.red(text) : terminal.dim(text)
            default: return text
            }
        }
        guard explain else { return lines.joined(separator: "\n") + "\n" }
        return Explanation.interleave(lines, result, terminal: terminal).joined(separator: "\n") + "\n"
    }
}
