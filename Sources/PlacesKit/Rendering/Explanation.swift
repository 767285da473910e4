import Foundation
import PlaceBytes
import PlaceRanking
import PlaceCore

/// What an explained table adds, the same for every profile: under each place its score parts,
/// then what was left out and why.
enum Explanation {
    /// The table's lines with each place's explanation under it, then the places left out.
    /// - Parameter extra: lines of the profile's own, shown before the merge provenance.
    static func interleave(_ lines: [String], _ result: RankingResult, style: TextStyle, extra: (RankedPlace) -> [String] = { _ in [] }) -> [String] {
        var output = [lines[0]] + result.notes.map { "   " + style.faint($0) }
        for (index, item) in result.ranked.enumerated() {
            output.append(lines[index + 1])
            output.append(contentsOf: Self.lines(for: item, style: style, extra: extra(item)))
        }
        return output + leftOut(result, style: style)
    }

    static func lines(for item: RankedPlace, style: TextStyle, extra: [String]) -> [String] {
        var lines = [
            "     score \(NumberText.fixed(item.score, 3)) = "
                + item.components.map { "\($0.name) \(NumberText.fixed($0.contribution, 3))" }.joined(separator: " + ")
        ]
        let nameWidth = item.components.map(\.name.count).max() ?? 0
        for component in item.components {
            let name = component.name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            lines.append(
                "       \(name)  \(NumberText.fixed(component.value, 2)) × \(NumberText.fixed(component.weight, 2)) = \(NumberText.fixed(component.contribution, 3))  "
                    + style.faint(component.detail))
        }
        if let ends = item.walk.ends { lines.append("       " + style.faint(RouteEndText.line(ends))) }
        lines += extra.map { "       " + style.faint($0) }
        if item.place.sources.count > 1 {
            lines.append("       " + style.faint("merged from " + item.place.sources.map(\.description).joined(separator: " + ")))
        }
        return lines
    }

    static func leftOut(_ result: RankingResult, style: TextStyle) -> [String] {
        guard !result.excluded.isEmpty else { return [] }
        var table = TextTable([.init("Left out (\(result.excluded.count))"), .init("Walk", .right), .init("Why", shrinks: true)])
        for exclusion in result.excluded {
            table.rows.append([exclusion.place.name, "\(Int(exclusion.walk.meters.rounded())) m", exclusion.reason])
        }
        return [""] + table.render(width: style.width, header: style.faint)
    }
}
