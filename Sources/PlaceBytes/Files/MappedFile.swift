#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an index file, owned: mapped read-only from a file, or allocated for an index built
/// in memory. Immutable after creation, hence shareable across threads. The name index and the
/// walking graph both read their files through it, in place.
package final class MappedFile: @unchecked Sendable {
    package let base: UnsafeRawPointer
    package let size: Int
    private let unmap: Bool
    /// What holds the bytes when this file does not: a chunk of a ``SpillFile``.
    private let owner: MappedChunk?

    /// Copies `bytes` into an allocation (an index built in memory).
    package init(copying bytes: [UInt8]) {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let start = source.baseAddress { pointer.copyMemory(from: start, byteCount: source.count) }
        }
        base = UnsafeRawPointer(pointer)
        size = bytes.count
        unmap = false
        owner = nil
    }

    /// Owns `pointer`, an allocation of `count` bytes (at least one) that no one writes to any more
    /// (an index built in memory), and deallocates it when done.
    package init(adopting pointer: UnsafeMutableRawPointer, count: Int) {
        base = UnsafeRawPointer(pointer)
        size = count
        unmap = false
        owner = nil
    }

    private init(chunk: MappedChunk, base: UnsafeRawPointer) {
        self.base = base
        size = chunk.bytes.count
        unmap = false
        owner = chunk
    }

    /// These bytes written to an unnamed file in `directory` and read back through a mapping, so
    /// that the system may page them out (a country's walking graph, held until the import's places
    /// are written); this file itself when the disk refuses them.
    package func spilled(to directory: String) -> MappedFile {
        guard let spill = SpillFile(directory: directory), let chunk = spill.store(bytes), let start = chunk.bytes.baseAddress else {
            return self
        }
        return MappedFile(chunk: chunk, base: UnsafeRawPointer(start))
    }

    /// Maps `path` read-only. Pages are faulted in as queries touch them, so opening costs the
    /// same for a small file as for a large one. An empty file gives zero bytes (mmap refuses it).
    /// - Throws: ``MappedFileError`` with the system's reason.
    package init(mapping path: String) throws(MappedFileError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw MappedFileError(reason: String(cString: strerror(errno))) }
        // A folder or a device opens too; mmap's refusal ("No such device") would not say why.
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw MappedFileError(reason: "not a regular file") }
        let length = Int(status.st_size)
        if length == 0 {
            base = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 16))
            size = 0
            unmap = false
            owner = nil
            return
        }
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw MappedFileError(reason: String(cString: strerror(errno)))
        }
        base = UnsafeRawPointer(mapped)
        size = length
        unmap = true
        owner = nil
    }

    deinit {
        if owner != nil {
            return
        } else if unmap {
            munmap(UnsafeMutableRawPointer(mutating: base), size)
        } else {
            base.deallocate()
        }
    }

    // The readers are inlinable: the walking graph and the name index call them in their inner
    // loops, from other modules.

    /// The bytes, for writing them out or hashing them.
    package var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: size) }

    @inlinable @inline(__always) package func u8(_ offset: Int) -> UInt8 {
        base.load(fromByteOffset: offset, as: UInt8.self)
    }

    @inlinable @inline(__always) package func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inlinable @inline(__always) package func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inlinable @inline(__always) package func i32(_ offset: Int) -> Int32 { Int32(bitPattern: u32(offset)) }

    @inlinable @inline(__always) package func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }

    @inlinable @inline(__always) package func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// FNV-1a over `bytes`: the header checksum of the index files.
    package static func fnv1a(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}

/// Why a file could not be mapped: the system's words ("No such file or directory").
package struct MappedFileError: Error, Sendable, Equatable {
    package var reason: String

    package init(reason: String) { self.reason = reason }
}
