import PlaceRanking
import PlaceSearch
import PlacesKit

/// Writes a ranked coffee list in the chosen format.
struct CoffeeOutput: RankedOutput {
    let document: RankedSearch
    let terminal: Terminal
    let explain: Bool

    init(search: RankedSearch, terminal: Terminal, explain: Bool) {
        self.document = search
        self.terminal = terminal
        self.explain = explain
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
