import Foundation
import PlaceCore

extension AutocompleteIndexBuilder {
    /// Pass 3: words in byte order with their postings, the heavy prefix nodes, and the grid's
    /// keys with word numbers.
    func writeWords(
        _ byWord: ExternalSorter, cells byWordCell: ExternalSorter, nodes sink: NodeSink, into sections: inout Sections
    ) throws(IndexBuildError) -> ExternalSorter {
        var pass = WordsPass(
            cells: CellKeys(cellWords: try byWordCell.sorted(), byCell: sorter("byCell")), sink: sink,
            segments: sections.entrySegments.map { UInt64($0) << 32 })
        let words = try byWord.sorted()
        while let item = try words.next() {
            guard item.count >= 10 else { continue }
            let word = UnsafeRawBufferPointer(rebasing: item[0..<(item.count - 10)])
            if !pass.current.withUnsafeBytes({ compareBytes($0, word) == 0 }) {
                try pass.finishWord(into: &sections)
                pass.current.removeAll(keepingCapacity: true)
                pass.current.append(contentsOf: word)
            }
            let value = UInt64(keyU32(item, at: item.count - 8)) << 32 | UInt64(keyU32(item, at: item.count - 4))
            if item[item.count - 9] == 0 { pass.first.append(value) } else { pass.later.append(value) }
        }
        try pass.finishWord(into: &sections)
        try pass.nodes.finish(end: sections.wordCount, emit: sink.emitWordNode)
        try sections.trie.finish(wordCount: sections.wordCount, into: sections.trieNodes)
        return try pass.cells.finish()
    }

    /// The nodes in their sorted order, from the sorter that collected them.
    func writeNodes(_ nodeOrder: ExternalSorter, into sections: inout Sections) throws(IndexBuildError) {
        let sortedNodes = try nodeOrder.sorted()
        while let node = try sortedNodes.next() {
            guard node.count == 22 else { continue }
            try sections.nodes.u32(keyU32(node, at: 0))
            try sections.nodes.u32(keyU32(node, at: 4))
            try sections.nodes.u8(node[8])
            try sections.nodes.u8(node[9])
            try sections.nodes.u16(0)
            try sections.nodes.write(UnsafeRawBufferPointer(rebasing: node[10..<22]))
            sections.nodeCount += 1
        }
    }
}

/// Pass 3's state between words: a struct with mutating methods rather than closures over local
/// variables, which Swift boxes and checks at run time (a sixth of the pass).
private struct WordsPass {
    /// The grid keys, numbered on a second thread.
    let cells: CellKeys
    let sink: NodeSink
    /// Each kind segment's first entry, `<< 32`, to split postings by segment.
    let segments: [UInt64]
    var nodes = PrefixNodeBuilder(lists: IndexFormat.listCount, maximumDepth: QueryTerm.maximumBytes)
    /// The current word, and its postings per class (`entry << 32 | hint`, ascending).
    var current: [UInt8] = []
    var first: [UInt64] = []
    var later: [UInt64] = []
    /// Per list, the range of its class's postings.
    var bounds = Array(repeating: 0..<0, count: IndexFormat.listCount)
    var previousWord: [UInt8] = []
    var postingsSoFar = 0

    init(cells: CellKeys, sink: NodeSink, segments: [UInt64]) {
        self.cells = cells
        self.sink = sink
        self.segments = segments
    }

    mutating func finishWord(into sections: inout AutocompleteIndexBuilder.Sections) throws(IndexBuildError) {
        guard !current.isEmpty else { return }
        let index = sections.wordCount
        let location = try sections.blob.add(current)
        var common = 0
        while common < previousWord.count, common < current.count, previousWord[common] == current[common] {
            common += 1
        }
        try sections.words.u32(location.offset)
        try sections.words.u16(UInt16(min(location.length, 0xFFFF)))
        try sections.words.u8(UInt8(min(common, 255)))
        try sections.words.u8(0)
        try sections.words.u64(textPrefix(current))
        try sections.words.u32(UInt32(truncatingIfNeeded: postingsSoFar))
        postingsSoFar += first.count + later.count
        previousWord.removeAll(keepingCapacity: true)
        previousWord.append(contentsOf: current)
        sections.trie.add(current, index: index)
        try writePostings(of: first, postingClass: 0, word: index, into: &sections)
        try writePostings(of: later, postingClass: 1, word: index, into: &sections)
        try Self.addNodes(&nodes, word: current, index: index, first: first, later: later, bounds: bounds, sink: sink)
        try cells.add(word: current, index: index)
        sections.wordCount += 1
        first.removeAll(keepingCapacity: true)
        later.removeAll(keepingCapacity: true)
    }

    private static func addNodes(
        _ nodes: inout PrefixNodeBuilder, word: [UInt8], index: Int, first: [UInt64], later: [UInt64], bounds: [Range<Int>],
        sink: NodeSink
    ) throws(IndexBuildError) {
        try typed {
            try first.withUnsafeBufferPointer { first in
                try later.withUnsafeBufferPointer { later in
                    try word.withUnsafeBytes { word in
                        try nodes.add(
                            word, index: index,
                            postings: { list in UnsafeBufferPointer(rebasing: (list % 2 == 0 ? first : later)[bounds[list]]) },
                            emit: sink.emitWordNode)
                    }
                }
            }
        }
    }

    /// A class's postings, split by kind segment into its lists.
    private mutating func writePostings(
        of list: [UInt64], postingClass: Int, word index: Int, into sections: inout AutocompleteIndexBuilder.Sections
    ) throws(IndexBuildError) {
        var low = 0
        for segment in IndexFormat.segmentKinds.indices {
            var high = low
            while high < list.count, list[high] < segments[segment + 1] { high += 1 }
            let number = segment * 2 + postingClass
            bounds[number] = low..<high
            if high > low {
                try sections.wordLists[number].u32(UInt32(index))
                try sections.wordLists[number].u32(UInt32(sections.postingCounts[number]))
                for value in list[low..<high] {
                    try sections.postings[number].u32(UInt32(truncatingIfNeeded: value >> 32))
                    try sections.postings[number].u32(UInt32(truncatingIfNeeded: value))
                }
                sections.wordListRows[number] += 1
                sections.postingCounts[number] += high - low
            }
            low = high
        }
    }
}
