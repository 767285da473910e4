// What people type for --arrive, --duration, --max-walk and --radius (the CLI's ArrivalParsing and
// ValueParsing): a value or a one-line failure, never a trap.
@testable import CLIText
import Foundation
import PlaceSearch

let now = Date(timeIntervalSince1970: 1_800_000_000)
let zones = [TimeZone(identifier: "Europe/Amsterdam"), TimeZone(identifier: "Pacific/Kiritimati"), TimeZone(identifier: "UTC")]
    .compactMap { $0 }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArrivalText(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? ArrivalParsing.duration(text)
    for zone in zones { _ = try? ArrivalParsing.arrival(text, now: now, timeZone: zone) }
    _ = ValueParsing.seconds(text)
    _ = ValueParsing.meters(text)
    return 0
}
