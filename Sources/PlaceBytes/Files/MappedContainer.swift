/// What the name index and the walking graph files share, checked once for both when one is
/// opened: the header (magic, version, a checksum of the header, its own size, the file's size)
/// and the section table (``SectionTable``). Each format reads its own counts and sections after.
///
///     0   magic (8 bytes)      8  version (u32)     12  header size (u32)     16  file size (u64)
///     …   the format's counts  table: (offset, length) per section           checksum of what precedes it
package struct MappedContainer {
    /// One format's fixed places and expectations.
    package struct Layout {
        package var magic: [UInt8]
        package var version: UInt32
        package var headerSize: Int
        package var sectionTableOffset: Int
        /// Where the header's checksum is: FNV-1a of the bytes before it.
        package var checksumOffset: Int
        /// The entry size of each section, in the table's order.
        package var strides: [Int]

        package init(magic: [UInt8], version: UInt32, headerSize: Int, sectionTableOffset: Int, checksumOffset: Int, strides: [Int]) {
            self.magic = magic
            self.version = version
            self.headerSize = headerSize
            self.sectionTableOffset = sectionTableOffset
            self.checksumOffset = checksumOffset
            self.strides = strides
        }
    }

    /// The first thing found wrong, in the order checked.
    package enum Problem: Error, Equatable {
        case tooSmall(Int)
        case badMagic
        /// Read before the checksum: another version may lay its header out otherwise.
        case unsupportedVersion(UInt32)
        case badChecksum
        case badHeaderSize
        case sizeMismatch(expected: UInt64, actual: Int)
        /// The section at this place in the table lies outside the file or holds part of an entry.
        case badSection(Int)
    }

    /// Each section's byte offset and length, in the table's order.
    package let offsets: [Int]
    package let lengths: [Int]

    package init(_ file: MappedFile, _ layout: Layout) throws(Problem) {
        let size = file.size
        guard size >= layout.headerSize else { throw .tooSmall(size) }
        guard (0..<layout.magic.count).allSatisfy({ file.u8($0) == layout.magic[$0] }) else { throw .badMagic }
        let version = file.u32(8)
        guard version == layout.version else { throw .unsupportedVersion(version) }
        let computed = MappedFile.fnv1a(UnsafeRawBufferPointer(start: file.base, count: layout.checksumOffset))
        guard file.u64(layout.checksumOffset) == computed else { throw .badChecksum }
        guard file.u32(12) == UInt32(layout.headerSize) else { throw .badHeaderSize }
        let declared = file.u64(16)
        guard declared == UInt64(size) else { throw .sizeMismatch(expected: declared, actual: size) }
        switch SectionTable.read(file, tableOffset: layout.sectionTableOffset, headerSize: layout.headerSize, strides: layout.strides) {
        case .success(let found):
            offsets = found.map(\.offset)
            lengths = found.map(\.length)
        case .failure(let bad):
            throw .badSection(bad.number)
        }
    }
}

/// A format's own problems, worded as its readers' errors word them: the name index's and the
/// walking graph's errors have one case for each ``MappedContainer/Problem``.
package protocol MappedFileProblem {
    static func tooSmall(_ size: Int) -> Self
    static var badMagic: Self { get }
    static func unsupportedVersion(_ version: UInt32) -> Self
    static var badChecksum: Self { get }
    static func sizeMismatch(expected: UInt64, actual: Int) -> Self
    static func badSection(_ name: String) -> Self
}

extension MappedContainer.Problem {
    /// This problem as `Problem`'s case, a section named by `sectionName` (the header as "header").
    package func worded<Problem: MappedFileProblem>(as _: Problem.Type, sectionName: (Int) -> String) -> Problem {
        switch self {
        case .tooSmall(let size): .tooSmall(size)
        case .badMagic: .badMagic
        case .unsupportedVersion(let version): .unsupportedVersion(version)
        case .badChecksum: .badChecksum
        case .badHeaderSize: .badSection("header")
        case .sizeMismatch(let expected, let actual): .sizeMismatch(expected: expected, actual: actual)
        case .badSection(let number): .badSection(sectionName(number))
        }
    }
}
