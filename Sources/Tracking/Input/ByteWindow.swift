import PlaceCore
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a trace's bytes come from: a file descriptor (a file, or stdin) or bytes already in memory.
enum ByteOrigin {
    case descriptor(FileDescriptorBox)
    case memory(Data)
}

/// Owns a file descriptor and closes it when the last reader that holds it goes away.
final class FileDescriptorBox {
    let descriptor: Int32
    private let closesOnDeinit: Bool

    init(descriptor: Int32, closesOnDeinit: Bool) {
        self.descriptor = descriptor
        self.closesOnDeinit = closesOnDeinit
    }

    deinit {
        if closesOnDeinit { _ = close(descriptor) }
    }
}

/// The memory of a ``ByteWindow``: a raw allocation, so that scanners can hold a pointer to it while
/// they change their own state (a Swift array would be an overlapping access).
final class ByteStorage {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    /// Grows to `newCapacity`, keeping the first `count` bytes.
    func grow(to newCapacity: Int, keeping count: Int) {
        guard newCapacity > capacity else { return }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = newCapacity
    }

    deinit { base.deallocate() }
}

/// A window onto a byte stream that is read in chunks: the bytes from ``start`` to ``end`` have been
/// read and not yet consumed. A reader consumes by moving ``start`` forward and calls ``fill()`` when it
/// needs bytes past ``end``; the consumed bytes are dropped then, so memory stays at one chunk plus
/// the longest single token (a tag, a line), whatever the length of the input.
///
/// `fill()` makes one `read(2)` call, which returns what is available: on a pipe (gpsd on stdin) a
/// line is seen as soon as it arrives instead of when 64 KiB have gathered.
///
/// The window also counts lines, lazily and only forward, so that a reader can say "line 12" of a
/// point without keeping the text before it.
///
/// A value in name only: copies share the storage and the descriptor. Use one copy.
struct ByteWindow {
    static let chunkSize = 64 * 1024
    /// The longest token a reader may need whole: a start tag with its attributes, or a line.
    static let defaultMaximumCapacity = 1024 * 1024

    /// The input as the user named it, for errors.
    let name: String
    private let origin: ByteOrigin
    private var memoryOffset = 0
    private let storage: ByteStorage
    let maximumCapacity: Int

    /// The first byte not yet consumed.
    var start = 0
    /// One past the last byte read.
    private(set) var end = 0
    /// The input has no more bytes (a read returned 0).
    private(set) var reachedEnd = false
    /// The largest the storage has been, in bytes: stays at ``chunkSize`` unless one token is longer.
    var highWaterMark: Int { storage.capacity }
    /// Bytes dropped from the front so far: the offset in the input of the window's first byte.
    private(set) var droppedBytes = 0

    // Lines, counted up to `countedUpTo` (an index in the window).
    private var countedUpTo = 0
    private var lineAtCounted = 1
    /// Offset in the input where the line at `countedUpTo` starts.
    private var lineStartOffset = 0

    init(name: String, origin: ByteOrigin, maximumCapacity: Int = defaultMaximumCapacity) {
        self.name = name
        self.origin = origin
        self.maximumCapacity = max(maximumCapacity, Self.chunkSize)
        storage = ByteStorage(capacity: Self.chunkSize)
    }

