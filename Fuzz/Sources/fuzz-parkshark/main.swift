// ParkShark's answers: the cost advice, the meters list and the box rows, as the provider reads them.
import Foundation
import FuzzSupport
@testable import PlaceBytes
@testable import PlaceCore
@testable import PlaceProviders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParkShark(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    readAnswer(start, count) { root throws(JSONShapeError) in
        _ = try? ParkSharkReader.cost(root)
        _ = try? ParkSharkReader.meters(root)
        _ = try ParkSharkReader.rows(root.member("items"))
    }
    return 0
}
