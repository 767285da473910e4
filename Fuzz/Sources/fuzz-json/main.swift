// JSONValue.parse, the byte layer's JSON parser (provider answers, cassettes, feeds, GeoJSON, Overpass):
// any bytes end in a value or a JSONParseError; a value written out parses back to itself.
import Foundation
@testable import PlaceBytes

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: count, deallocator: .none)
    guard let value = try? JSONValue.parse(data) else { return 0 }
    let written = value.serializedData()
    guard let again = try? JSONValue.parse(written), again == value else {
        fatalError("JSON written from a parsed value does not parse back to it: \(String(decoding: written.prefix(200), as: UTF8.self))")
    }
    return 0
}