    /// The bytes read so far that are still in the window, indexed as the window is (0..<end).
    /// Valid until the next call to ``fill()``.
    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.base, count: end) }

    /// The unconsumed bytes.
    var available: Int { end - start }

    enum FillResult {
        /// More bytes were read.
        case more
        /// The input has ended.
        case ended
        /// The window is at ``maximumCapacity`` and holds nothing consumed: the token is too long.
        case full
    }

    /// Drops the consumed bytes and reads more after the unconsumed ones. Indices into ``bytes`` shift
    /// down by the old ``start``, which becomes 0.
    mutating func fill() throws(TraceError) -> FillResult {
        if reachedEnd { return .ended }
        if start > 0 {
            countLines(upTo: start)
            let kept = end - start
            if kept > 0 { storage.base.update(from: storage.base + start, count: kept) }
            droppedBytes += start
            countedUpTo -= start
            end = kept
            start = 0
        }
        if end == storage.capacity {
            guard storage.capacity < maximumCapacity else { return .full }
            storage.grow(to: min(maximumCapacity, storage.capacity * 2), keeping: end)
        }
        let count = try read(into: storage.base + end, capacity: storage.capacity - end)
        if count == 0 {
            reachedEnd = true
            return .ended
        }
        end += count
        return .more
    }

    /// Everything from ``start`` to the end of the input, for formats read whole; nil when that is
    /// more than `limit` bytes.
    mutating func readAll(limit: Int) throws(TraceError) -> Data? {
        var data = Data()
        while true {
            let window = bytes
            if start < window.count { data.append(UnsafeBufferPointer(rebasing: window[start...])) }
            start = window.count
            if data.count > limit { return nil }
            guard try fill() == .more else { return data }
        }
    }

    private mutating func read(into pointer: UnsafeMutablePointer<UInt8>, capacity: Int) throws(TraceError) -> Int {
        switch origin {
        case .memory(let data):
            let count = min(capacity, Self.chunkSize, data.count - memoryOffset)
            guard count > 0 else { return 0 }
            let from = data.startIndex + memoryOffset
            data.copyBytes(to: pointer, from: from..<(from + count))
            memoryOffset += count
            return count
        case .descriptor(let box):
            while true {
                let count = readDescriptor(box.descriptor, pointer, capacity)
                if count >= 0 { return count }
                let code = errno
                if code == EINTR { continue }
                throw TraceError(
                    input: name,
                    problem: "could not be read: \(String(cString: strerror(code))); check the file and try again",
                    kind: .unreadable)
            }
        }
    }

    // MARK: - Lines and columns

    /// Counts newlines from where counting stopped to `index` (which must not go backwards past it).
    private mutating func countLines(upTo index: Int) {
        guard index > countedUpTo else { return }
        let base = storage.base
        var position = countedUpTo
        var line = lineAtCounted
        var lineStart = lineStartOffset
        while position < index {
            if base[position] == 0x0A {
                line += 1
                lineStart = droppedBytes + position + 1
            }
            position += 1
        }
        countedUpTo = index
        lineAtCounted = line
        lineStartOffset = lineStart
    }

    /// The 1-based line of the byte at `index` in the window; `index` must not be before an index
    /// asked about earlier (lines are counted forward only).
    mutating func line(at index: Int) -> Int {
        countLines(upTo: index)
        return lineAtCounted
    }

    /// "12:5": the line and column (in characters) of the byte at `index` in the window.
    mutating func location(at index: Int) -> String {
        let line = line(at: index)
        let offset = droppedBytes + index
        var column = offset - lineStartOffset + 1
        let lineStartIndex = lineStartOffset - droppedBytes
        if lineStartIndex >= 0 {
            // The line start is still in the window: count characters, not bytes.
            column = 1
            var position = lineStartIndex
            while position < index {
                if storage.base[position] & 0xC0 != 0x80 { column += 1 }
                position += 1
            }
        }
        return "\(line):\(column)"
    }
}

extension ByteWindow {
    /// Opens a file for reading, or stdin for "-" (named "stdin" in messages).
    /// - Throws: ``TraceError`` of kind `.notFound` when there is no such file, `.unreadable` when it
    ///   cannot be opened or is a directory.
    static func open(path: String) throws(TraceError) -> ByteWindow {
        if path == "-" {
            return ByteWindow(
                name: "stdin", origin: .descriptor(FileDescriptorBox(descriptor: STDIN_FILENO, closesOnDeinit: false)))
        }
        let descriptor = openDescriptor(path)
        guard descriptor >= 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR:
                throw TraceError(input: path, problem: "does not exist; check the path", kind: .notFound)
            case EACCES, EPERM:
                throw TraceError(input: path, problem: "cannot be read: permission denied", kind: .unreadable)
            default:
                throw TraceError(
                    input: path, problem: "cannot be opened: \(String(cString: strerror(code)))", kind: .unreadable)
            }
        }
        let box = FileDescriptorBox(descriptor: descriptor, closesOnDeinit: true)
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw TraceError(input: path, problem: "is a directory; name a trace file", kind: .unreadable)
        }
        return ByteWindow(name: path, origin: .descriptor(box))
    }
}

private func openDescriptor(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_CLOEXEC)
}

/// `read(2)`, under a name that the `read(into:capacity:)` method above does not shadow.
@inline(__always)
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
