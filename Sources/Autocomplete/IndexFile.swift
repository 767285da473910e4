public import PlaceSearch
import Foundation

/// Why an autocomplete index file could not be opened.
public struct IndexFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Problem: Equatable, Sendable {
        case cannotRead(String)
        case tooSmall(Int)
        case badMagic
        case unsupportedVersion(UInt32)
        case badChecksum
        case sizeMismatch(expected: UInt64, actual: Int)
        case badSection(String)
    }

    public var path: String
    public var problem: Problem

    public var description: String {
        switch problem {
        case .cannotRead(let reason): "\(path): cannot read the autocomplete index (\(reason))"
        case .tooSmall(let size): "\(path): \(size) bytes is too small for an autocomplete index"
        case .badMagic: "\(path): not an autocomplete index (no PLCSNAME header)"
        case .unsupportedVersion(let version): "\(path): autocomplete index version \(version) is not supported (this build reads \(IndexFormat.version)); rebuild it"
        case .badChecksum: "\(path): the autocomplete index header is corrupt (checksum mismatch)"
        case .sizeMismatch(let expected, let actual): "\(path): the autocomplete index is truncated or padded (header says \(expected) bytes, file has \(actual))"
        case .badSection(let name): "\(path): the autocomplete index section '\(name)' lies outside the file or has a wrong size"
        }
    }
}

/// The on-disk layout, version 1. Everything little-endian, every section 8-byte aligned, used in
/// place after mmap: opening reads the 256-byte header and nothing else.
///
/// ```
/// 0    "PLCSNAME"                      magic
/// 8    u32 version (1)    u32 header size (256)
/// 16   u64 file size
/// 24   u32 records        u32 wide-decay records (kind place, sorted first)
/// 32   u32 words          u32 prefixes     u32 cells     u32 prefix top-K
/// 48   u32 cell size (1e-4 degrees)        u32 reserved
/// 56   9 × (u64 offset, u64 length): records, words, postings, byName, prefixes, prefixTop,
///      cells, cellRecords, blob
/// 200  u64 FNV-1a of bytes 0..<200
/// ```
///
/// Sections:
/// - records, 48 bytes each, sorted by (kind place first, importance descending, folded name, id),
///   so a record's index orders by importance and a posting list read front to back is a
///   best-first stream: u32 name offset, name length, id offset, id length, folded offset,
///   folded length, detail offset, detail length (0xFFFFFFFF = none) into the blob; f32 importance;
///   u8 kind; 3 bytes padding; i32 latitude, i32 longitude in 1e-7 degrees (Int32.min = none).
/// - words, 16 bytes each, distinct folded words in byte order: u32 blob offset, u32 length,
///   u32 first posting, u32 posting count.
/// - postings: u32 record indices, ascending per word.
/// - byName: u32 record indices sorted by folded name (exact whole-name look-ups).
/// - prefixes, 16 bytes each, every word prefix of 1–3 bytes in byte order: u32 blob offset,
///   u32 length, u32 first entry in prefixTop, u32 count.
/// - prefixTop: u32 record indices, the best `prefixTopK` by score (no focus) for a one-word query.
/// - cells, 12 bytes each, sorted: u32 key (row × 65536 + column of a 0.02° grid), u32 first entry
///   in cellRecords, u32 count. cellRecords: u32 record indices, ascending per cell.
/// - blob: UTF-8 bytes.
enum IndexFormat {
    static let magic: [UInt8] = Array("PLCSNAME".utf8)
    static let version: UInt32 = 1
    static let headerSize = 256
    static let checksumOffset = 200
    static let sectionTableOffset = 56
    static let recordSize = 48
    static let wordSize = 16
    static let prefixSize = 16
    static let cellSize = 12
    static let noDetail: UInt32 = 0xFFFF_FFFF
    static let noCoordinate = Int32.min
    /// For one-word queries of 1–3 bytes, the best this many per prefix are stored.
    static let prefixTopK = 32
    /// Longest prefix (bytes) with a stored top-K.
    static let maxTablePrefix = 3
    /// Grid cell edge in degrees: 0.02° is about 2.2 km north–south, 1.4 km east–west at 52° N.
    static let gridDegrees = 0.02
    static let gridColumns = 18_000  // 360 / 0.02

    enum Section: Int, CaseIterable {
        case records, words, postings, byName, prefixes, prefixTop, cells, cellRecords, blob

        var name: String { "\(self)" }
        /// Size of one entry; the section length must be a multiple of it.
        var stride: Int {
            switch self {
            case .records: IndexFormat.recordSize
            case .words: IndexFormat.wordSize
            case .prefixes: IndexFormat.prefixSize
            case .cells: IndexFormat.cellSize
            case .postings, .byName, .prefixTop, .cellRecords: 4
            case .blob: 1
            }
        }
    }

