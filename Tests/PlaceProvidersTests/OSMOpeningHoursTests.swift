import Foundation
import PlaceCore
import PlaceSearchTesting
@testable import PlaceProviders
import Testing

struct OSMOpeningHoursTests {
    typealias Interval = OpeningHours.Interval

    static func week(_ text: String) -> [String]? {
        guard let parsed = OSMOpeningHours.parse(text) else { return nil }
        if parsed.alwaysOpen { return ["24/7"] }
        return parsed.intervals.sorted { ($0.weekday, $0.opens) < ($1.weekday, $1.opens) }.map { "\($0.weekday.shortName) \($0.text)" }
    }

    @Test(arguments: [
        ("Mo-Fr 08:00-18:00", ["Mon 08:00–18:00", "Tue 08:00–18:00", "Wed 08:00–18:00", "Thu 08:00–18:00", "Fri 08:00–18:00"]),
        (
            "Mo-Fr 08:00-18:00; Sa 09:00-17:00; Su off",
            ["Mon 08:00–18:00", "Tue 08:00–18:00", "Wed 08:00–18:00", "Thu 08:00–18:00", "Fri 08:00–18:00", "Sat 09:00–17:00"]
        ),
        (
            "Mo-We,Fr-Sa 10:00-18:30; Th 10:00-20:00; Su 11:00-18:30",
            ["Mon 10:00–18:30", "Tue 10:00–18:30", "Wed 10:00–18:30", "Thu 10:00–20:00", "Fri 10:00–18:30", "Sat 10:00–18:30", "Sun 11:00–18:30"]
        ),
        ("We-Sa 12:00-18:00, Su 12:00-17:00", ["Wed 12:00–18:00", "Thu 12:00–18:00", "Fri 12:00–18:00", "Sat 12:00–18:00", "Sun 12:00–17:00"]),
        ("Su-Tu 21:00-03:00", ["Mon 21:00–03:00", "Tue 21:00–03:00", "Sun 21:00–03:00"]),
        ("Mo 08:00-12:00,13:00-17:00", ["Mon 08:00–12:00", "Mon 13:00–17:00"]),
        (
            "Mo-Su 08:00-18:00; Tu off",
            ["Mon 08:00–18:00", "Wed 08:00–18:00", "Thu 08:00–18:00", "Fri 08:00–18:00", "Sat 08:00–18:00", "Sun 08:00–18:00"]
        ),
        (
            "Mo-Sa 08:00-18:00; Su 09:00-18:00; PH off",
            ["Mon 08:00–18:00", "Tue 08:00–18:00", "Wed 08:00–18:00", "Thu 08:00–18:00", "Fri 08:00–18:00", "Sat 08:00–18:00", "Sun 09:00–18:00"]
        ),
        ("24/7", ["24/7"]),
        (
            "10:00-18:00",
            ["Mon 10:00–18:00", "Tue 10:00–18:00", "Wed 10:00–18:00", "Thu 10:00–18:00", "Fri 10:00–18:00", "Sat 10:00–18:00", "Sun 10:00–18:00"]
        ),
    ])
    func readsTheCommonSyntax(_ text: String, expected: [String]) {
        #expect(Self.week(text) == expected)
    }

    @Test(arguments: [
        "Jan-Mar Mo 10:00-12:00", "Mo-Fr 08:00+", "sunrise-sunset", "Mo-Fr 08:00-18:00 \"by appointment\"", "So 10:00-20:00",
        "Mo-Fr 25:00-26:00", "Mo-Fr 8-18", "", "Mo-Fr 08:00-", "week 1-10 Mo 08:00-12:00",
    ])
    func refusesWhatItCannotReadInsteadOfGuessing(_ text: String) {
        #expect(OSMOpeningHours.parse(text) == nil)
    }

    @Test func offEveryDayIsAKnownClosedWeekButHolidaysAloneSayNothing() throws {
        let closed = try #require(OSMOpeningHours.parse("Mo-Su off"))
        #expect(closed.intervals.isEmpty && !closed.alwaysOpen)
        #expect(OSMTags.hours(["opening_hours": "Mo-Su off"])?.isOpen(at: Date(), defaultTimeZone: .gmt) == false)
        #expect(OSMOpeningHours.parse("PH off") == nil)
        #expect(OSMTags.hours(["opening_hours": "PH off"])?.isKnown == false)
    }

    @Test func pastMidnightCountsForTheNightBefore() throws {
        let parsed = try #require(OSMOpeningHours.parse("Mo-Su 08:00-01:00"))
        let hours = OpeningHours(intervals: parsed.intervals, timeZoneIdentifier: "Europe/Amsterdam")
        // Saturday 21 November 2026, 00:30 in Amsterdam: Friday's hours are still running.
        #expect(hours.isOpen(at: try Date("2026-11-20T23:30:00Z", strategy: .iso8601), defaultTimeZone: .gmt) == true)
        #expect(hours.isOpen(at: try Date("2026-11-21T00:30:00Z", strategy: .iso8601), defaultTimeZone: .gmt) == false)
    }
}
