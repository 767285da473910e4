// One uncompressed PrimitiveBlock, as PBFReader hands it to the decoder after inflating a blob:
// fuzzed directly, because mutations of a whole file rarely get past zlib's checksum.
@testable import OSMFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPBFBlock(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    var decoder = PBFBlockDecoder()
    try? decoder.decode(bytes) { _ in }
    _ = try? PBFHeaderBlock.decode(bytes)
    return 0
}
