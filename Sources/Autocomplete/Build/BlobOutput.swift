import Foundation

/// The blob section: strings appended, offsets handed back. Details repeat (a GeoNames admin
/// area, "Café"), so up to 65,536 distinct ones are stored once.
final class BlobOutput {
    let output: ByteOutput
    private var shared: [[UInt8]: UInt32] = [:]

    init(_ output: ByteOutput) { self.output = output }

    func add(_ bytes: [UInt8], shared isShared: Bool = false) throws(IndexBuildError) -> (
        offset: UInt32, length: UInt32
    ) {
        try withBytes(bytes) { (buffer) throws(IndexBuildError) in try add(buffer, shared: isShared) }
    }

    func add(_ bytes: UnsafeRawBufferPointer, shared isShared: Bool = false) throws(IndexBuildError) -> (
        offset: UInt32, length: UInt32
    ) {
        var key: [UInt8] = []
        if isShared {
            key = Array(bytes)
            if let offset = shared[key] { return (offset, UInt32(bytes.count)) }
        }
        guard output.count + bytes.count < Int(UInt32.max) else {
            throw IndexBuildError(
                path: output.path ?? "(memory)", reason: "the names do not fit one index (4 GB of text)")
        }
        let offset = UInt32(output.count)
        try output.write(bytes)
        if isShared, shared.count < 65_536 { shared[key] = offset }
        return (offset, UInt32(bytes.count))
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
