// The config file (a TOML subset), as PlacesKit parses it.
import PlacesKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? ConfigFile.parse(text, displayPath: "config.toml")
    return 0
}
