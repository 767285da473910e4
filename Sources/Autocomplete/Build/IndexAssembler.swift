import PlaceBytes
import PlaceCore

/// Puts the header and the sections together into one file (``IndexFormat``).
enum IndexAssembler {
    struct Counts {
        var records: Int
        var entries: Int
        var words: Int
        var nodes: Int
        var cells: Int
        var entrySegments: [Int]
        var recordSegments: [Int]
        /// Per posting list, its first row in wordLists, and the row count.
        var listTables: [Int]
        /// Per posting list, its first posting, and the posting count.
        var listPostings: [Int]
        /// Where a lookup without a focus is focused (``Localities/dataCentre``).
        var dataCentre: (latitude: Double, longitude: Double)?
        /// Per grid group, the first cell of each row, then the group's end.
        var rowStarts: [[Int]]
    }

    /// - Parameter sections: each section as the parts it is the concatenation of.
    static func assemble(file: ByteOutput, sourceGeneration: UInt32 = 0, counts: Counts, trie: ByteOutput, sections: [[ByteOutput]])
        throws(IndexBuildError) -> AutocompleteIndexBuilder.Summary
    {
        let directory = ByteOutput()
        for value in counts.entrySegments + counts.recordSegments + counts.listTables + counts.listPostings {
            try directory.u32(UInt32(value))
        }
        let centre = counts.dataCentre.map { (Int32(($0.latitude * 1e7).rounded()), Int32(($0.longitude * 1e7).rounded())) }
        try directory.u32(UInt32(bitPattern: centre?.0 ?? IndexFormat.noCoordinate))
        try directory.u32(UInt32(bitPattern: centre?.1 ?? 0))
        for table in counts.rowStarts { for value in table { try directory.u32(UInt32(value)) } }
        let sections = [[directory, trie]] + sections
        for parts in sections { for part in parts { try part.close() } }
        let (table, fileSize) = SectionTable.positions(
            lengths: sections.map { $0.reduce(0) { $0 + $1.count } }, headerSize: IndexFormat.headerSize)
        guard counts.records < Int(UInt32.max), counts.entries < Int(UInt32.max), counts.words < Int(UInt32.max) else {
            throw IndexBuildError(path: file.path ?? "(memory)", reason: "too many names for one index")
        }

        var header = ByteWriter()
        header.append(IndexFormat.magic)
        header.u32(IndexFormat.version)
        header.u32(UInt32(IndexFormat.headerSize))
        header.u32(UInt32(truncatingIfNeeded: UInt64(fileSize)))
        header.u32(UInt32(truncatingIfNeeded: UInt64(fileSize) >> 32))
        for value in [
            counts.records, counts.entries, counts.words, counts.nodes, counts.cells, IndexFormat.nodeListLength,
        ] {
            header.u32(UInt32(value))
        }
        header.u32(UInt32(IndexFormat.heavyThreshold))
        header.u32(sourceGeneration)
        for (start, length) in table {
            header.u32(UInt32(truncatingIfNeeded: start))
            header.u32(UInt32(truncatingIfNeeded: start >> 32))
            header.u32(UInt32(truncatingIfNeeded: length))
            header.u32(UInt32(truncatingIfNeeded: length >> 32))
        }
        header.append(repeatElement(0, count: IndexFormat.checksumOffset - header.data.count))
        let checksum = header.data.withUnsafeBytes { IndexFormat.fnv1a($0) }
        header.u32(UInt32(truncatingIfNeeded: checksum))
        header.u32(UInt32(truncatingIfNeeded: checksum >> 32))

        try file.write(header.data)
        for parts in sections {
            try file.align(8)
            for part in parts { try part.forEachChunk { (chunk) throws(IndexBuildError) in try file.write(chunk) } }
        }
        try file.align(8)
        return .init(records: counts.records, entries: counts.entries, bytes: fileSize)
    }
}
