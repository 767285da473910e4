import PlaceCore
import Foundation

/// How the query's words were found in one name.
struct NameMatch: Sendable {
    var edits: Int
    /// Query word i matched name word i for every i.
    var inOrder: Bool
    /// The last query word equals a whole name word (not only a prefix of one).
    var lastWordWhole: Bool
    /// The name is the query, word for word, without edits.
    var isExact: Bool

    var quality: MatchQuality {
        if edits > 0 { return .typo(edits: edits) }
        return isExact ? .exact : .prefix
    }
}

enum MatchEvaluator {
    /// Matches `terms` against a folded name (words separated by single spaces), or nil.
    ///
    /// Each query word takes a distinct name word: the one at its own position when that matches
    /// as well as any, else the first best. Greedy, which is exact for the short names we index.
    static func evaluate(terms: [QueryTerm], foldedName: UnsafeRawBufferPointer) -> NameMatch? {
        // Split into at most 32 words without allocating.
        var starts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &starts) { raw -> NameMatch? in
            let bounds = raw.bindMemory(to: Int.self)
            var count = 0
            bounds[0] = 0
            for (index, byte) in foldedName.enumerated() where byte == 0x20 && count < 31 {
                count += 1
                bounds[count] = index + 1
            }
            count += 1
            bounds[count] = foldedName.count + 1  // one past the virtual trailing space
            let wordCount = count
            func word(_ j: Int) -> UnsafeRawBufferPointer {
                UnsafeRawBufferPointer(rebasing: foldedName[bounds[j]..<(bounds[j + 1] - 1)])
            }
            var used: UInt32 = 0
            var edits = 0
            var inOrder = true
            var lastWordWhole = false
            for (i, term) in terms.enumerated() {
                var bestWord = -1
                var bestEdits = Int.max
                term.bytes.withUnsafeBytes { query in
                    for j in 0..<wordCount where used & (1 << UInt32(j)) == 0 {
                        let candidate = word(j)
                        let found: Int?
                        if term.maxEdits == 0 {
                            found = hasPrefix(candidate, query, whole: !term.isPrefix) ? 0 : nil
                        } else {
                            found = TypoMatcher.distance(
                                query, candidate, prefix: term.isPrefix, maxEdits: min(term.maxEdits, bestEdits))
                        }
                        guard let found else { continue }
                        if found < bestEdits || (found == bestEdits && j == i) {
                            bestEdits = found
                            bestWord = j
                        }
                        if found == 0 && j == i { break }
                    }
                }
                guard bestWord >= 0 else { return nil }
                used |= 1 << UInt32(bestWord)
                edits += bestEdits
                if bestWord != i { inOrder = false }
                if i == terms.count - 1 {
                    lastWordWhole = term.bytes.withUnsafeBytes { compareBytes(word(bestWord), $0) == 0 }
                }
            }
            let isExact = edits == 0 && inOrder && lastWordWhole && terms.count == wordCount
            return NameMatch(edits: edits, inOrder: inOrder, lastWordWhole: lastWordWhole, isExact: isExact)
        }
    }

    @inline(__always) static func hasPrefix(
        _ word: UnsafeRawBufferPointer, _ query: UnsafeRawBufferPointer, whole: Bool
    ) -> Bool {
        if whole ? word.count != query.count : word.count < query.count { return false }
        guard query.count > 0 else { return true }
        guard let w = word.baseAddress, let q = query.baseAddress else { return false }
        return memcmp(w, q, query.count) == 0
    }
}
