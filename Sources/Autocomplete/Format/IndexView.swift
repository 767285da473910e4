import PlaceBytes
import PlaceCore

/// Typed access to the sections of a validated index. Opening checks the header (magic, version,
/// checksum, file size, every section inside the file with a whole number of entries, the counts
/// consistent with the sections). Every offset or index that comes from the body — the directory
/// too — is checked or clamped where it is used, so a corrupt body yields wrong or missing
/// answers, never an out-of-bounds read.
struct IndexView: @unchecked Sendable {
    let storage: IndexStorage
    let recordCount: Int
    let entryCount: Int
    let wordCount: Int
    let nodeCount: Int
    let cellCount: Int
    let postingCount: Int
    let nodeListCount: Int
    let cellPostingCount: Int
    let blobSize: Int
    /// The centre of the imported data, where a lookup without a focus is focused.
    let dataCentre: Coordinate?
    /// What the index was built from (the store's import generation), as the builder was told.
    let sourceGeneration: UInt32
    /// First entry of each kind segment (place, street, poi, address) and the entry count.
    let entrySegments: [Int]
    /// First record of each kind segment and the record count.
    let recordSegments: [Int]
    /// Per posting list, its first row in wordLists (and the row count at the end).
    let listTables: [Int]
    /// Per posting list, its first posting (and the posting count at the end).
    let listPostings: [Int]
    /// Nodes of the shallow trie (0: none; the walk then uses the word table alone).
    let trieNodeCount: Int
    let offsets: [Int]
    /// The first byte of the file (``storage``'s, which keeps it mapped).
    let bytes: UnsafeRawPointer
    let directoryBase: Int
    let recordsBase: Int
    let entriesBase: Int
    let wordsBase: Int
    let wordListsBase: Int
    let postingsBase: Int
    let byNameBase: Int
    let nodesBase: Int
    let nodeListsBase: Int
    let cellsBase: Int
    let cellPostingsBase: Int
    let blobBase: Int

    init(storage: IndexStorage, path: String) throws(IndexFileError) {
        func fail(_ problem: IndexFileError.Problem) -> IndexFileError { IndexFileError(path: path, problem: problem) }
        let sections = IndexFormat.Section.allCases
        let container: MappedContainer
        do {
            container = try MappedContainer(
                storage,
                .init(
                    magic: IndexFormat.magic, version: IndexFormat.version, headerSize: IndexFormat.headerSize,
                    sectionTableOffset: IndexFormat.sectionTableOffset, checksumOffset: IndexFormat.checksumOffset,
                    strides: sections.map(\.stride)))
        } catch {
            throw fail(error.worded(as: IndexFileError.Problem.self) { sections[$0].name })
        }
        let (offsets, lengths) = (container.offsets, container.lengths)
        func entries(_ section: IndexFormat.Section) -> Int { lengths[section.rawValue] / section.stride }
        recordCount = Int(storage.u32(24))
        entryCount = Int(storage.u32(28))
        wordCount = Int(storage.u32(32))
        nodeCount = Int(storage.u32(36))
        cellCount = Int(storage.u32(40))
        guard entries(.records) == recordCount else { throw fail(.badSection("records")) }
        guard entries(.entries) == entryCount, entries(.byName) == entryCount else {
            throw fail(.badSection("entries"))
        }
        guard entries(.words) == wordCount else { throw fail(.badSection("words")) }
        guard entries(.nodes) == nodeCount else { throw fail(.badSection("nodes")) }
        guard entries(.cells) == cellCount else { throw fail(.badSection("cells")) }
        guard storage.u32(44) == UInt32(IndexFormat.nodeListLength),
            storage.u32(48) == UInt32(IndexFormat.heavyThreshold)
        else {
            throw fail(.badSection("nodes"))
        }
        sourceGeneration = storage.u32(52)
        let directoryBytes = lengths[IndexFormat.Section.directory.rawValue]
        guard directoryBytes >= IndexFormat.directoryLength,
            (directoryBytes - IndexFormat.directoryLength) % IndexFormat.trieNodeSize == 0
        else {
            throw fail(.badSection("directory"))
        }
        trieNodeCount = (directoryBytes - IndexFormat.directoryLength) / IndexFormat.trieNodeSize
        // The directory: boundaries, each clamped between the one before it and the total.
        let directory = offsets[IndexFormat.Section.directory.rawValue]
        var cursor = directory
        func bounds(_ count: Int, total: Int) -> [Int] {
            var values: [Int] = [0]
            cursor += 4  // the first is 0 by definition
            for _ in 1..<(count - 1) {
                values.append(min(total, max(values[values.count - 1], Int(storage.u32(cursor)))))
                cursor += 4
            }
            cursor += 4  // the last is the total
            values.append(total)
            return values
        }
        let segmentBounds = IndexFormat.segmentKinds.count + 1
        entrySegments = bounds(segmentBounds, total: entryCount)
        recordSegments = bounds(segmentBounds, total: recordCount)
        listTables = bounds(IndexFormat.listCount + 1, total: entries(.wordLists))
        listPostings = bounds(IndexFormat.listCount + 1, total: entries(.postings))
        let centreLatitude = Int32(bitPattern: storage.u32(cursor))
        let centreLongitude = Int32(bitPattern: storage.u32(cursor + 4))
        dataCentre =
            centreLatitude == IndexFormat.noCoordinate
            ? nil : try? Coordinate(latitude: Double(centreLatitude) / 1e7, longitude: Double(centreLongitude) / 1e7)
        postingCount = entries(.postings)
        nodeListCount = entries(.nodeLists)
        cellPostingCount = entries(.cellPostings)
        blobSize = lengths[IndexFormat.Section.blob.rawValue]
        self.storage = storage
        self.offsets = offsets
        bytes = storage.base
        func start(_ section: IndexFormat.Section) -> Int { offsets[section.rawValue] }
        directoryBase = start(.directory)
        recordsBase = start(.records)
        entriesBase = start(.entries)
        wordsBase = start(.words)
        wordListsBase = start(.wordLists)
        postingsBase = start(.postings)
        byNameBase = start(.byName)
        nodesBase = start(.nodes)
        nodeListsBase = start(.nodeLists)
        cellsBase = start(.cells)
        cellPostingsBase = start(.cellPostings)
        blobBase = start(.blob)
    }