    static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 { MappedFile.fnv1a(bytes) }

    static func cellKey(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        let row = min(8_999, max(0, Int(((latitude + 90) / gridDegrees).rounded(.down))))
        let column = min(gridColumns - 1, max(0, Int(((longitude + 180) / gridDegrees).rounded(.down))))
        return (row, column)
    }
}

/// The bytes of an index: mapped from a file or allocated for one built in memory.
typealias IndexStorage = MappedFile

extension MappedFile {
    /// Maps the index file at `path`; a file too small for the header is refused before mapping.
    convenience init(mappingIndex path: String) throws(IndexFileError) {
        do {
            try self.init(mapping: path)
        } catch {
            throw IndexFileError(path: path, problem: .cannotRead(error.reason))
        }
        guard size >= IndexFormat.headerSize else { throw IndexFileError(path: path, problem: .tooSmall(size)) }
    }
}

/// Typed access to the sections of a validated index. Every read of an offset or a count that
/// comes from the file is clamped or checked, so a corrupt body yields wrong or missing answers,
/// never an out-of-bounds read.
struct IndexView: @unchecked Sendable {
    let storage: IndexStorage
    let recordCount: Int
    let placeCount: Int
    let wordCount: Int
    let prefixCount: Int
    let cellCount: Int
    let postingCount: Int
    let prefixTopCount: Int
    let cellRecordCount: Int
    let byNameCount: Int
    let blobSize: Int
    private let offsets: [Int]

    init(storage: IndexStorage, path: String) throws(IndexFileError) {
        func fail(_ problem: IndexFileError.Problem) -> IndexFileError { IndexFileError(path: path, problem: problem) }
        let size = storage.size
        guard size >= IndexFormat.headerSize else { throw fail(.tooSmall(size)) }
        let magicOK = (0..<8).allSatisfy { storage.u8($0) == IndexFormat.magic[$0] }
        guard magicOK else { throw fail(.badMagic) }
        let version = storage.u32(8)
        let stored = storage.u64(IndexFormat.checksumOffset)
        let computed = IndexFormat.fnv1a(UnsafeRawBufferPointer(start: storage.base, count: IndexFormat.checksumOffset))
        guard stored == computed else { throw fail(.badChecksum) }
        guard version == IndexFormat.version else { throw fail(.unsupportedVersion(version)) }
        guard storage.u32(12) == UInt32(IndexFormat.headerSize) else { throw fail(.badSection("header")) }
        let declared = storage.u64(16)
        guard declared == UInt64(size) else { throw fail(.sizeMismatch(expected: declared, actual: size)) }

        let sections = IndexFormat.Section.allCases
        let table = SectionTable.read(
            storage, tableOffset: IndexFormat.sectionTableOffset, headerSize: IndexFormat.headerSize,
            strides: sections.map(\.stride))
        let offsets: [Int]
        let lengths: [Int]
        switch table {
        case .success(let found):
            offsets = found.map(\.offset)
            lengths = found.map(\.length)
        case .failure(let bad):
            throw fail(.badSection(sections[bad.number].name))
        }
        func entries(_ section: IndexFormat.Section) -> Int { lengths[section.rawValue] / section.stride }
        recordCount = Int(storage.u32(24))
        placeCount = Int(storage.u32(28))
        wordCount = Int(storage.u32(32))
        prefixCount = Int(storage.u32(36))
        cellCount = Int(storage.u32(40))
        guard entries(.records) == recordCount, placeCount <= recordCount else { throw fail(.badSection("records")) }
        guard entries(.words) == wordCount else { throw fail(.badSection("words")) }
        guard entries(.prefixes) == prefixCount else { throw fail(.badSection("prefixes")) }
        guard entries(.cells) == cellCount else { throw fail(.badSection("cells")) }
        guard entries(.byName) == recordCount else { throw fail(.badSection("byName")) }
        postingCount = entries(.postings)
        prefixTopCount = entries(.prefixTop)
        cellRecordCount = entries(.cellRecords)
        byNameCount = entries(.byName)
        blobSize = lengths[IndexFormat.Section.blob.rawValue]
        self.storage = storage
        self.offsets = offsets
    }

    @inline(__always) private func base(_ section: IndexFormat.Section) -> Int { offsets[section.rawValue] }

    // MARK: Blob

