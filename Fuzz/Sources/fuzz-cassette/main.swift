// Cassette(data:file:): a recording file as the replay middleware loads it.
import Foundation
@testable import PlaceHTTP
import PlaceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCassette(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    if let cassette = try? Cassette(data: data, file: "fuzz.json") {
        // What was read can be written and read again.
        _ = try? Cassette(data: cassette.serialized(), file: "again.json")
    }
    return 0
}
