import Autocomplete
import AutocompleteSupport
import Foundation
import PlaceCore

/// The query kinds measured through `PlaceLookup.lookup`, what every caller of the CLI and the
/// server goes through: it reads the text (a qualifier, a trailing town, kind words, a number)
/// and runs several `complete` searches per query. Without a focus the lookup focuses on the
/// data's centre (`AutocompleteIndex.dataCentre`); "+ focus" gives it the run's focus. Typo
/// tolerance on, as the lookup's callers use it.
struct LookupRows {
    let lookup: PlaceLookup
    let timing: Timing
    let focus: Coordinate

    /// Label and queries of each kind, in the table's order.
    static func lists(_ plain: QuerySet, _ more: LookupQuerySet) -> [(String, [String])] {
        [
            ("lookup prefix", plain.prefix), ("lookup typo'd", plain.typo),
            ("lookup address, number begun", more.addressBegun), ("lookup address, whole number", more.addressWhole),
            ("lookup address, town", more.addressInTown), ("lookup name, town", more.nameInTown),
            ("lookup kind word + name", more.kindWord),
        ]
    }

    /// Times each kind without and with the focus; prints a line each and how often the first
    /// answer is what the query was drawn from (so that the time is of finding it).
    func run(_ lists: [(String, [String])], only: String?) -> [(label: String, p50: Double, p99: Double, cpu50: Double, cpu99: Double)] {
        var kinds: [(label: String, p50: Double, p99: Double, cpu50: Double, cpu99: Double)] = []
        for (label, queries) in lists {
            for withFocus in [false, true] {
                let labelled = label + (withFocus ? " + focus" : "")
                guard only.map({ labelled.contains($0) }) ?? true, !queries.isEmpty else { continue }
                let focus = withFocus ? self.focus : nil
                let samples = timing.measure(queries) { text in
                    lookup.lookup(LookupQuery(text, focus: focus, limit: 10)).suggestions.count
                }
                let p = timing.line(labelled, samples, queries: queries.count)
                kinds.append((labelled, p.p50, p.p99, p.cpu50, p.cpu99))
            }
            // A prefix or a typo'd word is drawn from one name but many fit it.
            guard kinds.last?.label.hasPrefix(label) == true, !label.hasPrefix("lookup prefix"), !label.hasPrefix("lookup typo")
            else { continue }
            let hits = queries.filter { Self.firstIsDrawn($0, lookup.lookup(LookupQuery($0, limit: 10)).suggestions.first?.record) }
            let example = queries[0]
            let answers = lookup.lookup(LookupQuery(example, limit: 10)).suggestions.prefix(3).map { "\($0.record.name) (\($0.record.kind))" }
            print(String(format: "    first answer is the one drawn: %.0f %%; e.g. \"%@\" → %@", 100 * Double(hits.count) / Double(queries.count), example, answers.description))
        }
        return kinds
    }

    /// Whether `first` is the record a query of these kinds was drawn from: its name begins with
    /// the query's main part (before any comma, kind word taken out) and lies in the named town.
    static func firstIsDrawn(_ query: String, _ first: NameRecord?) -> Bool {
        guard let first else { return false }
        let parts = query.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        if parts.count == 2, first.locality != parts[1] { return false }
        let name = QueryWords.of(first.name)
        let words = QueryWords.of(parts[0])
        // "hotel dammar": the name holds every word, the last begun.
        return words.enumerated().allSatisfy { position, word in
            position == words.count - 1 ? name.contains { $0.hasPrefix(word) } : name.contains(word)
        }
    }
}
