// The google-directions answer reader, as its provider calls it: status check, JSON, then the reader.
import Foundation
import FuzzSupport
@testable import PlaceBytes
@testable import PlaceCore
@testable import PlaceProviders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    readAnswer(start, count) { root throws(JSONShapeError) in _ = try GoogleDirectionsReader.read(root, provider: ProviderID("google")) }
    return 0
}
