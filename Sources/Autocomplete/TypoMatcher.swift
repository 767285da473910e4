import PlaceSearch

/// Typo tolerance: how many edits a word may have, and the edit distance itself.
///
/// The distance is optimal string alignment (restricted Damerau–Levenshtein): an insertion, a
/// deletion, a substitution or a transposition of two neighbours each count as one edit
/// ("Dmarak" → "damrak" is one). It is measured over the folded UTF-8 bytes; folding turns Latin
/// letters into ASCII, so for Latin names a byte is a letter, while a typo in a two-byte letter
/// of another script may count twice (fewer typo matches there, never wrong ones).
public enum TypoMatcher {
    /// A query word of this many folded characters or more may have one edit.
    public static let oneEditFrom = 5
    /// … and two from this many.
    public static let twoEditsFrom = 9
    /// A word this long (but shorter than ``oneEditFrom``) gets one edit only when the whole query
    /// finds fewer than ``fallbackBelow`` names as typed, and those come after the ones as typed:
    /// with a world gazetteer "Rokn" lists Roknäs, then Rokin.
    public static let fallbackOneEditFrom = 4
    /// Typesense's `typo_tokens_threshold`, 2 rather than its 1: one name as typed (Roknäs for
    /// "Rokn") still leaves room for the one-edit matches, two ("Damr": Damrak, Damraksteeg) do
    /// not, where "dam…" and "dar…" by the hundred would be noise.
    public static let fallbackBelow = 2

    /// Edits allowed for a query word of `characters` folded characters.
    ///
    /// Meilisearch's thresholds: none below 5, one from 5, two from 9. Algolia and Typesense allow
    /// one from 4, but for a prefix a 4-letter word with one edit matches a large share of all
    /// names ("damr" would match every "dam…", "dar…", "amr…"), which is noise while typing; at
    /// 5 letters the user has committed to a word. A 4-letter word that matches nothing as typed
    /// is a typo, though: ``fallbackEdits(characters:)``.
    public static func allowedEdits(characters: Int) -> Int {
        if characters >= twoEditsFrom { return 2 }
        return characters >= oneEditFrom ? 1 : 0
    }

    /// Edits allowed when the query found fewer than ``fallbackBelow`` names without typos (they
    /// then fill the rest of the list, after those).
    public static func fallbackEdits(characters: Int) -> Int {
        max(allowedEdits(characters: characters), characters >= fallbackOneEditFrom ? 1 : 0)
    }

    /// The rule in words, for `places complete --help`: built from the constants above, so the
    /// help cannot say other numbers than the matcher uses.
    public static var rule: String {
        "A typo is forgiven from \(oneEditFrom) letters on, two from \(twoEditsFrom) (\"Dmrak\" → Damrak); a \(fallbackOneEditFrom)-letter "
            + "word gets one only when nothing matches as typed, or a single name (then after it: \"Rokn\" → Roknäs, Rokin)."
    }

