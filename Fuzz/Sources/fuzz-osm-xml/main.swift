// OSM XML through the shared XML scanner, on the bytes as libFuzzer gives them (no copy), so that a
// read past the end is seen by AddressSanitizer.
@testable import OSMFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMXML(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count)
    var progress = ProgressReporter(nil, total: count)
    try? OSMXMLReader.read(bytes, progress: &progress, header: { _ in }, element: { _ in })
    return 0
}
