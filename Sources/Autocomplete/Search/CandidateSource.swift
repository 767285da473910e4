/// One stream of candidate entries in ascending order (best first within a kind segment), with
/// the text score no entry in it can beat: the posting list of one word, the stored list of a
/// prefix node (followed, when it runs out, by its children), a light range read whole, or the
/// entries whose folded form is the query.
struct CandidateSource {
    enum Storage: Equatable {
        /// Not looked up yet: the words and the list they are read from. Its bound is the
        /// segment's best importance, so a range that cannot matter is never opened.
        case pending(words: Range<Int>, list: Int)
        /// Not looked up yet: byName positions of one segment (names that start alike).
        case pendingNames(Range<Int>)
        case postings
        case nodeList
        case byName
        case scratch
    }

    var storage: Storage
    var position = 0
    var end = 0
    /// The best text score an entry of this stream can have (``SuggestionRanking``).
    var tier: Double
    var segment: Int
    /// A node list cut at N entries: the node's words (or byName positions) and list, to read its
    /// children from.
    var node: (words: Range<Int>, list: Int, names: Bool)?
    /// The last entry read: a child of a node starts after it.
    var last = -1

    var isPending: Bool {
        switch storage {
        case .pending, .pendingNames: true
        default: false
        }
    }
}

/// Binary searches over the sorted lists a source reads.
extension IndexView {
    /// The first position in `range` of section `storage` whose entry is greater than `entry`.
    func firstPosition(after entry: Int, in range: Range<Int>, read: (Int) -> Int) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if read(middle) <= entry { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The words that start with `prefix` (or equal it, when not a prefix), as a range of the
    /// word table.
    func wordRange(_ bytes: [UInt8], prefix: Bool) -> Range<Int> {
        let keyPrefix = textPrefix(bytes)
        return bytes.withUnsafeBytes { key in
            var low = 0
            var high = wordCount
            while low < high {
                let middle = (low + high) / 2
                if compareWord(middle, key, keyPrefix) < 0 { low = middle + 1 } else { high = middle }
            }
            if !prefix {
                return low < wordCount && compareWord(low, key, keyPrefix) == 0 ? low..<(low + 1) : low..<low
            }
            var a = low
            var b = wordCount
            while a < b {
                let middle = (a + b) / 2
                if wordHasPrefix(middle, key, keyPrefix) { a = middle + 1 } else { b = middle }
            }
            return low..<a
        }
    }

    /// The folded form at byName position `index` (empty for a corrupt reference).
    @inline(__always) func byNameFolded(_ index: Int) -> UnsafeRawBufferPointer {
        let entry = byName(index)
        return entry < entryCount ? folded(entry) : UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// Byte `depth` of the folded form at byName position `index`, nil past its end.
    @inline(__always) func byNameByte(_ index: Int, _ depth: Int) -> UInt8? {
        guard depth < byNameLength(index) else { return nil }
        if depth < 8 { return UInt8(truncatingIfNeeded: byNamePrefix(index) >> UInt64(56 - 8 * depth)) }
        if depth < 16 { return UInt8(truncatingIfNeeded: byNamePrefix2(index) >> UInt64(56 - 8 * (depth - 8))) }
        let bytes = byNameFolded(index)
        return depth < bytes.count ? bytes[depth] : nil
    }

    /// Compares the folded form at byName position `index` with `key`: −1, 0 or 1.
    @inline(__always) func compareByName(_ index: Int, _ key: UnsafeRawBufferPointer, _ keyPrefix: (UInt64, UInt64))
        -> Int
    {
        let prefix = byNamePrefix(index)
        if prefix != keyPrefix.0 { return prefix < keyPrefix.0 ? -1 : 1 }
        let length = byNameLength(index)
        if length <= 8, key.count <= 8 { return length == key.count ? 0 : (length < key.count ? -1 : 1) }
        let second = byNamePrefix2(index)
        if second != keyPrefix.1 { return second < keyPrefix.1 ? -1 : 1 }
        if length <= 16, key.count <= 16 { return length == key.count ? 0 : (length < key.count ? -1 : 1) }
        return compareBytes(byNameFolded(index), key)
    }

    /// Whether the folded form at byName position `index` starts with `key`.
    @inline(__always) func byNameHasPrefix(_ index: Int, _ key: UnsafeRawBufferPointer, _ keyPrefix: (UInt64, UInt64))
        -> Bool
    {
        guard byNameLength(index) >= key.count else { return false }
        @inline(__always) func mask(_ bytes: Int) -> UInt64 {
            bytes <= 0 ? 0 : (bytes >= 8 ? ~0 : ~0 << UInt64(8 * (8 - bytes)))
        }
        if key.count <= 16 {
            return byNamePrefix(index) & mask(key.count) == keyPrefix.0
                && byNamePrefix2(index) & mask(key.count - 8) == keyPrefix.1
        }
        return MatchEvaluator.hasPrefix(byNameFolded(index), key, whole: false)
    }

    /// The byName positions of segment `segment` whose folded form is `bytes` (or, when
    /// `prefix`, starts with it).
    func nameRange(_ bytes: [UInt8], segment: Int, prefix: Bool) -> Range<Int> {
        let part = entrySegment(segment)
        let keyPrefix = (textPrefix(bytes), textPrefix2(bytes))
        return bytes.withUnsafeBytes { key in
            var low = part.lowerBound
            var high = part.upperBound
            while low < high {
                let middle = (low + high) / 2
                if compareByName(middle, key, keyPrefix) < 0 { low = middle + 1 } else { high = middle }
            }
            var end = low
            high = part.upperBound
            while end < high {
                let middle = (end + high) / 2
                let inside =
                    prefix ? byNameHasPrefix(middle, key, keyPrefix) : compareByName(middle, key, keyPrefix) == 0
                if inside { end = middle + 1 } else { high = middle }
            }
            return low..<max(low, end)
        }
    }

    /// The children of a range of byName positions: the run equal to the common prefix (if any),
    /// then one range per next byte. A range of equal forms has none.
    func nameChildren(of range: Range<Int>) -> [Range<Int>] {
        guard range.count >= 2 else { return [] }
        let first = byNameFolded(range.lowerBound)
        let lastName = byNameFolded(range.upperBound - 1)
        var depth = 0
        while depth < first.count, depth < lastName.count, first[depth] == lastName[depth] { depth += 1 }
        if depth == first.count, depth == lastName.count { return [] }
        var result: [Range<Int>] = []
        var start = range.lowerBound
        // The forms equal to the common prefix come first.
        var low = start
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if byNameLength(middle) == depth { low = middle + 1 } else { high = middle }
        }
        if low > start {
            result.append(start..<low)
            start = low
        }
        while start < range.upperBound {
            guard let byte = byNameByte(start, depth) else {
                result.append(start..<(start + 1))
                start += 1
                continue
            }
            var a = start + 1
            var b = range.upperBound
            while a < b {
                let middle = (a + b) / 2
                if let other = byNameByte(middle, depth), other <= byte { a = middle + 1 } else { b = middle }
            }
            result.append(start..<a)
            start = a
        }
        return result
    }

    /// Whether every form in a range of byName positions is the same.
    func isOneName(_ range: Range<Int>) -> Bool {
        range.count <= 1 || compareBytes(byNameFolded(range.lowerBound), byNameFolded(range.upperBound - 1)) == 0
    }

    /// The end of the child range that starts at word `start` with `byte` at `depth`, below
    /// `high`: the first word whose byte there is greater. Galloping, then binary search.
    @inline(__always) func childEnd(from start: Int, below high: Int, depth: Int, byte: UInt8) -> Int {
        if high - start <= 2_048, depth < 255 {
            // Small: the rows in order, to the first that shares at most `depth` bytes with the one before.
            var index = start + 1
            while index < high, wordCommonPrefix(index) > depth { index += 1 }
            return index
        }
        var low = start + 1
        var step = 1
        var probe = start + 1
        while probe < high, let other = wordByte(probe, depth), other <= byte {
            low = probe + 1
            step *= 2
            probe = start + step
        }
        var upper = min(probe, high)
        while low < upper {
            let middle = (low + upper) / 2
            if let other = wordByte(middle, depth), other <= byte { low = middle + 1 } else { upper = middle }
        }
        return low
    }

    /// The first word in `start..<high` (words that share their first `depth` bytes and are
    /// longer) whose byte at `depth` is at least `byte`; `high` when none is.
    /// Galloping from `start`: the children are looked for in byte order, each search starting
    /// where the last ended, so most probes fall near it (in the same cache lines).
    @inline(__always) func firstWord(from start: Int, below high: Int, depth: Int, atLeast byte: UInt8) -> Int {
        var low = start
        var step = 1
        var probe = start
        while probe < high, let other = wordByte(probe, depth), other < byte {
            low = probe + 1
            probe = low + step
            step *= 2
        }
        var upper = min(probe, high)
        while low < upper {
            let middle = (low + upper) / 2
            if let other = wordByte(middle, depth), other < byte { low = middle + 1 } else { upper = middle }
        }
        return low
    }

    /// The children of a prefix node: the word equal to the common prefix (if any), then one range
    /// per next byte.
    func children(of words: Range<Int>) -> [Range<Int>] {
        guard words.count >= 2 else { return [] }
        let first = word(words.lowerBound)
        let lastWord = word(words.upperBound - 1)
        var depth = 0
        while depth < first.count, depth < lastWord.count, first[depth] == lastWord[depth] { depth += 1 }
        var result: [Range<Int>] = []
        var start = words.lowerBound
        if wordLength(start) == depth {
            result.append(start..<(start + 1))
            start += 1
        }
        while start < words.upperBound {
            guard let byte = wordByte(start, depth) else {
                // Out of order (a corrupt table): take it alone.
                result.append(start..<(start + 1))
                start += 1
                continue
            }
            let low = childEnd(from: start, below: words.upperBound, depth: depth, byte: byte)
            result.append(start..<low)
            start = low
        }
        return result
    }
}
