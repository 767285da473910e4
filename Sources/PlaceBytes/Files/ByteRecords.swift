/// Records kept as bytes in megabyte chunks, for what an import holds until it is written (its
/// places, and before them its addresses): a few dozen bytes each instead of a struct of strings.
/// The store grows a chunk at a time and never copies what it holds; a record larger than a
/// chunk gets one of its own.
///
/// Given a folder, each chunk once full is written to a file there and read back through a
/// mapping: the system keeps those pages only while there is room, so what a country's import holds
/// no longer has to fit in memory. The file is removed from the folder as soon as it is opened (a
/// killed import leaves nothing behind); a chunk the disk refuses stays in memory.
package struct ByteChunks: Sendable {
    private static let chunkShift = 20
    private static let offsetMask = (1 << chunkShift) - 1

    private enum Sealed: Sendable {
        case memory([UInt8])
        case mapped(MappedChunk)
    }

    private var sealed: [Sealed] = []
    /// The chunk being filled: its number is `sealed.count`.
    private var current: [UInt8] = []
    private let spill: SpillFile?

    /// - Parameter directory: where full chunks go; nil keeps them all in memory.
    package init(spillingTo directory: String? = nil) {
        spill = directory.flatMap(SpillFile.init(directory:))
    }

    /// Copies `record` after the others and says where it starts.
    package mutating func append(_ record: [UInt8]) -> Int {
        let chunkSize = 1 << Self.chunkShift
        if !current.isEmpty, current.count + record.count > chunkSize { sealCurrent() }
        if current.isEmpty { current.reserveCapacity(Swift.max(chunkSize, record.count)) }
        let start = sealed.count << Self.chunkShift | current.count
        current.append(contentsOf: record)
        return start
    }

    /// Takes `other`'s chunks after these, as they are (no record is copied).
    /// - Returns: what to add to a start in `other` to find the record here.
    package mutating func append(contentsOf other: ByteChunks) -> Int {
        if !current.isEmpty { sealCurrent() }
        let shift = sealed.count << Self.chunkShift
        sealed += other.sealed
        if !other.current.isEmpty { sealed.append(.memory(other.current)) }
        return shift
    }

    private mutating func sealCurrent() {
        let full = current
        current = []
        sealed.append(spill?.store(full).map(Sealed.mapped) ?? .memory(full))
    }

    /// Hands `body` the bytes from `start` to the end of its chunk: the record, and what follows it.
    package func withRecord<Result>(at start: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let number = start >> Self.chunkShift
        let offset = start & Self.offsetMask
        guard number < sealed.count else {
            return current.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset...])) }
        }
        switch sealed[number] {
        case .memory(let bytes):
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[offset...])) }
        case .mapped(let chunk):
            return body(UnsafeBufferPointer(rebasing: chunk.bytes[offset...]))
        }
    }
}

/// Records written as bytes (``ByteChunks``) and read back by their place in the list: what an
/// import holds of its addresses and of the elements it keeps, until the places are made.
package struct ByteRecordList: Sendable {
    private var chunks: ByteChunks
    private var starts: [Int] = []
    private var scratch: [UInt8] = []

    /// - Parameter directory: where full chunks go; nil keeps them in memory.
    package init(spillingTo directory: String? = nil) {
        chunks = ByteChunks(spillingTo: directory)
    }

    package var count: Int { starts.count }

    /// Appends the record `write` puts in the (empty) bytes it is given.
    package mutating func append(_ write: (inout [UInt8]) -> Void) {
        scratch.removeAll(keepingCapacity: true)
        write(&scratch)
        starts.append(chunks.append(scratch))
    }

    /// Hands `read` a reader at the start of record `position`.
    package func withRecord<Result>(at position: Int, _ read: (inout ByteRecordReader) -> Result) -> Result {
        chunks.withRecord(at: starts[position]) { bytes in
            var reader = ByteRecordReader(bytes)
            return read(&reader)
        }
    }
}

/// Writes the fields of a byte record: little-endian numbers, and texts as a length (LEB128)
/// and their UTF-8 bytes.
package enum ByteRecordWriter {
    package static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
        for shift in stride(from: 0, to: width * 8, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    package static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            appendLength(utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    package static func appendLength(_ length: Int, to bytes: inout [UInt8]) {
        var rest = UInt(length)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

/// Reads the fields ``ByteRecordWriter`` wrote, in the same order.
package struct ByteRecordReader {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var offset: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package mutating func byte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    package mutating func number(width: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in 0..<width { value |= UInt64(bytes[offset + index]) << UInt64(index * 8) }
        offset += width
        return value
    }

    package mutating func length() -> Int {
        var value = 0
        var shift = 0
        while true {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    package mutating func skipText() {
        offset += length()
    }

    package mutating func textBytes() -> UnsafeBufferPointer<UInt8> {
        let length = length()
        defer { offset += length }
        return UnsafeBufferPointer(rebasing: bytes[offset..<offset + length])
    }

    package mutating func text() -> String {
        String(decoding: textBytes(), as: UTF8.self)
    }
}
