import Foundation
import PlaceSearch

extension AutocompleteIndexBuilder {
    /// Pass 3: words in byte order with their postings, the heavy prefix nodes, and the grid's
    /// keys with word numbers.
    func writeWords(
        _ byWord: ExternalSorter, cells byWordCell: ExternalSorter, nodes sink: NodeSink, into sections: inout Sections
    ) throws(IndexBuildError) -> ExternalSorter {
        let byCell = sorter("byCell")
        let words = try byWord.sorted()
        let cellWords = try byWordCell.sorted()
        var pendingCell: [UInt8] = []
        var hasPendingCell = false
        func nextCell() throws(IndexBuildError) {
            pendingCell.removeAll(keepingCapacity: true)
            if let item = try cellWords.next() {
                pendingCell.append(contentsOf: item)
                hasPendingCell = true
            } else {
                hasPendingCell = false
            }
        }
        try nextCell()
        var nodes = PrefixNodeBuilder(lists: IndexFormat.listCount, maximumDepth: QueryTerm.maximumBytes)
        let segments = sections.entrySegments.map { UInt64($0) << 32 }
        var postings: [[UInt64]] = [[], []]  // per class, entry << 32 | hint, ascending
        var bounds = Array(repeating: 0..<0, count: IndexFormat.listCount)  // per list, a range of its class's postings
        var current: [UInt8] = []
        var previousWord: [UInt8] = []
        var postingsSoFar = 0
        var key = ByteWriter()

        func emitNode(_ found: PrefixNodeBuilder.Node) throws(IndexBuildError) {
            try sink.emit(found, segment: found.list / 2, kind: UInt8(found.list % 2))
        }

        func finishWord() throws(IndexBuildError) {
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
            postingsSoFar += postings[0].count + postings[1].count
            previousWord.removeAll(keepingCapacity: true)
            previousWord.append(contentsOf: current)
            sections.trie.add(current, index: index)
            for postingClass in 0..<2 {
                let list = postings[postingClass]
                var low = 0
                for segment in 0..<3 {
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
            try typed {
                try postings[0].withUnsafeBufferPointer { first in
                    try postings[1].withUnsafeBufferPointer { later in
                        try current.withUnsafeBytes { word in
                            try nodes.add(
                                word, index: index,
                                postings: { list in
                                    UnsafeBufferPointer(rebasing: (list % 2 == 0 ? first : later)[bounds[list]])
                                }, emit: emitNode)
                        }
                    }
                }
            }
            // The grid keys of this word get its number.
            while hasPendingCell, let end = pendingCell.firstIndex(of: 0), pendingCell[..<end].elementsEqual(current),
                pendingCell.count == end + 14
            {
                key.data.removeAll(keepingCapacity: true)
                key.append(pendingCell[(end + 1)..<(end + 6)])  // group, cell
                key.key32(UInt32(index))
                key.append(pendingCell[(end + 6)...])  // entry, hint
                try byCell.add(key.data)
                try nextCell()
            }
            sections.wordCount += 1
            postings[0].removeAll(keepingCapacity: true)
            postings[1].removeAll(keepingCapacity: true)
        }

        while let item = try words.next() {
            guard item.count >= 10 else { continue }
            let word = UnsafeRawBufferPointer(rebasing: item[0..<(item.count - 10)])
            if !word.elementsEqual(current) {
                try finishWord()
                current.removeAll(keepingCapacity: true)
                current.append(contentsOf: word)
            }
            let value = UInt64(keyU32(item, at: item.count - 8)) << 32 | UInt64(keyU32(item, at: item.count - 4))
            postings[item[item.count - 9] == 0 ? 0 : 1].append(value)
        }
        try finishWord()
        try nodes.finish(end: sections.wordCount, emit: emitNode)
        try sections.trie.finish(wordCount: sections.wordCount, into: sections.trieNodes)
        return byCell
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
