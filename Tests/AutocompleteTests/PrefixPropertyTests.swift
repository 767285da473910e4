import Autocomplete
import Foundation
import PlaceCore
import PlaceSearchTesting
import Testing

/// Every indexed name is found by each of its prefixes, through the public API only: random names
/// (diacritics, capitals, several words), indexed in memory and from a written file.
struct PrefixPropertyTests {
    static let syllables = ["dam", "rak", "kal", "ver", "straat", "gracht", "zü", "rich", "łó", "dź", "café", "ße", "van", "de", "ijs", "o", "a"]

    static func name(using random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...3, using: &random)).map { _ in
            let word = (0..<Int.random(in: 1...3, using: &random)).map { _ in syllables.randomElement(using: &random) ?? "" }.joined()
            return Bool.random(using: &random) ? word.capitalized : word
        }.joined(separator: " ")
    }

    /// Every prefix of `name` that ends on a whole character, trailing space left out: "Da", "Dam", "Dam R", …
    static func prefixes(_ name: String) -> [String] {
        (1...name.count).map { String(name.prefix($0)) }.filter { !$0.hasSuffix(" ") }
    }

    static func check(_ index: AutocompleteIndex, _ records: [NameRecord], seed: UInt64) {
        var checked = 0
        for record in records {
            for prefix in Self.prefixes(record.name) {
                checked += 1
                let found = index.complete(AutocompleteQuery(prefix, limit: 100, typoTolerance: false)).map(\.record.id)
                #expect(found.contains(record.id), "seed \(seed): \"\(prefix)\" does not find \"\(record.name)\" (\(found.count) found)")
            }
        }
        #expect(checked > records.count)
    }

    @Test func everyNameIsFoundByEachOfItsPrefixes() throws {
        var random = SeededRandom(printingSeedFor: "everyNameIsFoundByEachOfItsPrefixes")
        for round in 0..<10 {
            // At most 40 names, so that no prefix matches more than the 100 a query may return.
            let records = (0..<Int.random(in: 1...40, using: &random)).map { number in
                NameRecord(
                    id: "r\(round):\(number)", name: Self.name(using: &random),
                    kind: NameKind.allCases.randomElement(using: &random) ?? .poi,
                    importance: Float.random(in: 0...1, using: &random),
                    coordinate: Bool.random(using: &random)
                        ? Coordinate(Double.random(in: -80...80, using: &random), Double.random(in: -179...179, using: &random)) : nil)
            }
            let index = AutocompleteIndex(records: records)
            Self.check(index, records, seed: random.seed)
            // The same names through the file `places complete` opens.
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("prefixes-\(random.seed)-\(round).names")
            defer { try? FileManager.default.removeItem(at: url) }
            try index.write(to: url)
            Self.check(try AutocompleteIndex.open(at: url), records, seed: random.seed)
        }
    }
}
