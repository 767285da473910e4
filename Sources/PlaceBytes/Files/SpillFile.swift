import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file with no name that ``ByteChunks`` writes full chunks to: removed from its folder as soon
/// as it is opened, so it goes with the last descriptor, however the process ends.
package final class SpillFile: Sendable {
    private let descriptor: Int32
    /// Bytes reserved so far, in whole pages: each chunk starts on a page, as a mapping must.
    private let end = Mutex(0)
    private static let page = Int(sysconf(Int32(_SC_PAGESIZE)))

    /// Nil when no file can be made in `directory` (the chunks then stay in memory).
    package init?(directory: String) {
        let path = "\(directory)/.places-spill-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Writes `bytes` and maps them back, read-only; nil when the disk refuses them.
    package func store(_ bytes: [UInt8]) -> MappedChunk? {
        bytes.withUnsafeBytes { store($0) }
    }

    /// Writes `buffer` and maps it back, read-only; nil when the disk refuses it.
    package func store(_ buffer: UnsafeRawBufferPointer) -> MappedChunk? {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return nil }
        let offset = end.withLock { end -> Int in
            defer { end += (buffer.count + Self.page - 1) / Self.page * Self.page }
            return end
        }
        var done = 0
        while done < buffer.count {
            let count = pwrite(descriptor, base + done, buffer.count - done, off_t(offset + done))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            done += count
        }
        let address = mmap(nil, buffer.count, PROT_READ, MAP_SHARED, descriptor, off_t(offset))
        guard let address, address != MAP_FAILED else { return nil }
        return MappedChunk(UnsafeRawPointer(address), count: buffer.count)
    }
}

/// A chunk read back from a ``SpillFile`` through a mapping, unmapped when the last holder lets go.
package final class MappedChunk: @unchecked Sendable {
    /// Never written through: the mapping is read-only and outlives every use of `bytes`.
    package let bytes: UnsafeBufferPointer<UInt8>

    init(_ address: UnsafeRawPointer, count: Int) {
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: count)
    }

    deinit { munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count) }
}
