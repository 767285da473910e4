import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an index, owned: either mmapped from a file or allocated for an index built in
/// memory. Immutable after creation, hence shareable across threads.
final class IndexStorage: @unchecked Sendable {
    let base: UnsafeRawPointer
    let size: Int
    private let unmap: Bool

    /// Copies `bytes` into an allocation (an index built in memory).
    init(copying bytes: [UInt8]) {
        let pointer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { pointer.copyMemory(from: address, byteCount: source.count) }
        }
        base = UnsafeRawPointer(pointer)
        size = bytes.count
        unmap = false
    }

    /// Maps `path` read-only. Pages are faulted in as queries touch them, so opening costs the
    /// same for 1,000 names as for 10,000,000.
    init(mapping path: String) throws(IndexFileError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw IndexFileError(path: path, problem: .cannotRead(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw IndexFileError(path: path, problem: .cannotRead(String(cString: strerror(errno))))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw IndexFileError(path: path, problem: .cannotRead("not a regular file"))
        }
        let length = Int(status.st_size)
        guard length >= IndexFormat.headerSize else { throw IndexFileError(path: path, problem: .tooSmall(length)) }
        guard let mapped = mmap(nil, length, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw IndexFileError(path: path, problem: .cannotRead(String(cString: strerror(errno))))
        }
        base = UnsafeRawPointer(mapped)
        size = length
        unmap = true
    }

    deinit {
        if unmap {
            munmap(UnsafeMutableRawPointer(mutating: base), size)
        } else {
            base.deallocate()
        }
    }

    @inline(__always) func u8(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    @inline(__always) func u16(_ offset: Int) -> UInt16 {
        UInt16(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    @inline(__always) func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) func u64(_ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
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
