// Polyline.decode at precision 5 and 6 (Google Directions, OSRM): any text ends in points or a
// PolylineError; decoded points encode back to a text that decodes to the same points.
import Foundation
@testable import PlaceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPolyline(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    for precision in [5, 6] {
        guard let points = try? Polyline.decode(text, precision: precision) else { continue }
        let again = try? Polyline.decode(Polyline.encode(points, precision: precision), precision: precision)
        guard again == points else { fatalError("polyline \(text.prefix(80)) does not survive a round trip at \(precision)") }
    }
    return 0
}
