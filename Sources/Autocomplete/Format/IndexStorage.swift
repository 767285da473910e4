import Foundation
import PlaceBytes
import PlaceCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an index: mapped from a file or allocated for one built in memory.
typealias IndexStorage = MappedFile

extension MappedFile {
    /// Maps the index file at `path`; a file too small for the header is refused.
    convenience init(mappingIndex path: String) throws(IndexFileError) {
        do {
            try self.init(mapping: path)
        } catch {
            throw IndexFileError(path: path, problem: .cannotRead(error.reason))
        }
        guard size >= IndexFormat.headerSize else { throw IndexFileError(path: path, problem: .tooSmall(size)) }
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
