/// Finds the heavy prefix nodes of a sorted string table while the strings stream past, and the
/// N smallest entry indices under each (see ``IndexFormat``, section nodes). Values are
/// `entry << 32 | hint`, so they order by entry.
///
/// A stack holds one level per prefix length of the current string. When the next string shares
/// only L bytes with the last, the levels deeper than L are closed: a level covering two or more
/// strings whose postings in one list number more than T is written, and its N smallest entries
/// and its count are folded into its parent. Memory: the stack (depth × lists × N entries), not
/// the table; nothing is allocated per string.
struct PrefixNodeBuilder {
    struct Node {
        var strings: Range<Int>
        var list: Int
        var entries: ArraySlice<UInt64>
        var total: Int
    }

    private struct Level {
        var start = 0
        /// `lists × N` slots: list l's smallest entries are `smallest[l*N ..< l*N + counts[l]]`.
        var smallest: [UInt64]
        var counts: [Int]
        var totals: [Int]

        init(lists: Int, length: Int) {
            smallest = Array(repeating: 0, count: lists * length)
            counts = Array(repeating: 0, count: lists)
            totals = Array(repeating: 0, count: lists)
        }

        mutating func reset(start: Int) {
            self.start = start
            for index in counts.indices {
                counts[index] = 0
                totals[index] = 0
            }
        }
    }

    let lists: Int
    let listLength: Int
    let threshold: Int
    let maximumDepth: Int
    private var levels: [Level] = []
    /// Levels in use (the others are kept for reuse).
    private var depth = 0
    private var previous: [UInt8] = []
    private var lastEmitted: [Range<Int>?]
    private var merged: [UInt64]

    init(
        lists: Int, maximumDepth: Int, listLength: Int = IndexFormat.nodeListLength,
        threshold: Int = IndexFormat.heavyThreshold
    ) {
        self.lists = lists
        self.maximumDepth = maximumDepth
        self.listLength = listLength
        self.threshold = threshold
        lastEmitted = Array(repeating: nil, count: lists)
        merged = Array(repeating: 0, count: listLength)
    }

    /// Adds string number `index`; `postings(list)` gives its entries in a list, ascending.
    mutating func add(
        _ string: UnsafeRawBufferPointer, index: Int, postings: (Int) -> UnsafeBufferPointer<UInt64>,
        emit: (Node) throws(IndexBuildError) -> Void
    ) throws(IndexBuildError) {
        var common = 0
        let limit = min(previous.count, string.count, maximumDepth)
        while common < limit, previous[common] == string[common] { common += 1 }
        try close(downTo: common, end: index, emit: emit)
        let target = min(string.count, maximumDepth)
        while depth < target {
            if levels.count == depth { levels.append(Level(lists: lists, length: listLength)) }
            levels[depth].reset(start: index)
            depth += 1
        }
        if target > 0 {
            for list in 0..<lists {
                let incoming = postings(list)
                levels[target - 1].totals[list] += incoming.count
                mergeInto(target - 1, list, incoming)
            }
        }
        previous.removeAll(keepingCapacity: true)
        previous.append(contentsOf: string)
    }

    /// Closes every level; `end` is the number of strings.
    mutating func finish(end: Int, emit: (Node) throws(IndexBuildError) -> Void) throws(IndexBuildError) {
        try close(downTo: 0, end: end, emit: emit)
    }

    private mutating func close(downTo target: Int, end: Int, emit: (Node) throws(IndexBuildError) -> Void)
        throws(IndexBuildError)
    {
        while depth > target {
            depth -= 1
            let level = levels[depth]
            let strings = level.start..<end
            for list in 0..<lists
            where strings.count >= 2 && level.totals[list] > threshold && lastEmitted[list] != strings {
                let base = list * listLength
                try emit(
                    Node(
                        strings: strings, list: list, entries: level.smallest[base..<(base + level.counts[list])],
                        total: level.totals[list]))
                lastEmitted[list] = strings
            }
            if depth > 0 {
                for list in 0..<lists {
                    levels[depth - 1].totals[list] += level.totals[list]
                    let base = list * listLength
                    level.smallest.withUnsafeBufferPointer { buffer in
                        mergeInto(
                            depth - 1, list, UnsafeBufferPointer(rebasing: buffer[base..<(base + level.counts[list])]))
                    }
                }
            }
        }
    }

    /// Merges an ascending list into a level's list, keeping the N smallest distinct entries.
    private mutating func mergeInto(_ level: Int, _ list: Int, _ incoming: UnsafeBufferPointer<UInt64>) {
        guard !incoming.isEmpty else { return }
        let base = list * listLength
        let count = levels[level].counts[list]
        var i = 0
        var j = 0
        var output = 0
        while output < listLength, i < count || j < incoming.count {
            let value: UInt64
            if j >= incoming.count || (i < count && levels[level].smallest[base + i] <= incoming[j]) {
                value = levels[level].smallest[base + i]
                i += 1
            } else {
                value = incoming[j]
                j += 1
            }
            if output == 0 || merged[output - 1] != value {
                merged[output] = value
                output += 1
            }
        }
        for index in 0..<output { levels[level].smallest[base + index] = merged[index] }
        levels[level].counts[list] = output
    }
}
