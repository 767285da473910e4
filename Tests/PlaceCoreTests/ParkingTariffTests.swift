import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// The cost of a stay from a tariff, checked by hand on Amsterdam's clock.
struct ParkingTariffTests {
    static let amsterdam = "Europe/Amsterdam"
    /// €5.00/h, Monday to Saturday 09–24, Sunday 12–24: central Amsterdam's shape. Index 0 = Sunday.
    static let centre = ParkingTariff(
        hourlyRate: 5, paidHours: [.init(start: 12, end: 24)] + Array(repeating: .init(start: 9, end: 24), count: 6),
        timeZoneIdentifier: amsterdam)

    static func at(_ text: String) -> Date { ISO8601Text.parse(text)! }

    @Test func arrivingBeforePaidHoursPaysOnlyThePaidPart() {
        // Friday 27 November 2026, 08:30 in Amsterdam (UTC+1), for 2 h: 09:00–10:30 is paid, 1.5 h × €5.
        let stay = Stay(arrival: Self.at("2026-11-27T08:30:00+01:00"), duration: 2 * 3600)
        #expect(Self.centre.paidHours(during: stay) == 1.5)
        #expect(Self.centre.cost(of: stay) == 7.5)
    }

    @Test func sundayStartsAtNoon() {
        // Sunday 22 November 2026, 11:00 for 3 h: 12:00–14:00 paid.
        let stay = Stay(arrival: Self.at("2026-11-22T11:00:00+01:00"), duration: 3 * 3600)
        #expect(Self.centre.cost(of: stay) == 10)
    }

    @Test func aStayOverMidnightPaysEachDayByItsOwnHours() {
        // Saturday 23:00 for 3 h: Saturday 23–24 paid (€5), Sunday 00–02 free.
        let stay = Stay(arrival: Self.at("2026-11-21T23:00:00+01:00"), duration: 3 * 3600)
        #expect(Self.centre.cost(of: stay) == 5)
    }

    @Test func theDailyCapLimitsALongDay() {
        var capped = Self.centre
        capped.dailyCapHours = 9
        // Friday 08:00 for 12 h: 09:00–20:00 is 11 h paid, capped at 9 h → €45; without the cap €55.
        let stay = Stay(arrival: Self.at("2026-11-27T08:00:00+01:00"), duration: 12 * 3600)
        #expect(Self.centre.cost(of: stay) == 55)
        #expect(capped.cost(of: stay) == 45)
    }

    @Test func introductoryHoursComeFirst() {
        let tariff = ParkingTariff(
            hourlyRate: 4, paidHours: Array(repeating: .init(start: 0, end: 24), count: 7),
            introductory: .init(hours: 1, hourlyRate: 2), timeZoneIdentifier: Self.amsterdam)
        // Monday 10:00 for 3 h: the first hour at €2, two more at €4 → €10; 30 minutes → €1.
        #expect(tariff.cost(of: Stay(arrival: Self.at("2026-11-23T10:00:00+01:00"), duration: 3 * 3600)) == 10)
        #expect(tariff.cost(of: Stay(arrival: Self.at("2026-11-23T10:00:00+01:00"), duration: 1800)) == 1)
    }

    @Test func summerTimeNightIsPricedByTheHoursReallyParked() {
        // 24/7 at €1/h. The night of 28–29 March 2026 loses an hour at 02:00; 6 real hours cost €6,
        // and the stay ends at 05:00 on the wall clock.
        let tariff = ParkingTariff(hourlyRate: 1, paidHours: Array(repeating: .init(start: 0, end: 24), count: 7), timeZoneIdentifier: Self.amsterdam)
        let stay = Stay(arrival: Self.at("2026-03-28T22:00:00+01:00"), duration: 6 * 3600)
        #expect(stay.departure == Self.at("2026-03-29T05:00:00+02:00"))
        #expect(tariff.cost(of: stay) == 6)
    }

    @Test func aDayWithoutPaidHoursIsFree() {
        let tariff = ParkingTariff(
            hourlyRate: 3, paidHours: [nil] + Array(repeating: .init(start: 9, end: 21), count: 6), timeZoneIdentifier: Self.amsterdam)
        #expect(tariff.cost(of: Stay(arrival: Self.at("2026-11-22T10:00:00+01:00"), duration: 4 * 3600)) == 0)
        #expect(tariff.summary == "€3.00/h Mon–Sat 09–21")
    }

    @Test func maximumStayIsAllowedUpToItsLength() {
        var tariff = Self.centre
        tariff.maximumStay = 2 * 3600
        let arrival = Self.at("2026-11-27T10:00:00+01:00")
        #expect(tariff.allows(Stay(arrival: arrival, duration: 2 * 3600)))
        #expect(!tariff.allows(Stay(arrival: arrival, duration: 3 * 3600)))
        #expect(Self.centre.allows(Stay(arrival: arrival, duration: 30 * 3600)))
    }

    @Test func summaryReadsLikeASign() {
        #expect(Self.centre.summary == "€5.00/h Mon–Sat 09–24, Sun 12–24")
        #expect(Stay(arrival: Date(), duration: 5400).durationText == "1 h 30 min")
    }
}
