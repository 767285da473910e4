// A CSV or TSV name list (`places import --names`): the first byte picks the delimiter and the
// column mapping, the rest is the file.
import PlaceImport
@testable import PlaceCore

let mappings: [NameListMapping] = [
    NameListMapping(),
    NameListMapping(name: "3", kind: .street),
    NameListMapping(name: "name", latitude: "lat", longitude: "lon", importance: "population", detail: ["admin1", "cc"]),
    NameListMapping(name: "2", latitude: "5", longitude: "6", hasHeader: false),
    NameListMapping(name: "1", latitude: "2", longitude: "3", importance: "4", hasHeader: true),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNameList(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let raw = UnsafeRawBufferPointer(start: start, count: count)
    guard let selector = raw.first else { return 0 }
    let bytes = Array(raw.dropFirst())
    let delimiter = selector & 1 == 0 ? UInt8(ascii: ",") : UInt8(ascii: "\t")
    let mapping = mappings[Int(selector >> 1) % mappings.count]
    _ = try? NameListReader.read(bytes: bytes, label: "fuzz.csv", delimiter: delimiter, mapping: mapping)
    return 0
}
