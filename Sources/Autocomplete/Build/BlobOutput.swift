import Foundation

/// The blob section: strings appended, offsets handed back. Details repeat (a GeoNames admin
/// area, "Café"), so up to 65,536 distinct ones are stored once.
final class BlobOutput {
    let output: ByteOutput
    private var shared = SharedStrings()

    init(_ output: ByteOutput) { self.output = output }

    func add(_ bytes: [UInt8], shared isShared: Bool = false) throws(IndexBuildError) -> (
        offset: UInt32, length: UInt32
    ) {
        try withBytes(bytes) { (buffer) throws(IndexBuildError) in try add(buffer, shared: isShared) }
    }

    func add(_ bytes: UnsafeRawBufferPointer, shared isShared: Bool = false) throws(IndexBuildError) -> (
        offset: UInt32, length: UInt32
    ) {
        if isShared, let offset = shared.offset(of: bytes) { return (offset, UInt32(bytes.count)) }
        guard output.count + bytes.count < Int(UInt32.max) else {
            throw IndexBuildError(
                path: output.path ?? "(memory)", reason: "the names do not fit one index (4 GB of text)")
        }
        let offset = UInt32(output.count)
        try output.write(bytes)
        if isShared { shared.insert(bytes, offset: offset) }
        return (offset, UInt32(bytes.count))
    }
}

/// Up to 65,536 strings and their offsets in the blob, in an open-addressing table of FNV-1a
/// hashes over a copy of their bytes: a look-up per record allocates nothing (a `[[UInt8]: …]`
/// dictionary copied the bytes into an array and hashed them one byte at a time).
private struct SharedStrings {
    static let limit = 65_536
    private var slots = [Int32](repeating: -1, count: 2 * limit)
    private var hashes: [UInt64] = []
    private var starts: [Int] = []
    private var offsets: [UInt32] = []
    private var bytes: [UInt8] = []

    func offset(of string: UnsafeRawBufferPointer) -> UInt32? {
        let hash = IndexFormat.fnv1a(string)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 {
            let number = Int(slots[slot])
            if hashes[number] == hash, matches(number, string) { return offsets[number] }
            slot = (slot + 1) & (slots.count - 1)
        }
        return nil
    }

    mutating func insert(_ string: UnsafeRawBufferPointer, offset: UInt32) {
        guard offsets.count < Self.limit else { return }
        let hash = IndexFormat.fnv1a(string)
        var slot = Int(truncatingIfNeeded: hash) & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(offsets.count)
        hashes.append(hash)
        starts.append(bytes.count)
        offsets.append(offset)
        bytes.append(contentsOf: string)
    }

    private func matches(_ number: Int, _ string: UnsafeRawBufferPointer) -> Bool {
        let start = starts[number]
        let end = number + 1 < starts.count ? starts[number + 1] : bytes.count
        guard end - start == string.count else { return false }
        return bytes.withUnsafeBytes { stored in
            compareBytes(UnsafeRawBufferPointer(rebasing: stored[start..<end]), string) == 0
        }
    }
}

/// Runs `body`, whose error can only be an ``IndexBuildError`` (an untyped `rethrows` in between
/// forgets that).
func typed<T>(_ body: () throws -> T) throws(IndexBuildError) -> T {
    do {
        return try body()
    } catch let error as IndexBuildError {
        throw error
    } catch {
        throw IndexBuildError(path: "(build)", reason: "\(error)")
    }
}

/// Runs `body` on the bytes of `array`, keeping the error typed.
func withBytes<T>(_ array: [UInt8], _ body: (UnsafeRawBufferPointer) throws(IndexBuildError) -> T)
    throws(IndexBuildError) -> T
{
    var result: Result<T, IndexBuildError>?
    array.withUnsafeBytes { buffer in result = Result { () throws(IndexBuildError) in try body(buffer) } }
    guard let result else { throw IndexBuildError(path: "(build)", reason: "no result") }
    return try result.get()
}

/// Runs `body` on the bytes of `slice`, keeping the error typed.
func withBytes<T>(_ slice: ArraySlice<UInt8>, _ body: (UnsafeRawBufferPointer) throws(IndexBuildError) -> T)
    throws(IndexBuildError) -> T
{
    var result: Result<T, IndexBuildError>?
    slice.withUnsafeBytes { buffer in result = Result { () throws(IndexBuildError) in try body(buffer) } }
    guard let result else { throw IndexBuildError(path: "(build)", reason: "no result") }
    return try result.get()
}

extension UnsafeRawBufferPointer {
    /// The first index at or after `start` holding `byte`.
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < count {
            if self[index] == byte { return index }
            index += 1
        }
        return nil
    }
}

extension Array where Element == UInt32 {
    /// The first index whose element satisfies `predicate` (which must be false, then true).
    func partitioningIndex(where predicate: (UInt32) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
