// What people type for --arrive, --duration, --max-walk and --radius (PlacesKit's ArrivalTime,
// TimeText and DistanceText): a value or a one-line failure, never a trap.
import Foundation
@testable import PlaceCore
import PlacesKit

let now = Date(timeIntervalSince1970: 1_800_000_000)
let zones = [TimeZone(identifier: "Europe/Amsterdam"), TimeZone(identifier: "Pacific/Kiritimati"), TimeZone(identifier: "UTC")]
    .compactMap { $0 }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArrivalText(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    _ = try? ArrivalTime.duration(text)
    for zone in zones { _ = try? ArrivalTime.arrival(text, now: now, timeZone: zone) }
    _ = TimeText.seconds(text, bareUnit: StatedDuration.bareUnit)
    _ = TimeText.seconds(text, bareUnit: nil)
    _ = DistanceText.meters(text)
    return 0
}
