// What an executable provider plugin prints: its `describe` object and its `search` answer. A
// plugin is never trusted; every field is checked before it becomes a place.
import Foundation
@testable import PlaceProviders
@testable import PlaceCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPluginAnswer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    _ = try? PluginProtocol.description(data)
    _ = try? PluginProtocol.places(data, provider: ProviderID("fuzz"), category: .coffee)
    _ = try? PluginProtocol.places(data, provider: ProviderID("fuzz"), category: .parking)
    return 0
}
