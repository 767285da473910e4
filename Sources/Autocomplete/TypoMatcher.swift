import PlaceCore

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
                    // Two-argument mins: the three-argument one is variadic (a few per cent of a walk).
                    var value = Swift.min(Swift.min(previous[i], current[i - 1]) + 1, previous[i - 1] + (q == c ? 0 : 1))
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
    /// within reach when `prefix`), as disjoint ranges of the sorted word table, each word with
    /// its own edits (what ``distance(_:_:prefix:maxEdits:)`` says: the search's bounds rest on it).
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
        withUnsafeTemporaryAllocation(of: Int.self, capacity: (maxDepth + 2) * (m + 1)) { buffer in
            guard let columns = buffer.baseAddress else { return }
            query.withUnsafeBufferPointer { query in
                for i in 0...m { columns[i] = i }

                /// `reached`: with `prefix`, the fewest edits of a prefix of the node's path so far
                /// (every word below has at most these); Int.max for whole words.
                func visit(_ low: Int, _ high: Int, depth: Int, last: UInt8, node: Int?, reached: Int) {
                    let column = columns + depth * (m + 1)
                    var minimum = Int.max
                    for i in 0...m { minimum = Swift.min(minimum, column[i]) }
                    // A column's minimum never falls further down, so no longer prefix of a word
                    // below does better than it: when it cannot beat what is reached, the whole
                    // range has the edits reached.
                    let reached = prefix && column[m] < reached ? column[m] : reached
                    if reached <= maxEdits, minimum >= reached {
                        found.append((low..<high, reached))
                        return
                    }
                    var start = low
                    if view.wordLength(low) == depth {
                        let edits = prefix ? reached : column[m]
                        if edits <= maxEdits { found.append((low..<(low + 1), edits)) }
                        start += 1
                    }
                    guard depth < maxDepth, minimum <= maxEdits else { return }
                    let next = column + (m + 1)
                    // Every cell at the budget: only a byte that continues a cell on the diagonal
                    // (the query's next byte there) or completes a transposition keeps a cell
                    // within reach, which is one or two bytes, not the whole alphabet.
                    var allowed = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
                    let tight = minimum == maxEdits
                    if tight {
                        withUnsafeMutableBytes(of: &allowed) { bits in
                            func allow(_ byte: UInt8) { bits[Int(byte) / 8] |= 1 << (byte % 8) }
                            for i in 1...m where column[i - 1] == maxEdits { allow(query[i - 1]) }
                            if depth > 0, m >= 2 {
                                let before = column - (m + 1)
                                for i in 2...m where query[i - 1] == last && before[i - 2] < maxEdits { allow(query[i - 2]) }
                            }
                        }
                    }
                    let allowedBytes = allowed
                    @inline(__always) func isAllowed(_ byte: UInt8) -> Bool {
                        withUnsafeBytes(of: allowedBytes) { $0[Int(byte) / 8] & (1 << (byte % 8)) != 0 }
                    }
                    func step(_ start: Int, _ end: Int, _ c: UInt8, _ childNode: Int?) {
                        next[0] = depth + 1
                        var childMinimum = depth + 1
                        for i in 1...m {
                            let q = query[i - 1]
                            var value = Swift.min(Swift.min(column[i], next[i - 1]) + 1, column[i - 1] + (q == c ? 0 : 1))
                            if i > 1, depth > 0, q == last, query[i - 2] == c {
                                value = Swift.min(value, columns[(depth - 1) * (m + 1) + i - 2] + 1)
                            }
                            next[i] = value
                            childMinimum = Swift.min(childMinimum, value)
                        }
                        if reached <= maxEdits, childMinimum >= reached {
                            found.append((start..<end, reached))
                        } else if childMinimum <= maxEdits {
                            visit(start, end, depth: depth + 1, last: c, node: childNode, reached: reached)
                        }
                    }
                    // The children: from the shallow trie near the root, else from the word table.
                    let trieChildren = node.map { view.trieNode($0).children } ?? 0..<0
                    // At the budget below the shallow trie: the children on the allowed bytes are
                    // found by binary search, each alone, rather than every child in turn (a node
                    // of a thousand words has dozens of children, and the walk meets thousands of
                    // such nodes with two edits).
                    if tight, trieChildren.isEmpty {
                        for part in 0..<4 {
                            var bits = withUnsafeBytes(of: allowedBytes) { $0.load(fromByteOffset: 8 * part, as: UInt64.self) }
                            while bits != 0, start < high {
                                let c = UInt8(64 * part + bits.trailingZeroBitCount)
                                bits &= bits - 1
                                let low = view.firstWord(from: start, below: high, depth: depth, atLeast: c)
                                guard low < high, view.wordByte(low, depth) == c else {
                                    start = low
                                    continue
                                }
                                let end = c == 255 ? high : view.firstWord(from: low, below: high, depth: depth, atLeast: c + 1)
                                step(low, end, c, nil)
                                start = end
                            }
                        }
                        return
                    }
                    var trieChild = trieChildren.lowerBound
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
                        if tight, !isAllowed(c) { continue }
                        step(start, end, c, childNode)
                    }
                }
                visit(0, view.wordCount, depth: 0, last: 0, node: view.trieNodeCount > 0 ? 0 : nil, reached: Int.max)
            }
        }
        return found
    }
}
