import Foundation
import PlaceCore
import Testing

struct OpeningHoursTests {
    typealias Interval = OpeningHours.Interval

    /// Monday to Friday 08:00–18:00, Saturday 09:00–01:00 (past midnight), closed on Sunday.
    static let weekly = OpeningHours(
        intervals: [.monday, .tuesday, .wednesday, .thursday, .friday].map { Interval(weekday: $0, opens: 480, closes: 1080) }
            + [Interval(weekday: .saturday, opens: 540, closes: 1500)],
        timeZoneIdentifier: "Europe/Amsterdam")

    static func instant(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    @Test(arguments: [
        // 2026-11-20 is a Friday; Amsterdam is UTC+1 in November.
        ("2026-11-20T07:30:00Z", true),  // 08:30 local
        ("2026-11-20T06:59:00Z", false),  // 07:59 local
        ("2026-11-20T16:59:00Z", true),  // 17:59 local
        ("2026-11-20T17:00:00Z", false),  // 18:00 local: closes at 18:00
        ("2026-11-21T23:30:00Z", true),  // Sunday 00:30 local, still Saturday night
        ("2026-11-22T00:00:00Z", false),  // Sunday 01:00 local: closed
        ("2026-11-22T12:00:00Z", false),  // Sunday noon
        // 2026-07-03 is a Friday in summer time (UTC+2): 07:30 UTC is 09:30 local.
        ("2026-07-03T06:30:00Z", true),
        ("2026-07-03T05:30:00Z", false),
    ])
    func openAtAnInstantInThePlacesTimeZone(_ instant: String, expected: Bool) {
        // The machine's own zone must not matter: the place says where it is.
        let open = Self.weekly.isOpen(at: Self.instant(instant), defaultTimeZone: TimeZone(identifier: "Pacific/Auckland") ?? .current)
        #expect(open == expected)
    }

    @Test func withoutItsOwnZoneThePlaceUsesTheGivenOne() throws {
        var hours = Self.weekly
        hours.timeZoneIdentifier = nil
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        // Friday 00:30 UTC is Friday 09:30 in Tokyo.
        #expect(hours.isOpen(at: Self.instant("2026-11-20T00:30:00Z"), defaultTimeZone: tokyo) == true)
        #expect(hours.isOpen(at: Self.instant("2026-11-20T00:30:00Z"), defaultTimeZone: TimeZone(identifier: "UTC") ?? tokyo) == false)
    }

    @Test func aWeekKnownToBeClosedIsClosedNotUnknown() {
        let closed = OpeningHours(intervals: [], text: "Mo-Su off", hasWeeklySchedule: true)
        #expect(closed.isKnown)
        #expect(closed.isOpen(at: Date(), defaultTimeZone: .gmt) == false)
        #expect(closed.statusText(at: Date(), defaultTimeZone: .gmt) == "closed")
    }

    @Test func hoursThatStartAfterMidnightDoNotOpenAtMidnight() {
        // Friday's entry for 01:00–03:00 on Saturday morning (Foursquare writes "+0100"–"+0300").
        let late = OpeningHours(intervals: [Interval(weekday: .friday, opens: 1500, closes: 1620)], timeZoneIdentifier: "UTC")
        #expect(late.isOpen(at: Self.instant("2026-11-21T00:30:00Z"), defaultTimeZone: .gmt) == false)  // Saturday 00:30
        #expect(late.isOpen(at: Self.instant("2026-11-21T01:30:00Z"), defaultTimeZone: .gmt) == true)
        #expect(late.isOpen(at: Self.instant("2026-11-21T03:00:00Z"), defaultTimeZone: .gmt) == false)
    }

    @Test func unknownHoursAnswerNil() {
        #expect(OpeningHours(text: "by appointment").isOpen(at: Date(), defaultTimeZone: .gmt) == nil)
        #expect(!OpeningHours(text: "by appointment").isKnown)
    }

    @Test func alwaysOpenIsOpen() {
        #expect(OpeningHours(isAlwaysOpen: true).isOpen(at: Date(), defaultTimeZone: .gmt) == true)
        #expect(OpeningHours(isAlwaysOpen: true).statusText(at: Date(), defaultTimeZone: .gmt) == "open 24/7")
    }

    @Test func aSnapshotIsTrustedOnlyNearItsMoment() {
        let moment = Self.instant("2026-11-20T10:00:00Z")
        let hours = OpeningHours(snapshot: .init(isOpen: true, at: moment))
        #expect(hours.isOpen(at: moment.addingTimeInterval(600), defaultTimeZone: .gmt) == true)
        #expect(hours.isOpen(at: moment.addingTimeInterval(-600), defaultTimeZone: .gmt) == true)
        #expect(hours.isOpen(at: moment.addingTimeInterval(3600), defaultTimeZone: .gmt) == nil)
    }

    @Test func statusSaysUntilWhenOrWhenItOpens() {
        let zone = TimeZone(identifier: "UTC") ?? .current
        #expect(Self.weekly.statusText(at: Self.instant("2026-11-20T10:00:00Z"), defaultTimeZone: zone) == "open until 18:00")
        #expect(Self.weekly.statusText(at: Self.instant("2026-11-20T05:00:00Z"), defaultTimeZone: zone) == "closed, opens 08:00")
        #expect(Self.weekly.statusText(at: Self.instant("2026-11-21T23:30:00Z"), defaultTimeZone: zone) == "open until 01:00")
        #expect(Self.weekly.statusText(at: Self.instant("2026-11-22T12:00:00Z"), defaultTimeZone: zone) == "closed, opens tomorrow 08:00")
    }
}
