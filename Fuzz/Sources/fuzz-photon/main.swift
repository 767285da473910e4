// The Photon answer reader (geocoding: names to positions and back), as its provider calls it:
// status check, JSON, then the reader, with and without a point to measure from.
import Foundation
import FuzzSupport
@testable import PlaceBytes
@testable import PlaceProviders
@testable import PlaceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    readAnswer(start, count) { root throws(JSONShapeError) in
        _ = try PhotonReader.places(root, from: nil)
        _ = try PhotonReader.places(root, from: Coordinate(52.37, 4.89))
    }
    return 0
}
