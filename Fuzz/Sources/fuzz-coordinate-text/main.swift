// Coordinate(parsing:): "--near 52.37,4.89" and every other spelling a user may type.
import Foundation
@testable import PlaceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCoordinateText(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    if let coordinate = try? Coordinate(parsing: text) {
        guard (-90...90).contains(coordinate.latitude), (-180...180).contains(coordinate.longitude) else {
            fatalError("\(text) parsed to a coordinate off the globe: \(coordinate)")
        }
    }
    return 0
}
