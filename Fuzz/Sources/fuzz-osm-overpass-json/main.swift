// An Overpass API answer in JSON read as an OSM file (`places import answer.json`).
import Foundation
@testable import OSMFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOverpassJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    var progress = ProgressReporter(nil, total: count)
    try? OverpassJSONReader.read(data, progress: &progress, header: { _ in }, element: { _ in })
    return 0
}
