package import Foundation
package import PlaceCore

extension PlacesService {
    /// Warns, once, when the built-in time-zone table cannot be read: places' hours are then read
    /// in this machine's zone, which is wrong for places elsewhere. A flow that judges hours calls it.
    func warnIfPlacesClocksAreUnknown() {
        guard case .failure(let problem) = TimeZoneMap.bundled, !said.new(["time-zone-table"]).isEmpty else { return }
        notices.warn(Self.clocksUnknownText(problem, machineZone: .current))
    }

    package static func clocksUnknownText(_ problem: TimeZoneMapError, machineZone: TimeZone) -> String {
        "\(problem); opening hours are read in this machine's zone (\(machineZone.identifier)), which is wrong for places in other zones; reinstall places"
    }
}
