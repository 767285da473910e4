import Foundation
import PlaceSearch
import Ranking

/// Writes a ranked coffee list in the chosen format.
struct CoffeeOutput {
    let result: RankingResult
    let outcome: SearchOutcome
    let query: JSONValue
    let terminal: Terminal
    let explain: Bool

    func render(_ format: OutputFormat) -> String {
        switch format {
        case .table: table()
        case .json: json().serialized(pretty: true) + "\n"
        case .ndjson: result.ranked.map { JSONOutput.ranked($0).serialized() + "\n" }.joined()
        case .geojson: geojson().serialized(pretty: true) + "\n"
        }
    }

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
        var output = [lines[0]]
        for (index, item) in result.ranked.enumerated() {
            output.append(lines[index + 1])
            output.append(contentsOf: explanation(item))
        }
        output.append(contentsOf: leftOut())
        return output.joined(separator: "\n") + "\n"
    }

    private func explanation(_ item: RankedPlace) -> [String] {
        var lines = ["     score \(NumberText.fixed(item.score, 3)) = " + item.components.map { "\($0.name) \(NumberText.fixed($0.contribution, 3))" }.joined(separator: " + ")]
        let nameWidth = item.components.map(\.name.count).max() ?? 0
        for component in item.components {
            let name = component.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines.append(
                "       \(name)  \(NumberText.fixed(component.value, 2)) × \(NumberText.fixed(component.weight, 2)) = \(NumberText.fixed(component.contribution, 3))  "
                    + terminal.dim(component.detail))
        }
        if item.place.sources.count > 1 {
            lines.append("       " + terminal.dim("merged from " + item.place.sources.map(\.description).joined(separator: " + ")))
        }
        return lines
    }

    private func leftOut() -> [String] {
        guard !result.excluded.isEmpty else { return [] }
        var table = TextTable([.init("Left out (\(result.excluded.count))"), .init("Walk", .right), .init("Why", shrinks: true)])
        for exclusion in result.excluded {
            table.rows.append(["\(exclusion.place.name)", "\(Int(exclusion.walk.meters.rounded())) m", exclusion.reason])
        }
        return [""] + table.render(width: terminal.width, header: terminal.dim)
    }
}