    /// Where a section starts, in bytes from the start of the file: stored one by one so that a
    /// read in an inner loop is a load at a constant offset (no array, no bounds check).
    @inline(__always) func base(_ section: IndexFormat.Section) -> Int {
        switch section {
        case .directory: directoryBase
        case .records: recordsBase
        case .entries: entriesBase
        case .words: wordsBase
        case .wordLists: wordListsBase
        case .postings: postingsBase
        case .byName: byNameBase
        case .nodes: nodesBase
        case .nodeLists: nodeListsBase
        case .cells: cellsBase
        case .cellPostings: cellPostingsBase
        case .blob: blobBase
        }
    }

    // The readers of the body, here rather than MappedFile's: calls across modules were not
    // inlined (a call per field read, a quarter of a query's time).

    @inline(__always) func u8(_ offset: Int) -> UInt8 { bytes.load(fromByteOffset: offset, as: UInt8.self) }

    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    // MARK: Blob

    /// The bytes at `offset..<offset+length` of the blob, or an empty buffer when out of range.
    @inline(__always) func blobBytes(_ offset: UInt32, _ length: UInt32) -> UnsafeRawBufferPointer {
        let start = Int(offset)
        let count = Int(length)
        guard start <= blobSize, count <= blobSize - start else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: bytes + blobBase + start, count: count)
    }

    func blobString(_ offset: UInt32, _ length: UInt32) -> String {
        String(decoding: blobBytes(offset, length), as: UTF8.self)
    }

    // MARK: Records (index < recordCount, checked by the caller)

    @inline(__always) private func recordField(_ record: Int, _ byte: Int) -> UInt32 {
        u32(base(.records) + record * IndexFormat.recordSize + byte)
    }

    func recordKind(_ record: Int) -> NameKind {
        NameKind(rawValue: u8(base(.records) + record * IndexFormat.recordSize + 44)) ?? .poi
    }

    /// The record's category (`tourism=hotel`), or an empty buffer for none.
    func recordCategory(_ record: Int) -> UnsafeRawBufferPointer {
        let length = recordField(record, 68)
        guard length != IndexFormat.none else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return blobBytes(recordField(record, 64), length)
    }

    /// The record's country code bytes ("NL"), empty for none.
    func recordCountryBytes(_ record: Int) -> UnsafeRawBufferPointer {
        let offset = base(.records) + record * IndexFormat.recordSize + 45
        guard u8(offset) != 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(start: bytes + offset, count: 2)
    }

    /// The record's locality, or nil.
    func recordLocality(_ record: Int) -> String? {
        let length = recordField(record, 60)
        return length == IndexFormat.none ? nil : blobString(recordField(record, 56), length)
    }

    /// The record's position, or nil.
    func recordPosition(_ record: Int) -> Coordinate? {
        let latitude = Int32(bitPattern: recordField(record, 48))
        guard latitude != IndexFormat.noCoordinate else { return nil }
        return try? Coordinate(latitude: Double(latitude) / 1e7, longitude: Double(Int32(bitPattern: recordField(record, 52))) / 1e7)
    }

    /// The record's country code ("NL"), two ASCII bytes, or nil.
    func recordCountry(_ record: Int) -> String? {
        let first = u8(base(.records) + record * IndexFormat.recordSize + 45)
        let second = u8(base(.records) + record * IndexFormat.recordSize + 46)
        guard first != 0, second != 0 else { return nil }
        return String(decoding: [first, second], as: UTF8.self)
    }

    /// The entries of `record`, clamped to the entries section.
    func recordEntries(_ record: Int) -> Range<Int> {
        let start = min(Int(recordField(record, 32)), entryCount)
        let count = min(Int(recordField(record, 36)), entryCount - start)
        return start..<(start + count)
    }

    /// The folded form ties are broken by: the record's first entry (its own name).
    func recordFolded(_ record: Int) -> UnsafeRawBufferPointer {
        let entries = recordEntries(record)
        guard let first = entries.first else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return folded(first)
    }

    func recordNameBytes(_ record: Int) -> UnsafeRawBufferPointer {
        blobBytes(recordField(record, 0), recordField(record, 4))
    }

    func recordImportance(_ record: Int) -> Float { Float(bitPattern: recordField(record, 40)) }

    func recordID(_ record: Int) -> UnsafeRawBufferPointer {
        blobBytes(recordField(record, 8), recordField(record, 12))
    }

    func nameRecord(_ record: Int) -> NameRecord {
        let detailLength = recordField(record, 20)
        let latitude = Int32(bitPattern: recordField(record, 48))
        let longitude = Int32(bitPattern: recordField(record, 52))
        var coordinate: Coordinate?
        if latitude != IndexFormat.noCoordinate {
            coordinate = try? Coordinate(latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7)
        }
        let localityLength = recordField(record, 60)
        let category = recordCategory(record)
        return NameRecord(
            id: blobString(recordField(record, 8), recordField(record, 12)),
            name: blobString(recordField(record, 0), recordField(record, 4)),
            kind: recordKind(record),
            importance: Float(bitPattern: recordField(record, 40)),
            coordinate: coordinate,
            detail: detailLength == IndexFormat.none ? nil : blobString(recordField(record, 16), detailLength),
            locality: localityLength == IndexFormat.none ? nil : blobString(recordField(record, 56), localityLength),
            countryCode: recordCountry(record),
            category: category.baseAddress == nil ? nil : String(decoding: category, as: UTF8.self))
    }

    /// The ids of the other sources merged into `record`.
    func otherSources(_ record: Int) -> [String] {
        let text = blobString(recordField(record, 24), recordField(record, 28))
        return text.isEmpty ? [] : text.split(separator: "\n").map(String.init)
    }

    // MARK: Entries (index < entryCount, checked by the caller)

    @inline(__always) private func entryBase(_ entry: Int) -> Int { base(.entries) + entry * IndexFormat.entrySize }

    /// The entry's record, or nil for a corrupt reference.
    @inline(__always) func record(ofEntry entry: Int) -> Int? {
        let record = Int(u32(entryBase(entry)))
        return record < recordCount ? record : nil
    }

    @inline(__always) func importance(_ entry: Int) -> Double {
        let value = Float(bitPattern: u32(entryBase(entry) + 4))
        return value.isFinite ? Double(value) : 0
    }

    /// Latitude and longitude in degrees, or nil for an entry without a position.
    @inline(__always) func position(_ entry: Int) -> (latitude: Double, longitude: Double)? {
        let latitude = Int32(bitPattern: u32(entryBase(entry) + 8))
        guard latitude != IndexFormat.noCoordinate else { return nil }
        let longitude = Int32(bitPattern: u32(entryBase(entry) + 12))
        return (Double(latitude) / 1e7, Double(longitude) / 1e7)
    }

    @inline(__always) func folded(_ entry: Int) -> UnsafeRawBufferPointer {
        blobBytes(u32(entryBase(entry) + 16), u32(entryBase(entry) + 20))
    }

    /// The name an entry shows when a user typed towards it, or nil for the record's own name.
    func display(_ entry: Int) -> String? {
        let offset = u32(entryBase(entry) + 24)
        guard offset != IndexFormat.none else { return nil }
        return blobString(offset, UInt32(u16(entryBase(entry) + 28)))
    }

    @inline(__always) func kindRaw(_ entry: Int) -> UInt8 { u8(entryBase(entry) + 30) }

    @inline(__always) func isSecondary(_ entry: Int) -> Bool { u8(entryBase(entry) + 31) & 1 != 0 }

    /// ``WordStarts`` of the entry's folded form.
    @inline(__always) func wordStarts(_ entry: Int) -> UInt64 { u64(entryBase(entry) + 32) }
}
