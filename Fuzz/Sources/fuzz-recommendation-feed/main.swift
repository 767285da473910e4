// A recommendation feed (`--feed`), parsed and read as the feed provider does.
import Foundation
@testable import PlaceBytes
@testable import PlaceCore
@testable import PlaceProviders

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecommendationFeed(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    guard let root = try? JSONValue.parse(data) else { return 0 }
    _ = try? RecommendationFeedReader.read(root, location: "fuzz.json")
    return 0
}
