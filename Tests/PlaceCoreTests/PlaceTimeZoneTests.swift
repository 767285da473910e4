import Foundation
import PlaceCore
import Testing

/// A place's hours are read on its own clock: the zone its provider gave, else the zone at its
/// position. Nothing here reads the zone of the machine the tests run on.
struct PlaceTimeZoneTests {
    typealias Interval = OpeningHours.Interval

    static func instant(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Open every day from `opens` to `closes` (minutes), with no zone of its own, as OpenStreetMap gives hours.
    static func daily(_ opens: Int, _ closes: Int, zone: String? = nil) -> OpeningHours {
        OpeningHours(intervals: OpeningHours.Weekday.allCases.map { Interval(weekday: $0, opens: opens, closes: closes) }, timeZoneIdentifier: zone)
    }

    static func place(_ latitude: Double, _ longitude: Double, hours: OpeningHours?) -> Place {
        Place(id: PlaceID(provider: "osm", nativeID: "node/1"), name: "Café", coordinate: Coordinate(latitude, longitude), hours: hours)
    }

    @Test(arguments: [
        // Saturday 21 November 2026, 23:22 UTC: 00:22 on Sunday in Amsterdam, opening at 07:00 that day.
        (52.3702754, 4.8921946, "2026-11-21T23:22:00Z", 420, 1320, false, "closed, opens 07:00", "Europe/Amsterdam"),
        // 23:24 UTC: 00:24 on Sunday in Schaan (La Piazza, open until midnight on Saturday).
        (47.1669152, 9.5100352, "2026-11-21T23:24:00Z", 660, 1440, false, "closed, opens 11:00", "Europe/Vaduz"),
        // 22:30 UTC: 00:30 on Sunday in Helsinki (UTC+2).
        (60.1699, 24.9384, "2026-11-21T22:30:00Z", 480, 1320, false, "closed, opens 08:00", "Europe/Helsinki"),
        // 18 July 2026, 22:30 UTC: 23:30 in Lisbon in summer (UTC+1), after closing at 23:00.
        (38.7107, -9.1420, "2026-07-18T22:30:00Z", 480, 1380, false, "closed, opens tomorrow 08:00", "Europe/Lisbon"),
        // The same moment in Auckland is 10:30 on Sunday morning.
        (-36.8485, 174.7633, "2026-07-18T22:30:00Z", 480, 1380, true, "open until 23:00", "Pacific/Auckland"),
    ])
    func hoursAreReadInTheZoneAtThePlace(
        _ latitude: Double, _ longitude: Double, _ at: String, _ opens: Int, _ closes: Int, _ open: Bool, _ status: String, _ zone: String
    ) {
        let place = Self.place(latitude, longitude, hours: Self.daily(opens, closes))
        #expect(place.timeZone.identifier == zone)
        #expect(place.isOpen(at: Self.instant(at)) == open)
        #expect(place.openingStatus(at: Self.instant(at)) == status)
    }

    @Test func theZoneTheProviderGaveIsKept() {
        // Foursquare says where a place keeps time; its word wins over the position.
        let place = Self.place(52.3731, 4.8926, hours: Self.daily(480, 1080, zone: "Asia/Tokyo"))
        #expect(place.timeZone.identifier == "Asia/Tokyo")
        // 01:00 UTC is 10:00 in Tokyo (open) and 02:00 in Amsterdam (closed).
        #expect(place.isOpen(at: Self.instant("2026-11-20T01:00:00Z")) == true)
    }

    @Test func aZoneTheProviderGaveThatNobodyKnowsGivesWayToThePosition() {
        let place = Self.place(52.3731, 4.8926, hours: Self.daily(480, 1080, zone: "Mars/Olympus_Mons"))
        #expect(place.timeZone.identifier == "Europe/Amsterdam")
    }

    @Test func aPlaceWithoutHoursHasAZoneButNoAnswer() {
        let place = Self.place(60.1699, 24.9384, hours: nil)
        #expect(place.timeZone.identifier == "Europe/Helsinki")
        #expect(place.isOpen(at: Self.instant("2026-11-20T10:00:00Z")) == nil)
        #expect(place.openingStatus(at: Self.instant("2026-11-20T10:00:00Z")) == nil)
    }
}
