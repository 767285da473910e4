/// The sections of an index file and the table of (offset, length) pairs in its header that finds
/// them: each section starts 8-byte aligned after the header and holds a whole number of entries.
/// The name index and the walking graph lay their files out this way.
package enum SectionTable {
    /// Where sections of `lengths` bytes go: each 8-byte aligned after a header of `headerSize`
    /// bytes; the file's size is padded to 8. For a writer that streams its sections to disk.
    package static func positions(lengths: [Int], headerSize: Int) -> (
        table: [(offset: UInt64, length: UInt64)], fileSize: Int
    ) {
        var offset = headerSize
        var table: [(offset: UInt64, length: UInt64)] = []
        for length in lengths {
            offset = (offset + 7) / 8 * 8
            table.append((UInt64(offset), UInt64(length)))
            offset += length
        }
        return (table, (offset + 7) / 8 * 8)
    }

    /// A file of `headerSize` zero bytes (the caller writes the header over them) followed by the
    /// sections, each 8-byte aligned, the whole padded to 8; and the table to write in the header.
    package static func layOut(_ sections: [[UInt8]], headerSize: Int) -> (
        file: ByteWriter, table: [(offset: UInt64, length: UInt64)]
    ) {
        let placed = positions(lengths: sections.map(\.count), headerSize: headerSize)
        var file = ByteWriter()
        file.data.reserveCapacity(placed.fileSize)
        file.bytes([UInt8](repeating: 0, count: headerSize))
        for section in sections {
            file.align(8)
            file.bytes(section)
        }
        file.align(8)
        return (file, placed.table)
    }

    /// Reads the table at `tableOffset`: one 16-byte entry per stride given. Each section must lie
    /// after the header and inside the file, start 8-byte aligned and hold a whole number of
    /// entries of its stride.
    /// - Returns: the sections' byte offsets and lengths, or the number of the first that is wrong.
    package static func read(
        _ file: MappedFile, tableOffset: Int, headerSize: Int, strides: [Int]
    ) -> Result<[(offset: Int, length: Int)], BadSection> {
        let size = UInt64(file.size)
        var sections: [(offset: Int, length: Int)] = []
        for (number, stride) in strides.enumerated() {
            let entry = tableOffset + number * 16
            guard entry + 16 <= file.size else { return .failure(BadSection(number: number)) }
            let offset = file.u64(entry)
            let length = file.u64(entry + 8)
            guard offset >= UInt64(headerSize), offset % 8 == 0, offset <= size, length <= size - offset,
                length % UInt64(stride) == 0
            else { return .failure(BadSection(number: number)) }
            sections.append((Int(offset), Int(length)))
        }
        return .success(sections)
    }

    /// Which section of the table is wrong, by its place in the table.
    package struct BadSection: Error, Equatable {
        package var number: Int
    }
}
