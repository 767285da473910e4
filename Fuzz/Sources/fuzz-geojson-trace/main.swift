// The geojson trace reader, through TraceReader as `places stops` and `places follow` use it.
import FuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTrace(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    readTrace(start, count, format: .geojson)
    return 0
}
