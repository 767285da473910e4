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

    let lists: Int
    let listLength: Int
    let threshold: Int
    let maximumDepth: Int
    /// The stack, one level per prefix length, flat (a level's arrays would be retained and
    /// released at every close): level d's first string is `starts[d]`; its list l's smallest
    /// entries are `smallest[(d * lists + l) * N ..< … + counts[d * lists + l]]`, of `totals[…]`.
    private var starts: [Int]
    private var smallest: [UInt64]
    private var counts: [Int]
    private var totals: [Int]
    /// Levels in use.
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
        starts = Array(repeating: 0, count: maximumDepth)
        smallest = Array(repeating: 0, count: maximumDepth * lists * listLength)
        counts = Array(repeating: 0, count: maximumDepth * lists)
        totals = Array(repeating: 0, count: maximumDepth * lists)
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
            starts[depth] = index
            for slot in (depth * lists)..<((depth + 1) * lists) {
                counts[slot] = 0
                totals[slot] = 0
            }
            depth += 1
        }
        if target > 0 {
            for list in 0..<lists {
                let incoming = postings(list)
                totals[(target - 1) * lists + list] += incoming.count
                mergeInto((target - 1) * lists + list, incoming)
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
            let strings = starts[depth]..<end
            for list in 0..<lists {
                let slot = depth * lists + list
                guard strings.count >= 2, totals[slot] > threshold, lastEmitted[list] != strings else { continue }
                let base = slot * listLength
                try emit(Node(strings: strings, list: list, entries: smallest[base..<(base + counts[slot])], total: totals[slot]))
                lastEmitted[list] = strings
            }
            guard depth > 0 else { continue }
            for list in 0..<lists {
                let slot = depth * lists + list
                let parent = slot - lists
                totals[parent] += totals[slot]
                mergeInto(parent, from: slot * listLength, count: counts[slot])
            }
        }
    }

    /// Merges an ascending list into a level's list (a slot: level × lists + list), keeping the
    /// N smallest distinct entries.
    private mutating func mergeInto(_ slot: Int, _ incoming: UnsafeBufferPointer<UInt64>) {
        guard !incoming.isEmpty else { return }
        let base = slot * listLength
        let count = counts[slot]
        let listLength = listLength
        let output = smallest.withUnsafeMutableBufferPointer { smallest in
            merged.withUnsafeMutableBufferPointer { merged in
                Self.merge(UnsafeBufferPointer(rebasing: smallest[base..<(base + count)]), incoming, into: merged, limit: listLength)
            }
        }
        for index in 0..<output { smallest[base + index] = merged[index] }
        counts[slot] = output
    }

    /// A child level's list (in `smallest` at `start`) into its parent's slot.
    private mutating func mergeInto(_ slot: Int, from start: Int, count: Int) {
        guard count > 0 else { return }
        let base = slot * listLength
        let current = counts[slot]
        let listLength = listLength
        let output = smallest.withUnsafeMutableBufferPointer { smallest in
            merged.withUnsafeMutableBufferPointer { merged in
                Self.merge(
                    UnsafeBufferPointer(rebasing: smallest[base..<(base + current)]),
                    UnsafeBufferPointer(rebasing: smallest[start..<(start + count)]), into: merged, limit: listLength)
            }
        }
        for index in 0..<output { smallest[base + index] = merged[index] }
        counts[slot] = output
    }

    /// The `limit` smallest distinct values of two ascending lists, ascending; how many.
    private static func merge(
        _ left: UnsafeBufferPointer<UInt64>, _ right: UnsafeBufferPointer<UInt64>, into output: UnsafeMutableBufferPointer<UInt64>,
        limit: Int
    ) -> Int {
        var i = 0
        var j = 0
        var count = 0
        while count < limit, i < left.count || j < right.count {
            let value: UInt64
            if j >= right.count || (i < left.count && left[i] <= right[j]) {
                value = left[i]
                i += 1
            } else {
                value = right[j]
                j += 1
            }
            if count == 0 || output[count - 1] != value {
                output[count] = value
                count += 1
            }
        }
        return count
    }
}
