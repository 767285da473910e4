import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why building an index failed: a temporary or output file could not be written.
public struct IndexBuildError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String

    public var description: String { "\(path): \(reason)" }

    static func fromErrno(_ path: String) -> IndexBuildError {
        IndexBuildError(path: path, reason: String(cString: strerror(errno)))
    }
}

// The system calls under names that the methods below do not shadow.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
private func systemClose(_ descriptor: Int32) { close(descriptor) }

/// A growable byte buffer outside Swift's arrays, so that pointers into it stay valid until it
/// grows (the sorter hands out records by pointer). This and the byte files below are each used
/// by one thread at a time (a buffer is handed to another thread whole), so their state goes
/// without run-time exclusivity checks.
final class RawBytes: @unchecked Sendable {
    @exclusivity(unchecked) private(set) var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private(set) var count = 0
    @exclusivity(unchecked) private(set) var capacity: Int

    init(capacity: Int = 4_096) {
        self.capacity = max(capacity, 16)
        base = UnsafeMutableRawPointer.allocate(byteCount: self.capacity, alignment: 16)
    }

    deinit { base.deallocate() }

    func reserve(_ additional: Int) {
        guard count + additional > capacity else { return }
        var newCapacity = capacity * 2
        while newCapacity < count + additional { newCapacity *= 2 }
        let grown = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 16)
        grown.copyMemory(from: base, byteCount: count)
        base.deallocate()
        base = grown
        capacity = newCapacity
    }

    @inline(__always) func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always) func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count += 1
    }

    func removeAll() { count = 0 }

    /// Big-endian: byte order is numeric order, for sort keys.
    @inline(__always) func key32(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { append($0) } }

    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// Where a section or a sorted run goes: memory (an index built in memory, a run that never
/// spilled) or a file written through a 1 MB buffer.
final class ByteOutput {
    private let bytes = RawBytes(capacity: 1 << 16)
    @exclusivity(unchecked) private var descriptor: Int32 = -1
    let path: String?
    /// Bytes written so far.
    @exclusivity(unchecked) private(set) var count = 0
    private static let flushSize = 1 << 20

    /// In memory.
    init() { path = nil }

    /// A new file at `path` (replaced if there).
    init(path: String) throws(IndexBuildError) {
        self.path = path
        descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw IndexBuildError.fromErrno(path) }
    }

    deinit { if descriptor >= 0 { systemClose(descriptor) } }

    @inline(__always) func write(_ buffer: UnsafeRawBufferPointer) throws(IndexBuildError) {
        bytes.append(buffer)
        count += buffer.count
        if descriptor >= 0, bytes.count >= Self.flushSize { try flush() }
    }

    func write(_ array: [UInt8]) throws(IndexBuildError) {
        array.withUnsafeBytes { bytes.append($0) }
        count += array.count
        if descriptor >= 0, bytes.count >= Self.flushSize { try flush() }
    }

    @inline(__always) func u8(_ value: UInt8) throws(IndexBuildError) {
        bytes.append(value)
        count += 1
        if descriptor >= 0, bytes.count >= Self.flushSize { try flush() }
    }

    @inline(__always) func u16(_ value: UInt16) throws(IndexBuildError) { try fixed(value.littleEndian) }

    @inline(__always) func u32(_ value: UInt32) throws(IndexBuildError) { try fixed(value.littleEndian) }

    @inline(__always) func u64(_ value: UInt64) throws(IndexBuildError) { try fixed(value.littleEndian) }

    @inline(__always) private func fixed<T: FixedWidthInteger>(_ value: T) throws(IndexBuildError) {
        withUnsafeBytes(of: value) { bytes.append($0) }
        count += MemoryLayout<T>.size
        if descriptor >= 0, bytes.count >= Self.flushSize { try flush() }
    }

    func align(_ boundary: Int) throws(IndexBuildError) {
        while count % boundary != 0 { try u8(0) }
    }

    func flush() throws(IndexBuildError) {
        guard descriptor >= 0 else { return }
        var written = 0
        while written < bytes.count {
            let result = systemWrite(descriptor, bytes.base + written, bytes.count - written)
            if result < 0 {
                if errno == EINTR { continue }
                throw IndexBuildError.fromErrno(path ?? "")
            }
            written += result
        }
        bytes.removeAll()
    }

    /// Closes the file (after a flush); a memory output keeps its bytes.
    func close() throws(IndexBuildError) {
        try flush()
        if descriptor >= 0 {
            systemClose(descriptor)
            descriptor = -1
        }
    }

    /// The bytes of a memory output.
    var memory: UnsafeRawBufferPointer { bytes.buffer }

    /// Streams the whole output, in chunks, to `body` (after ``close()``).
    func forEachChunk(_ body: (UnsafeRawBufferPointer) throws(IndexBuildError) -> Void) throws(IndexBuildError) {
        guard let path else {
            try body(bytes.buffer)
            return
        }
        let input = try ByteInput(path: path)
        while let chunk = try input.nextChunk() { try body(chunk) }
    }
}

/// A file read front to back through a 1 MB buffer.
final class ByteInput {
    private let descriptor: Int32
    private let path: String
    private let buffer: UnsafeMutableRawPointer
    private let capacity = 1 << 20
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var end = 0
    @exclusivity(unchecked) private var atEnd = false

    init(path: String) throws(IndexBuildError) {
        self.path = path
        descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw IndexBuildError.fromErrno(path) }
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        systemClose(descriptor)
        buffer.deallocate()
    }

    /// Tops the buffer up so that at least `wanted` bytes are available, if the file has them.
    private func fill(_ wanted: Int) throws(IndexBuildError) {
        guard end - start < wanted, !atEnd else { return }
        if start > 0 {
            buffer.copyMemory(from: buffer + start, byteCount: end - start)
            end -= start
            start = 0
        }
        while end - start < wanted, end < capacity {
            let result = systemRead(descriptor, buffer + end, capacity - end)
            if result < 0 {
                if errno == EINTR { continue }
                throw IndexBuildError.fromErrno(path)
            }
            if result == 0 {
                atEnd = true
                return
            }
            end += result
        }
    }

    /// The next chunk of the file, nil at its end.
    func nextChunk() throws(IndexBuildError) -> UnsafeRawBufferPointer? {
        if start == end { try fill(1) }
        guard end > start else { return nil }
        let chunk = UnsafeRawBufferPointer(start: buffer + start, count: end - start)
        start = end
        return chunk
    }

    /// The next `count` bytes, valid until the next call, or nil when the file has fewer.
    func next(_ count: Int) throws(IndexBuildError) -> UnsafeRawBufferPointer? {
        guard count <= capacity else {
            throw IndexBuildError(path: path, reason: "a record of \(count) bytes is too large")
        }
        try fill(count)
        guard end - start >= count else { return nil }
        let bytes = UnsafeRawBufferPointer(start: buffer + start, count: count)
        start += count
        return bytes
    }
}