    /// The edit distance between `query` and `word` (or, when `prefix`, between `query` and the
    /// closest prefix of `word`), or nil when it exceeds `maxEdits`.
    static func distance(_ query: UnsafeRawBufferPointer, _ word: UnsafeRawBufferPointer, prefix: Bool, maxEdits: Int)
        -> Int?
    {
        let m = query.count
        let n = word.count
        if !prefix, abs(m - n) > maxEdits { return nil }
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 3 * (m + 1)) { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var before = base  // column j − 2
            var previous = base + (m + 1)  // column j − 1
            var current = base + 2 * (m + 1)  // column j
            for i in 0...m { previous[i] = i }
            var best = prefix ? m : Int.max
            if n == 0 { return m <= maxEdits ? m : nil }
            for j in 1...n {
                let c = word[j - 1]
                current[0] = j
                var columnMinimum = j
                for i in stride(from: 1, through: m, by: 1) {
                    let q = query[i - 1]
                    var value = Swift.min(previous[i] + 1, current[i - 1] + 1, previous[i - 1] + (q == c ? 0 : 1))
                    if i > 1, j > 1, q == word[j - 2], query[i - 2] == c {
                        value = Swift.min(value, before[i - 2] + 1)
                    }
                    current[i] = value
                    columnMinimum = Swift.min(columnMinimum, value)
                }
                if prefix { best = Swift.min(best, current[m]) }
                // Every later column is at least this column's minimum: stop once past the budget.
                if columnMinimum > maxEdits || (prefix && best == 0) { break }
                (before, previous, current) = (previous, current, before)
                if j == n, !prefix { best = previous[m] }
            }
            return best <= maxEdits ? best : nil
        }
    }

    /// The words of the index within `maxEdits` of `query` (whole words, or words with a prefix
    /// within reach when `prefix`), as ranges of the sorted word table with their edits.
    ///
    /// The sorted table is walked as a trie: the words sharing a prefix are a contiguous range, and
    /// the children of a node are found by galloping search on the next byte (a child's cost is
    /// the logarithm of its own size, not of its parent's). A branch is dropped
    /// as soon as every cell of its edit-distance column exceeds the budget, so the walk visits a
    /// few hundred nodes rather than every word. The first letter is not assumed right.
    static func search(_ query: [UInt8], prefix: Bool, maxEdits: Int, in view: IndexView) -> [(
        words: Range<Int>, edits: Int
    )] {
        let m = query.count
        guard view.wordCount > 0, m > 0 else { return [] }
        let maxDepth = m + maxEdits
        var found: [(words: Range<Int>, edits: Int)] = []
        // Bytes of the query, as a 256-bit set.
        var inQuery = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        withUnsafeMutableBytes(of: &inQuery) { bits in
            for byte in query { bits[Int(byte) / 8] |= 1 << (byte % 8) }
        }
        let queryBits = inQuery
        let distinctBytes = Array(Set(query)).sorted()
        @inline(__always) func isQueryByte(_ byte: UInt8) -> Bool {
            withUnsafeBytes(of: queryBits) { $0[Int(byte) / 8] & (1 << (byte % 8)) != 0 }
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: (maxDepth + 2) * (m + 1)) { buffer in
            guard let columns = buffer.baseAddress else { return }
            query.withUnsafeBufferPointer { query in
                for i in 0...m { columns[i] = i }

                func visit(_ low: Int, _ high: Int, depth: Int, last: UInt8, node: Int?) {
                    let column = columns + depth * (m + 1)
                    if prefix, column[m] <= maxEdits {
                        found.append((low..<high, column[m]))
                        return
                    }
                    var start = low
                    if view.wordLength(low) == depth {
                        if !prefix, column[m] <= maxEdits { found.append((low..<(low + 1), column[m])) }
                        start += 1
                    }
                    guard depth < maxDepth else { return }
                    var minimum = Int.max
                    for i in 0...m { minimum = Swift.min(minimum, column[i]) }
                    guard minimum <= maxEdits else { return }
                    // Every cell at the budget: a byte that is not in the query adds an edit to
                    // each, so only children on a byte of the query can stay within reach.
                    let tight = minimum == maxEdits
                    let next = column + (m + 1)
                    // The children: from the shallow trie near the root, else from the word table.
                    let trieChildren = node.map { view.trieNode($0).children } ?? 0..<0
                    var trieChild = trieChildren.lowerBound
                    // At the budget below the shallow trie: the children on the query's bytes are
                    // found by binary search, each alone, rather than every child in turn (a node
                    // of a thousand words has dozens of children, and the walk meets thousands of
                    // such nodes with two edits).
                    var distinct = distinctBytes.startIndex
                    if tight, trieChildren.isEmpty {
                        while start < high, distinct < distinctBytes.endIndex {
                            let c = distinctBytes[distinct]
                            distinct += 1
                            let low = view.firstWord(from: start, below: high, depth: depth, atLeast: c)
                            guard low < high, view.wordByte(low, depth) == c else {
                                start = low
                                continue
                            }
                            let end = c == 255 ? high : view.firstWord(from: low, below: high, depth: depth, atLeast: c + 1)
                            step(low, end, c, nil)
                            start = end
                        }
                        return
                    }
                    func step(_ start: Int, _ end: Int, _ c: UInt8, _ childNode: Int?) {
                        next[0] = depth + 1
                        var childMinimum = depth + 1
                        for i in 1...m {
                            let q = query[i - 1]
                            var value = Swift.min(column[i] + 1, next[i - 1] + 1, column[i - 1] + (q == c ? 0 : 1))
                            if i > 1, depth > 0, q == last, query[i - 2] == c {
                                value = Swift.min(value, columns[(depth - 1) * (m + 1) + i - 2] + 1)
                            }
                            next[i] = value
                            childMinimum = Swift.min(childMinimum, value)
                        }
                        if childMinimum <= maxEdits { visit(start, end, depth: depth + 1, last: c, node: childNode) }
                    }
                    while trieChild < trieChildren.upperBound || (trieChildren.isEmpty && start < high) {
                        let c: UInt8
                        let end: Int
                        var childNode: Int?
                        if !trieChildren.isEmpty {
                            let child = view.trieNode(trieChild)
                            childNode = child.depth == depth + 1 ? trieChild : nil
                            trieChild += 1
                            guard child.words.lowerBound >= start, child.words.upperBound <= high, !child.words.isEmpty
                            else { continue }
                            c = child.byte
                            start = child.words.lowerBound
                            end = child.words.upperBound
                        } else {
                            guard let byte = view.wordByte(start, depth) else {
                                start += 1
                                continue
                            }
                            c = byte
                            end = view.childEnd(from: start, below: high, depth: depth, byte: c)
                        }
                        defer { start = end }
                        if tight, !isQueryByte(c) { continue }
                        step(start, end, c, childNode)
                    }
                }
                visit(0, view.wordCount, depth: 0, last: 0, node: view.trieNodeCount > 0 ? 0 : nil)
            }
        }
        return found
    }
}
