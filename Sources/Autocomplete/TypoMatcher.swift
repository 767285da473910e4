public import PlaceSearch

/// Typo tolerance: how many edits a word may have, and the edit distance itself.
///
/// The distance is optimal string alignment (restricted Damerau–Levenshtein): an insertion, a
/// deletion, a substitution or a transposition of two neighbours each count as one edit
/// ("Dmarak" → "damrak" is one). It is measured over the folded UTF-8 bytes; folding turns Latin
/// letters into ASCII, so for Latin names a byte is a letter, while a typo in a two-byte letter
/// of another script may count twice (fewer typo matches there, never wrong ones).
public enum TypoMatcher {
    /// Edits allowed for a query word of `characters` folded characters.
    ///
    /// Meilisearch's thresholds: none below 5, one from 5, two from 9. Algolia allows one from 4,
    /// but for a prefix a 4-letter word with one edit matches a large share of all names ("damr"
    /// would match every "dam…", "dar…", "amr…"), which is noise while typing; at 5 letters the
    /// user has committed to a word.
    public static func allowedEdits(characters: Int) -> Int {
        switch characters {
        case ..<5: 0
        case ..<9: 1
        default: 2
        }
    }

    /// The edit distance between `query` and `word` (or, when `prefix`, between `query` and the
    /// closest prefix of `word`), or nil when it exceeds `maxEdits`.
    static func distance(_ query: UnsafeRawBufferPointer, _ word: UnsafeRawBufferPointer, prefix: Bool, maxEdits: Int) -> Int? {
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
    /// the children of a node are found by binary search on the next byte. A branch is dropped
    /// as soon as every cell of its edit-distance column exceeds the budget, so the walk visits a
    /// few hundred nodes rather than every word. The first letter is not assumed right.
    static func search(_ query: [UInt8], prefix: Bool, maxEdits: Int, in view: IndexView) -> [(words: Range<Int>, edits: Int)] {
        let m = query.count
        guard view.wordCount > 0, m > 0 else { return [] }
        let maxDepth = m + maxEdits
        var columns = [Int](repeating: 0, count: (maxDepth + 2) * (m + 1))
        for i in 0...m { columns[i] = i }
        var found: [(words: Range<Int>, edits: Int)] = []

        func byte(_ word: Int, _ depth: Int) -> UInt8? {
            let bytes = view.word(word)
            return depth < bytes.count ? bytes[depth] : nil
        }

        func visit(_ low: Int, _ high: Int, depth: Int, last: UInt8) {
            let column = depth * (m + 1)
            if prefix, columns[column + m] <= maxEdits {
                found.append((low..<high, columns[column + m]))
                return
            }
            var start = low
            if view.word(low).count == depth {
                if !prefix, columns[column + m] <= maxEdits { found.append((low..<(low + 1), columns[column + m])) }
                start += 1
            }
            guard depth < maxDepth else { return }
            var minimum = Int.max
            for i in 0...m { minimum = Swift.min(minimum, columns[column + i]) }
            guard minimum <= maxEdits else { return }
            while start < high {
                guard let c = byte(start, depth) else { start += 1; continue }
                // End of the child range: first word whose byte at `depth` is above c.
                var a = start + 1
                var b = high
                while a < b {
                    let middle = (a + b) / 2
                    if let other = byte(middle, depth), other <= c { a = middle + 1 } else { b = middle }
                }
                let next = column + (m + 1)
                columns[next] = depth + 1
                for i in stride(from: 1, through: m, by: 1) {
                    let q = query[i - 1]
                    var value = Swift.min(columns[column + i] + 1, columns[next + i - 1] + 1, columns[column + i - 1] + (q == c ? 0 : 1))
                    if i > 1, depth > 0, q == last, query[i - 2] == c {
                        value = Swift.min(value, columns[column - (m + 1) + i - 2] + 1)
                    }
                    columns[next + i] = value
                }
                visit(start, a, depth: depth + 1, last: c)
                start = a
            }
        }
        visit(0, view.wordCount, depth: 0, last: 0)
        return found
    }
}