    /// The bytes at `offset..<offset+length` of the blob, or an empty buffer when out of range.
    @inline(__always) func blobBytes(_ offset: UInt32, _ length: UInt32) -> UnsafeRawBufferPointer {
        let start = Int(offset)
        let count = Int(length)
        guard start <= blobSize, count <= blobSize - start else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: storage.base + base(.blob) + start, count: count)
    }

    func blobString(_ offset: UInt32, _ length: UInt32) -> String {
        String(decoding: blobBytes(offset, length), as: UTF8.self)
    }

    // MARK: Records

    @inline(__always) private func recordField(_ record: Int, _ byte: Int) -> UInt32 {
        storage.u32(base(.records) + record * IndexFormat.recordSize + byte)
    }

    @inline(__always) func foldedName(_ record: Int) -> UnsafeRawBufferPointer {
        blobBytes(recordField(record, 16), recordField(record, 20))
    }

    @inline(__always) func importance(_ record: Int) -> Float {
        Float(bitPattern: recordField(record, 32))
    }

    @inline(__always) func kindRaw(_ record: Int) -> UInt8 {
        storage.base.load(fromByteOffset: base(.records) + record * IndexFormat.recordSize + 36, as: UInt8.self)
    }

    /// Latitude and longitude in degrees, or nil for a record without a position.
    @inline(__always) func position(_ record: Int) -> (latitude: Double, longitude: Double)? {
        let latitude = Int32(bitPattern: recordField(record, 40))
        let longitude = Int32(bitPattern: recordField(record, 44))
        guard latitude != IndexFormat.noCoordinate else { return nil }
        return (Double(latitude) / 1e7, Double(longitude) / 1e7)
    }

    func nameRecord(_ record: Int) -> NameRecord {
        let detailLength = recordField(record, 28)
        var coordinate: Coordinate?
        if let position = position(record) {
            coordinate = try? Coordinate(latitude: position.latitude, longitude: position.longitude)
        }
        return NameRecord(
            id: blobString(recordField(record, 8), recordField(record, 12)),
            name: blobString(recordField(record, 0), recordField(record, 4)),
            kind: NameKind(rawValue: kindRaw(record)) ?? .poi,
            importance: importance(record),
            coordinate: coordinate,
            detail: detailLength == IndexFormat.noDetail ? nil : blobString(recordField(record, 24), detailLength))
    }

    func idBytes(_ record: Int) -> UnsafeRawBufferPointer { blobBytes(recordField(record, 8), recordField(record, 12)) }

    // MARK: Words and postings

    @inline(__always) func word(_ index: Int) -> UnsafeRawBufferPointer {
        let entry = base(.words) + index * IndexFormat.wordSize
        return blobBytes(storage.u32(entry), storage.u32(entry + 4))
    }

    /// The postings of word `index`, clamped to the postings section.
    @inline(__always) func postingRange(_ index: Int) -> Range<Int> {
        let entry = base(.words) + index * IndexFormat.wordSize
        let start = min(Int(storage.u32(entry + 8)), postingCount)
        let count = min(Int(storage.u32(entry + 12)), postingCount - start)
        return start..<(start + count)
    }

    @inline(__always) func posting(_ index: Int) -> Int { Int(storage.u32(base(.postings) + index * 4)) }

    @inline(__always) func byName(_ index: Int) -> Int { Int(storage.u32(base(.byName) + index * 4)) }

    // MARK: Prefix tables

    @inline(__always) func prefixKey(_ index: Int) -> UnsafeRawBufferPointer {
        let entry = base(.prefixes) + index * IndexFormat.prefixSize
        return blobBytes(storage.u32(entry), storage.u32(entry + 4))
    }

    func prefixTopRange(_ index: Int) -> Range<Int> {
        let entry = base(.prefixes) + index * IndexFormat.prefixSize
        let start = min(Int(storage.u32(entry + 8)), prefixTopCount)
        let count = min(Int(storage.u32(entry + 12)), prefixTopCount - start)
        return start..<(start + count)
    }

    @inline(__always) func prefixTop(_ index: Int) -> Int { Int(storage.u32(base(.prefixTop) + index * 4)) }

    // MARK: Grid

    @inline(__always) func cellKey(_ index: Int) -> UInt32 { storage.u32(base(.cells) + index * IndexFormat.cellSize) }

    func cellRecordRange(_ index: Int) -> Range<Int> {
        let entry = base(.cells) + index * IndexFormat.cellSize
        let start = min(Int(storage.u32(entry + 4)), cellRecordCount)
        let count = min(Int(storage.u32(entry + 8)), cellRecordCount - start)
        return start..<(start + count)
    }

    @inline(__always) func cellRecord(_ index: Int) -> Int { Int(storage.u32(base(.cellRecords) + index * 4)) }

    /// First cell whose key is ≥ `key`.
    func firstCell(atLeast key: UInt32) -> Int {
        var low = 0
        var high = cellCount
        while low < high {
            let middle = (low + high) / 2
            if cellKey(middle) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Byte-order comparison of folded text (UTF-8 byte order equals code point order).
@inline(__always) func compareBytes(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
    let common = min(a.count, b.count)
    if common > 0, let pa = a.baseAddress, let pb = b.baseAddress {
        let result = memcmp(pa, pb, common)
        if result != 0 { return result < 0 ? -1 : 1 }
    }
    return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
}
