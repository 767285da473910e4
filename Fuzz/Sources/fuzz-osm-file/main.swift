// OSMFileReader as `places import` calls it: the format told from the bytes, gzip and bzip2 undone.
import Foundation
import OSMFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOSMFile(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    try? OSMFileReader.read(data: data, name: "fuzz.osm", progress: { _, _ in }, element: { _ in })
    return 0
}
