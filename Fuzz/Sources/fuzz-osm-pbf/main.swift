// A whole OSM PBF file: blob framing, zlib, the header block and the data blocks.
@testable import OSMFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMPBF(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    var progress = ProgressReporter(nil, total: count)
    try? PBFReader.read(bytes, progress: &progress, header: { _ in }, element: { _ in })
    return 0
}
