public import PlaceSearch
import Foundation

/// The score of a suggestion:
///
///     score = text + importanceWeight × importance + focusWeight × 0.5^(distance / halfDistance(kind))
///
/// - text (``ScoreComponents/text``): exact whole name 1.0; every query word matched, in the
///   query's order, from the name's first word 0.6; matched elsewhere 0.4; +0.1 when the last
///   query word is a whole word of the name; −0.3 per edit. So an exact or prefix match beats a
///   one-typo match unless the typo'd name is 0.15 more important.
/// - importance in 0…1, weight 2: a city (0.9) beats a street (0.3) with the same match, and
///   without a focus a popular "Damascus" (prefix: 0.6 + 1.8) beats an exact but minor "Dam"
///   (1.0 + 0.6).
/// - proximity, weight 1.5: exponential decay, 50 % at 3 km for streets and POIs (a walk or a
///   short ride) and at 50 km for places (Pelias's focus scale). A weight of 1.5 lets a nearby
///   exact match beat any far-away name (Pelias api#1567, Photon #375: Dam at 200 m scores
///   1.0 + 0.6 + 1.5 = 3.1 against Damascus's 2.4), while a nearby name of no importance with a
///   plain prefix match (0.6 + 0 + 1.5) still loses to a far city of importance ≥ 0.8 (0.6 + 1.6).
///   Without a focus the term is 0 for everyone.
public enum SuggestionRanking {
    public static let importanceWeight = 2.0
    public static let focusWeight = 1.5
    /// Distance at which the proximity term halves, metres.
    public static func halfDistance(_ kind: NameKind) -> Double {
        kind == .place ? 50_000 : 3_000
    }

    static let exactScore = 1.0
    static let inOrderScore = 0.6
    static let elsewhereScore = 0.4
    static let wholeWordBonus = 0.1
    static let editPenalty = 0.3
    /// The best text score of anything but an exact whole-name match (looked up on its own).
    static let bestNonExactText = inOrderScore + wholeWordBonus

    static func text(_ match: NameMatch) -> Double {
        if match.isExact { return exactScore }
        var score = match.inOrder ? inOrderScore : elsewhereScore
        if match.lastWordWhole { score += wholeWordBonus }
        return score - editPenalty * Double(match.edits)
    }

    static func textScore(match: NameMatch, importance: Double) -> Double {
        text(match) + importanceWeight * importance
    }

    static func proximity(distance: Double, kind: NameKind) -> Double {
        focusWeight * pow(0.5, distance / halfDistance(kind))
    }
}

/// One folded query word. All but the last must match a whole name word; the last a prefix.
struct QueryTerm: Sendable {
    var bytes: [UInt8]
    var isPrefix: Bool
    var maxEdits: Int

    /// The words of `text`, folded like the names: at most 8 words of at most 48 bytes each, so a
    /// pasted paragraph costs no more than a long address.
    static func parse(_ text: String, typoTolerance: Bool) -> [QueryTerm] {
        // Cap the raw input before folding: a 500-character query is as good as its first 256.
        let capped = text.unicodeScalars.count > 256 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(256))) : text
        let words = TextFolding.words(capped).prefix(8)
        return words.enumerated().map { index, word in
            let bytes = Array(word.utf8.prefix(48))
            let characters = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
            return QueryTerm(
                bytes: bytes, isPrefix: index == words.count - 1,
                maxEdits: typoTolerance ? TypoMatcher.allowedEdits(characters: characters) : 0)
        }
    }
}

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
                            found = TypoMatcher.distance(query, candidate, prefix: term.isPrefix, maxEdits: min(term.maxEdits, bestEdits))
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

    @inline(__always) static func hasPrefix(_ word: UnsafeRawBufferPointer, _ query: UnsafeRawBufferPointer, whole: Bool) -> Bool {
        if whole ? word.count != query.count : word.count < query.count { return false }
        guard query.count > 0 else { return true }
        guard let w = word.baseAddress, let q = query.baseAddress else { return false }
        return memcmp(w, q, query.count) == 0
    }
}

/// The best `limit` candidates seen so far: a small array kept sorted, worst last. Ties break by
/// folded name, then id, so the same index always answers the same way.
struct TopK {
    struct Item {
        var record: Int
        var score: Double
        var folded: [UInt8]
        var id: [UInt8]
    }

    let limit: Int
    private(set) var items: [Item] = []

    init(limit: Int) { self.limit = limit }

    var isFull: Bool { items.count >= limit }
    /// The score a new candidate must beat (or tie) to get in; −∞ until full.
    var threshold: Double { isFull ? items[items.count - 1].score : -.infinity }

    static func precedes(_ a: Item, _ b: Item) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.folded != b.folded { return a.folded.lexicographicallyPrecedes(b.folded) }
        return a.id.lexicographicallyPrecedes(b.id)
    }

    /// Whether a candidate with this score could enter (cheap test before building its item).
    @inline(__always) func admits(_ score: Double) -> Bool { limit > 0 && (!isFull || score >= threshold) }

    mutating func insert(record: Int, score: Double, folded: [UInt8], id: [UInt8]) {
        guard admits(score) else { return }
        // A record reached twice (two of its words match, or by the grid and by importance) has
        // the same score both times: keep one.
        if items.contains(where: { $0.record == record }) { return }
        let item = Item(record: record, score: score, folded: folded, id: id)
        var position = items.count
        while position > 0, Self.precedes(item, items[position - 1]) { position -= 1 }
        guard position < limit else { return }
        items.insert(item, at: position)
        if items.count > limit { items.removeLast() }
    }

    func sorted() -> [Item] { items }
}
