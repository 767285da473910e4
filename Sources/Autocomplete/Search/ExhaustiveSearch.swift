import Foundation
import PlaceCore

/// The definition of right: every entry of the allowed kinds scored, the best `limit` records
/// kept. It shares the matching, the scoring and the order of ties with ``CandidateSearch`` and
/// nothing else; tests compare the two, and nothing else should call it (it reads the whole
/// index).
struct ExhaustiveSearch {
    let view: IndexView
    let focus: Coordinate?
    let segments: [Int]
    let limit: Int
    let filter: RecordFilter?
    let radius: Double?

    init(view: IndexView, focus: Coordinate?, kinds: Set<NameKind>?, limit: Int, filter: RecordFilter? = nil, radius: Double? = nil) {
        self.view = view
        self.filter = filter
        self.radius = radius
        self.focus = focus
        segments = IndexFormat.segmentKinds.indices.filter { kinds?.contains(IndexFormat.segmentKinds[$0]) ?? true }
        self.limit = limit
    }

    func run(_ terms: [QueryTerm]) -> [TopK.Item] {
        let cosine = focus.map { cos($0.latitude * .pi / 180) } ?? 1
        let masks = terms.map { Self.matchMasks($0.bytes) }
        // Each record's best score and the entry it came from (on a tie, the lowest entry).
        var bestScore = [Double](repeating: -.infinity, count: view.recordCount)
        var bestEntry = [Int](repeating: -1, count: view.recordCount)
        for segment in segments {
            for entry in view.entrySegment(segment) {
                let folded = view.folded(entry)
                guard !Self.cannotMatch(folded, terms, masks), let kind = NameKind(rawValue: view.kindRaw(entry)),
                    let record = view.record(ofEntry: entry),
                    let match = MatchEvaluator.evaluate(terms: terms, foldedName: folded)
                else { continue }
                if let filter, !filter.accepts(view, record: record) { continue }
                var proximity = 0.0
                if let focus, let position = view.position(entry) {
                    let distance = CandidateSearch.distance(from: focus, cosine: cosine, position)
                    if let radius, distance > radius { continue }
                    proximity = SuggestionRanking.proximity(distance: distance, kind: kind)
                } else if radius != nil {
                    continue
                }
                let score = SuggestionRanking.score(
                    match: match, secondary: view.isSecondary(entry), importance: view.importance(entry),
                    proximity: proximity)
                if score > bestScore[record] || (score == bestScore[record] && entry < bestEntry[record]) {
                    bestScore[record] = score
                    bestEntry[record] = entry
                }
            }
        }
        // Everything scoring at least the limit-th score (ties included), then the full order.
        let found = bestScore.indices.filter { bestEntry[$0] >= 0 }
        let scores = found.map { bestScore[$0] }.sorted(by: >)
        guard let cut = scores.count > limit ? scores[limit - 1] : scores.last else { return [] }
        let items = found.filter { bestScore[$0] >= cut }.map { record in
            TopK.Item(
                record: record, entry: bestEntry[record], score: bestScore[record],
                folded: Array(view.recordFolded(record)),
                id: Array(view.recordID(record)))
        }
        return Array(items.sorted(by: TopK.precedes).prefix(limit))
    }

    /// A quick reason a name cannot match, so that the scan is fast enough for tests in a debug
    /// build. Sound: a word without typos is a prefix of a name word (the whole word, unless it
    /// is the last), so it occurs at a word start. A word of m bytes within e edits of a prefix of
    /// a name word keeps at least m − e of its bytes in order in that word (a substitution, a
    /// deletion or a transposition loses one, an insertion none), so its longest common
    /// subsequence with the whole name is at least m − e.
    static func cannotMatch(_ folded: UnsafeRawBufferPointer, _ terms: [QueryTerm], _ masks: [[UInt64]]) -> Bool {
        guard let base = folded.baseAddress else { return true }
        for (term, termMasks) in zip(terms, masks) {
            if term.maxEdits == 0 {
                let found = term.bytes.withUnsafeBytes { needle -> Bool in
                    guard let first = needle.first, let pointer = needle.baseAddress, needle.count <= folded.count
                    else { return false }
                    var start = 0
                    while start <= folded.count - needle.count {
                        guard let hit = memchr(base + start, Int32(first), folded.count - needle.count - start + 1)
                        else { return false }
                        let offset = base.distance(to: UnsafeRawPointer(hit))
                        let end = offset + needle.count
                        if offset == 0 || folded[offset - 1] == 0x20,
                            term.isPrefix || end == folded.count || folded[end] == 0x20,
                            memcmp(base + offset, pointer, needle.count) == 0
                        {
                            return true
                        }
                        start = offset + 1
                    }
                    return false
                }
                if !found { return true }
            } else if !termMasks.isEmpty {
                if longestCommonSubsequence(termMasks, length: term.bytes.count, folded) < term.bytes.count
                    - term.maxEdits
                {
                    return true
                }
            }
        }
        return false
    }

    /// Per byte value, the positions of `bytes` holding it (bit i for position i); empty for a
    /// word longer than 64 bytes.
    static func matchMasks(_ bytes: [UInt8]) -> [UInt64] {
        guard bytes.count <= 64 else { return [] }
        var masks = [UInt64](repeating: 0, count: 256)
        for (index, byte) in bytes.enumerated() { masks[Int(byte)] |= 1 << UInt64(index) }
        return masks
    }

    /// The length of the longest common subsequence of a word (given by its match masks) and
    /// `text`, bit-parallel (Hyyrö 2004): V ← (V + U) | (V − U) with U = V & M[c].
    static func longestCommonSubsequence(_ masks: [UInt64], length: Int, _ text: UnsafeRawBufferPointer) -> Int {
        var v = UInt64.max
        for byte in text {
            let u = v & masks[Int(byte)]
            v = (v &+ u) | (v &- u)
        }
        let relevant: UInt64 = length == 64 ? .max : (1 << UInt64(length)) - 1
        return (~v & relevant).nonzeroBitCount
    }
}
