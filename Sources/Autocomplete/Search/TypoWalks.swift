/// The typo walks (``TypoMatcher/search``) of one query, kept for its second search: the fallback
/// (a short word given an edit when too little matched as typed) walks the same long words again,
/// and a two-edit walk of a long word is the dearest part of a query. A walk reports each word
/// with its own edits, so a walk with fewer edits is the same one cut.
final class TypoWalks {
    private struct Key: Hashable {
        var bytes: [UInt8]
        var prefix: Bool
    }

    private var walks: [Key: (maxEdits: Int, ranges: [(words: Range<Int>, edits: Int)])] = [:]

    func ranges(_ bytes: [UInt8], prefix: Bool, maxEdits: Int, in view: IndexView) -> [(words: Range<Int>, edits: Int)] {
        let key = Key(bytes: bytes, prefix: prefix)
        if let walk = walks[key], walk.maxEdits >= maxEdits {
            return walk.maxEdits == maxEdits ? walk.ranges : walk.ranges.filter { $0.edits <= maxEdits }
        }
        let ranges = TypoMatcher.search(bytes, prefix: prefix, maxEdits: maxEdits, in: view)
        walks[key] = (maxEdits, ranges)
        return ranges
    }
}
