import Foundation
import PlaceCore
import Testing

@testable import Autocomplete

/// The typo walk over the word table against the edit distance of every word: each word within
/// reach is reported once, with its own edits (the search's bounds rest on them: a word reported
/// with more edits than it has would be scored above its stream's bound and could be cut).
struct TypoWalkTests {
    static let view = SearchAgainstScanTests.index.view

    /// Long and short query words drawn from the word table, each with one or two seeded edits.
    static let queries: [[UInt8]] = {
        var random = SearchAgainstScanTests.Seeded(state: 19)
        let letters = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        var queries: [[UInt8]] = []
        while queries.count < 32 {
            var word = Array(view.word(random.below(view.wordCount)))
            guard word.count >= 6, word.allSatisfy({ $0 < 0x80 }) else { continue }
            word = Array(word.prefix(5 + random.below(8)))
            for _ in 0..<(1 + random.below(2)) {
                let position = 1 + random.below(word.count - 2)
                switch random.below(4) {
                case 0: word[position] = letters[random.below(letters.count)]
                case 1: word.remove(at: position)
                case 2: word.insert(letters[random.below(letters.count)], at: position)
                default: word.swapAt(position, position + 1)
                }
            }
            queries.append(word)
        }
        return queries
    }()

    @Test(arguments: [false, true])
    func everyWordWithinReachIsReportedOnceWithItsOwnEdits(prefix: Bool) {
        var mismatches: [String] = []
        var reported = 0
        for query in Self.queries {
            for maxEdits in 1...2 {
                var labels = [Int?](repeating: nil, count: Self.view.wordCount)
                for range in TypoMatcher.search(query, prefix: prefix, maxEdits: maxEdits, in: Self.view) {
                    for word in range.words {
                        if labels[word] != nil { mismatches.append("\(String(decoding: query, as: UTF8.self)): word \(word) twice") }
                        labels[word] = range.edits
                        reported += 1
                    }
                }
                for word in 0..<Self.view.wordCount {
                    let expected = query.withUnsafeBytes {
                        TypoMatcher.distance($0, Self.view.word(word), prefix: prefix, maxEdits: maxEdits)
                    }
                    if labels[word] != expected {
                        let text = String(decoding: Self.view.word(word), as: UTF8.self)
                        mismatches.append(
                            "\(String(decoding: query, as: UTF8.self)) ≤\(maxEdits) \(text): walk \(labels[word].map(String.init) ?? "-"), distance \(expected.map(String.init) ?? "-")"
                        )
                    }
                }
            }
        }
        #expect(mismatches.count == 0, "\(mismatches.count) words: \(mismatches.prefix(8).joined(separator: "; "))")
        #expect(reported > 100, "the queries reach some words: \(reported)")
    }
}

/// Queries whose long word has no neighbour within its edits ("bakkerij" alone is within two of
/// "bakkerij") and whose short word is too common to drive: the typo phase then finds nothing new
/// and is skipped, which must answer as the scan over every name does.
struct TypoPhaseSkipTests {
    @Test func kindWordsWithoutNeighboursAnswerAsTheScanDoes() {
        let index = SearchAgainstScanTests.index
        var skipped = 0
        var compared = 0
        for kind in ["museum", "bakkerij", "hotel", "markt", "straße", "platz"] {
            let walk = TypoMatcher.search(Array(kind.utf8), prefix: false, maxEdits: 2, in: index.view)
            if walk.allSatisfy({ $0.edits == 0 }) { skipped += 1 }
            for letters in ["d", "k", "s", "ma", "b"] {
                for focus in [nil, Coordinate(51.5, 6.0)] {
                    for kinds: Set<NameKind>? in [nil, [.poi]] {
                        let query = AutocompleteQuery("\(kind) \(letters)", focus: focus, limit: 10, kinds: kinds)
                        let searched = index.complete(query)
                        let scanned = index.completeExhaustively(query)
                        #expect(searched.map(\.record.id) == scanned.map(\.record.id), "\(query.text)")
                        #expect(searched.map(\.score) == scanned.map(\.score), "\(query.text)")
                        compared += 1
                    }
                }
            }
        }
        #expect(skipped >= 2, "some kind words have no neighbour: \(skipped)")
        #expect(compared == 120)
    }
}
