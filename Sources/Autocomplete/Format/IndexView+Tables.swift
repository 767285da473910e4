import PlaceCore
extension IndexView {
    // MARK: Words and postings

    @inline(__always) func word(_ index: Int) -> UnsafeRawBufferPointer {
        let entry = base(.words) + index * IndexFormat.wordSize
        return blobBytes(u32(entry), UInt32(u16(entry + 4)))
    }

    /// Bytes word `index` has in common with the word before it.
    @inline(__always) func wordCommonPrefix(_ index: Int) -> Int {
        Int(u8(base(.words) + index * IndexFormat.wordSize + 6))
    }

    /// The word's first 8 bytes (``textPrefix(_:)``).
    @inline(__always) func wordPrefix(_ index: Int) -> UInt64 {
        u64(base(.words) + index * IndexFormat.wordSize + 8)
    }

    /// Postings (in all lists) of the words before word `index` (`index` may be `wordCount`).
    @inline(__always) func postingsBefore(_ index: Int) -> Int {
        guard index < wordCount else { return postingCount }
        return Int(u32(base(.words) + index * IndexFormat.wordSize + 16))
    }

    @inline(__always) func wordLength(_ index: Int) -> Int {
        Int(u16(base(.words) + index * IndexFormat.wordSize + 4))
    }

    /// Byte `depth` of word `index`, nil past its end: from the row's prefix while it lasts.
    @inline(__always) func wordByte(_ index: Int, _ depth: Int) -> UInt8? {
        guard depth < wordLength(index) else { return nil }
        if depth < 8 { return UInt8(truncatingIfNeeded: wordPrefix(index) >> UInt64(56 - 8 * depth)) }
        let bytes = word(index)
        return depth < bytes.count ? bytes[depth] : nil
    }

    /// Compares word `index` with `key` (whose ``textPrefix(_:)`` is `keyPrefix`): −1, 0 or 1.
    @inline(__always) func compareWord(_ index: Int, _ key: UnsafeRawBufferPointer, _ keyPrefix: UInt64) -> Int {
        let prefix = wordPrefix(index)
        if prefix != keyPrefix { return prefix < keyPrefix ? -1 : 1 }
        let length = wordLength(index)
        if length <= 8, key.count <= 8 { return length == key.count ? 0 : (length < key.count ? -1 : 1) }
        return compareBytes(word(index), key)
    }

    /// Whether word `index` starts with `key`.
    @inline(__always) func wordHasPrefix(_ index: Int, _ key: UnsafeRawBufferPointer, _ keyPrefix: UInt64) -> Bool {
        guard wordLength(index) >= key.count else { return false }
        if key.count <= 8 {
            let mask: UInt64 = key.count == 0 ? 0 : ~0 << UInt64(8 * (8 - key.count))
            return wordPrefix(index) & mask == keyPrefix
        }
        return MatchEvaluator.hasPrefix(word(index), key, whole: false)
    }

