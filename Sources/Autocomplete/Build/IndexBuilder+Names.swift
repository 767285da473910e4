import Foundation
import PlaceCore

extension AutocompleteIndexBuilder {
    /// Pass 4: entries by kind segment and folded form, and the heavy prefix nodes of the folded
    /// forms themselves (a query's words in order are a prefix of the names that match in order).
    /// It touches nothing else of the build, so it runs beside pass 3 (``writeWords``).
    static func writeByName(_ byName: ExternalSorter, nodes sink: NodeSink, into output: ByteOutput) throws(IndexBuildError) {
        let sorted = try byName.sorted()
        var position = 0
        var segment = -1
        var nodes = PrefixNodeBuilder(lists: 1, maximumDepth: IndexFormat.maximumNameDepth)
        func emit(_ found: PrefixNodeBuilder.Node) throws(IndexBuildError) {
            try sink.emit(found, segment: segment, kind: IndexFormat.nameNodeKind)
        }
        var entry: [UInt64] = [0]
        while let item = try sorted.next() {
            guard item.count >= 10 else { continue }
            let itemSegment = Int(item[0])
            if itemSegment != segment {
                if segment >= 0 { try nodes.finish(end: position, emit: emit) }
                nodes = PrefixNodeBuilder(lists: 1, maximumDepth: IndexFormat.maximumNameDepth)
                segment = itemSegment
            }
            entry[0] = UInt64(keyU32(item, at: item.count - 8)) << 32 | UInt64(keyU32(item, at: item.count - 4))
            let folded = UnsafeRawBufferPointer(rebasing: item[1..<(item.count - 9)])
            try output.u32(keyU32(item, at: item.count - 8))
            try output.u32(UInt32(folded.count))
            try output.u64(textPrefix(folded))
            try output.u64(textPrefix2(folded))
            try typed {
                try entry.withUnsafeBufferPointer { list in
                    try nodes.add(folded, index: position, postings: { _ in list }, emit: emit)
                }
            }
            position += 1
        }
        if segment >= 0 { try nodes.finish(end: position, emit: emit) }
    }

    /// Row tables with every row filled: an empty row starts where the next one does.
    static func completed(_ tables: [[Int]], cellCount: Int) -> [[Int]] {
        var tables = tables
        var next = cellCount
        for group in stride(from: tables.count - 1, through: 0, by: -1) {
            for row in stride(from: tables[group].count - 1, through: 0, by: -1) {
                if tables[group][row] < 0 { tables[group][row] = next } else { next = tables[group][row] }
            }
        }
        return tables
    }

    /// Pass 5: the grid, cell by cell.
    func writeCells(_ byCell: ExternalSorter, into sections: inout Sections) throws(IndexBuildError) {
        let sorted = try byCell.sorted()
        var currentKey: UInt64?
        var start = 0
        var count = 0
        func finishCell() throws(IndexBuildError) {
            guard let currentKey, count > 0 else { return }
            try sections.cells.u64(currentKey)
            try sections.cells.u32(UInt32(start))
            try sections.cells.u32(UInt32(count))
            sections.cellCount += 1
        }
        var pairs = 0
        while let item = try sorted.next() {
            guard item.count == 17 else { continue }
            let key = UInt64(item[0]) << 32 | UInt64(keyU32(item, at: 1))
            if key != currentKey {
                try finishCell()
                let group = Int(item[0])
                let row = Int(keyU32(item, at: 1)) / 65_536
                if group < 2, row < sections.rowStarts[group].count - 1, sections.rowStarts[group][row] < 0 {
                    sections.rowStarts[group][row] = sections.cellCount
                }
                currentKey = key
                start = pairs
                count = 0
            }
            try sections.cellPostings.u32(keyU32(item, at: 5))
            try sections.cellPostings.u32(keyU32(item, at: 9))
            try sections.cellPostings.u32(keyU32(item, at: 13))
            count += 1
            pairs += 1
        }
        try finishCell()
    }
}
