public import Foundation

extension Place {
    /// The zone the place keeps time in: the one its provider gave with the hours (Foursquare
    /// does), else the one at its position (``TimeZoneMap``). Never the zone of the machine asking.
    public var timeZone: TimeZone {
        hours?.statedTimeZone ?? TimeZoneMap.zone(at: coordinate)
    }

    /// Whether the place is open at `date` on its own clock: `true`, `false`, or `nil` when its
    /// hours are not known.
    public func isOpen(at date: Date) -> Bool? {
        guard let hours else { return nil }
        return hours.isOpen(at: date, defaultTimeZone: timeZone)
    }

    /// "open until 18:00", "closed, opens tomorrow 07:00", …, in the place's own clock times; nil
    /// when its hours are not known.
    public func openingStatus(at date: Date) -> String? {
        guard let hours else { return nil }
        return hours.statusText(at: date, defaultTimeZone: timeZone)
    }
}