    /// The rows of posting list `list`'s word table for the words `words`.
    func listRows(_ list: Int, words: Range<Int>) -> Range<Int> {
        let rows = listTables[list]..<listTables[list + 1]
        func lowerBound(_ word: Int) -> Int {
            var low = rows.lowerBound
            var high = rows.upperBound
            while low < high {
                let middle = (low + high) / 2
                if Int(u32(base(.wordLists) + middle * IndexFormat.wordListSize)) < word {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }
        let start = lowerBound(words.lowerBound)
        let end =
            words.count == 1
            ? (start < rows.upperBound && rowWord(start) == words.lowerBound ? start + 1 : start)
            : lowerBound(words.upperBound)
        return start..<max(start, end)
    }

    @inline(__always) private func rowWord(_ row: Int) -> Int {
        Int(u32(base(.wordLists) + row * IndexFormat.wordListSize))
    }

    /// The postings (indices into the postings section) of some rows of list `list`, clamped.
    func postings(_ list: Int, rows: Range<Int>) -> Range<Int> {
        let listStart = listPostings[list]
        let listEnd = listPostings[list + 1]
        func start(_ row: Int) -> Int {
            guard row < listTables[list + 1] else { return listEnd }
            return min(listEnd, listStart + Int(u32(base(.wordLists) + row * IndexFormat.wordListSize + 4)))
        }
        let low = start(rows.lowerBound)
        return low..<max(low, start(rows.upperBound))
    }

    /// The postings of the words `words` in list `list`: one word's are ascending, several words'
    /// are not.
    func postings(_ list: Int, words: Range<Int>) -> Range<Int> { postings(list, rows: listRows(list, words: words)) }

    @inline(__always) func posting(_ index: Int) -> Int {
        Int(u32(base(.postings) + index * IndexFormat.postingSize))
    }

    @inline(__always) func postingHint(_ index: Int) -> UInt32 {
        u32(base(.postings) + index * IndexFormat.postingSize + 4)
    }

    @inline(__always) func byName(_ index: Int) -> Int {
        Int(u32(base(.byName) + index * IndexFormat.byNameSize))
    }

    @inline(__always) func byNameLength(_ index: Int) -> Int {
        Int(u32(base(.byName) + index * IndexFormat.byNameSize + 4))
    }

    @inline(__always) func byNamePrefix(_ index: Int) -> UInt64 {
        u64(base(.byName) + index * IndexFormat.byNameSize + 8)
    }

    @inline(__always) func byNamePrefix2(_ index: Int) -> UInt64 {
        u64(base(.byName) + index * IndexFormat.byNameSize + 16)
    }

    // MARK: Prefix nodes

    /// The stored node for words `a..<b`, one kind segment and class, or nil (a light range).
    func node(_ words: Range<Int>, segment: Int, postingClass: IndexFormat.PostingClass) -> Int? {
        node(words, segment: segment, kind: UInt8(postingClass.rawValue))
    }

    /// The stored node for a range of words (`kind` a posting class) or of byName positions
    /// (`kind` ``IndexFormat/nameNodeKind``), or nil.
    func node(_ range: Range<Int>, segment: Int, kind: UInt8) -> Int? {
        let key = (UInt32(range.lowerBound), UInt32(range.upperBound), UInt8(segment), kind)
        var low = 0
        var high = nodeCount
        while low < high {
            let middle = (low + high) / 2
            if nodeKey(middle) < key { low = middle + 1 } else { high = middle }
        }
        guard low < nodeCount, nodeKey(low) == key else { return nil }
        return low
    }

    @inline(__always) private func nodeKey(_ index: Int) -> (UInt32, UInt32, UInt8, UInt8) {
        let entry = base(.nodes) + index * IndexFormat.nodeSize
        return (u32(entry), u32(entry + 4), u8(entry + 8), u8(entry + 9))
    }

    /// The node's list, clamped to the nodeLists section.
    func nodeList(_ index: Int) -> Range<Int> {
        let entry = base(.nodes) + index * IndexFormat.nodeSize
        let start = min(Int(u32(entry + 12)), nodeListCount)
        let count = min(Int(u32(entry + 16)), nodeListCount - start)
        return start..<(start + count)
    }

    /// Postings under the node in all (of its kind and class).
    func nodeTotal(_ index: Int) -> Int { Int(u32(base(.nodes) + index * IndexFormat.nodeSize + 20)) }

    @inline(__always) func nodeListEntry(_ index: Int) -> Int {
        Int(u32(base(.nodeLists) + index * IndexFormat.postingSize))
    }

    @inline(__always) func nodeListHint(_ index: Int) -> UInt32 {
        u32(base(.nodeLists) + index * IndexFormat.postingSize + 4)
    }

    // MARK: Grid

    @inline(__always) func cellKey(_ index: Int) -> UInt64 { u64(base(.cells) + index * IndexFormat.cellSize) }

    func cellPostingRange(_ index: Int) -> Range<Int> {
        let entry = base(.cells) + index * IndexFormat.cellSize
        let start = min(Int(u32(entry + 8)), cellPostingCount)
        let count = min(Int(u32(entry + 12)), cellPostingCount - start)
        return start..<(start + count)
    }

    @inline(__always) func cellPostingWord(_ index: Int) -> Int {
        Int(u32(base(.cellPostings) + index * IndexFormat.cellPostingSize))
    }

    @inline(__always) func cellPostingEntry(_ index: Int) -> Int {
        Int(u32(base(.cellPostings) + index * IndexFormat.cellPostingSize + 4))
    }

    @inline(__always) func cellPostingHint(_ index: Int) -> UInt32 {
        u32(base(.cellPostings) + index * IndexFormat.cellPostingSize + 8)
    }

    // MARK: Shallow trie

    struct TrieNode {
        var words: Range<Int>
        var children: Range<Int>
        var byte: UInt8
        var depth: Int
    }

    /// Node `index` of the shallow trie, its ranges clamped.
    func trieNode(_ index: Int) -> TrieNode {
        let entry =
            directoryBase + IndexFormat.directoryLength + index
            * IndexFormat.trieNodeSize
        let first = min(Int(u32(entry)), wordCount)
        let end = min(max(first, Int(u32(entry + 4))), wordCount)
        let firstChild = min(Int(u32(entry + 8)), trieNodeCount)
        let childEnd = min(firstChild + Int(u16(entry + 12)), trieNodeCount)
        // A child must come after its parent, or a damaged file could loop.
        let children = firstChild > index ? firstChild..<childEnd : childEnd..<childEnd
        return TrieNode(
            words: first..<end, children: children, byte: u8(entry + 14), depth: Int(u8(entry + 15)))
    }

    /// The cells of grid row `row` of `group` (from the directory's row table, clamped).
    func cells(group: Int, row: Int) -> Range<Int> {
        let table = directoryBase + 4 * IndexFormat.rowTableStart(group: group)
        let start = min(Int(u32(table + 4 * row)), cellCount)
        let end = min(Int(u32(table + 4 * (row + 1))), cellCount)
        return start..<max(start, end)
    }

    /// First cell of `range` whose key is ≥ `key`.
    func firstCell(atLeast key: UInt64, in range: Range<Int>) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = (low + high) / 2
            if cellKey(middle) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// First cell whose key is ≥ `key`.
    func firstCell(atLeast key: UInt64) -> Int {
        var low = 0
        var high = cellCount
        while low < high {
            let middle = (low + high) / 2
            if cellKey(middle) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Kind segments

    /// The entries of kind segment `segment` (0 place, 1 street, 2 POI).
    func entrySegment(_ segment: Int) -> Range<Int> { entrySegments[segment]..<entrySegments[segment + 1] }
}
