// The config file (TOML, through TOMLKit), as PlacesKit reads it: the parse that sets bad lines
// aside, every lookup, and the warnings with their did-you-mean.
import PlacesKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let config = ConfigFile.parse(text, displayPath: "config.toml")
    for key in config.values.keys { _ = try? config.value(key) }
    for section in ["", "http", "foursquare", "feeds", "serve"] { _ = try? config.section(section) }
    _ = config.warnings()
    return 0
}
