/// Collects the prefixes of up to ``IndexFormat/trieDepth`` bytes of the word table while the
/// words stream past in order, and lays them out breadth first (``IndexFormat``, directory).
struct ShallowTrieBuilder {
    private struct Node {
        var start: Int
        var end: Int
        var byte: UInt8
    }

    /// Closed nodes per depth (1…3), in word order.
    private var levels: [[Node]] = Array(repeating: [], count: IndexFormat.trieDepth + 1)
    private var open: [Node?] = Array(repeating: nil, count: IndexFormat.trieDepth + 1)
    private var previous: [UInt8] = []
    /// Past this many nodes at one depth (scripts with many lead bytes), that depth is dropped.
    static let maximumNodes = 1 << 20

    mutating func add(_ word: [UInt8], index: Int) {
        var common = 0
        while common < min(previous.count, word.count, IndexFormat.trieDepth), previous[common] == word[common] {
            common += 1
        }
        close(downTo: common, end: index)
        for depth in stride(from: common + 1, through: min(word.count, IndexFormat.trieDepth), by: 1) {
            open[depth] = Node(start: index, end: index, byte: word[depth - 1])
        }
        previous = word
    }

    private mutating func close(downTo depth: Int, end: Int) {
        for level in stride(from: IndexFormat.trieDepth, to: depth, by: -1) {
            guard var node = open[level] else { continue }
            node.end = end
            if levels[level].count < Self.maximumNodes { levels[level].append(node) }
            open[level] = nil
        }
    }

    /// The nodes, breadth first, as directory bytes.
    mutating func finish(wordCount: Int, into output: ByteOutput) throws(IndexBuildError) {
        close(downTo: 0, end: wordCount)
        // A depth that overflowed is dropped with everything below it.
        var depths = 0
        while depths < IndexFormat.trieDepth, levels[depths + 1].count < Self.maximumNodes { depths += 1 }
        // Node numbers: the root 0, then depth 1 from 1, depth 2 after them, and so on.
        var start = [0, 1]
        for depth in 1..<max(1, depths) { start.append(start[depth] + levels[depth].count) }
        func write(_ node: Node, depth: Int, children: Range<Int>) throws(IndexBuildError) {
            try output.u32(UInt32(node.start))
            try output.u32(UInt32(node.end))
            try output.u32(UInt32(children.lowerBound))
            try output.u16(UInt16(children.count))
            try output.u8(node.byte)
            try output.u8(UInt8(depth))
        }
        // The children of a node at depth d are the nodes of depth d + 1 inside its words.
        func childRanges(_ depth: Int) -> [Range<Int>] {
            let parents = depth == 0 ? [Node(start: 0, end: wordCount, byte: 0)] : levels[depth]
            guard depth < depths else { return parents.map { _ in 0..<0 } }
            let children = levels[depth + 1]
            var result: [Range<Int>] = []
            var child = 0
            for parent in parents {
                while child < children.count, children[child].start < parent.start { child += 1 }
                let first = child
                while child < children.count, children[child].start < parent.end { child += 1 }
                result.append((start[depth + 1] + first)..<(start[depth + 1] + child))
            }
            return result
        }
        guard depths > 0, wordCount > 0 else { return }
        try write(Node(start: 0, end: wordCount, byte: 0), depth: 0, children: childRanges(0)[0])
        for depth in 1...depths {
            for (node, children) in zip(levels[depth], childRanges(depth)) {
                try write(node, depth: depth, children: children)
            }
        }
    }
}
