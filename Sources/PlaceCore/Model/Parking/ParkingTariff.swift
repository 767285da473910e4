public import Foundation
import PlaceBytes

/// A parking place's price list: an hourly rate during paid hours, which differ by weekday.
///
/// It is what ParkShark's `get_meters` tells about a meter (`costs.days`, `costs.cost`,
/// `costs.first`, `costs.max`), and it is enough to work out the cost of any stay locally:
/// the minutes of the stay that fall in paid hours, day by day, at the rate.
public struct ParkingTariff: Sendable, Equatable, Codable {
    /// Paid hours of one day, in hours after midnight: 9 to 24 is "09:00 until midnight".
    public struct PaidWindow: Sendable, Equatable, Codable {
        /// When paying starts, in hours after midnight, 0…24: 12.5 is 12:30.
        public var start: Double
        /// When paying stops, in hours after midnight, from ``start`` to 24.
        public var end: Double

        /// Makes a window from `start` to `end` in hours after midnight, kept within 0…24 and with `end` not before `start`.
        public init(start: Double, end: Double) {
            self.start = max(0, min(24, start))
            self.end = max(self.start, min(24, end))
        }

        /// Whether nothing is paid in the window: ``end`` is not after ``start``.
        public var isEmpty: Bool { end <= start }

        /// "09–24", "12:30–19".
        public var text: String { "\(Self.clock(start))–\(Self.clock(end))" }

        private static func clock(_ hours: Double) -> String {
            let minutes = Int((hours * 60).rounded())
            let (h, m) = (minutes / 60, minutes % 60)
            return m == 0 ? NumberText.twoDigits(h) : "\(NumberText.twoDigits(h)):\(NumberText.twoDigits(m))"
        }
    }

    /// Euros per paid hour.
    public var hourlyRate: Double
    /// Seven entries, **index 0 = Sunday** (as ParkShark counts); nil for a day without paid hours.
    public var paidHours: [PaidWindow?]
    /// The first paid hours of a stay at another rate, such as ParkShark's `first` rule.
    public var introductory: Introductory?
    /// The longest stay allowed, in seconds; nil when there is no limit.
    public var maximumStay: TimeInterval?
    /// Nobody pays for more than this many hours in one day (Amsterdam's day card); nil for no cap.
    public var dailyCapHours: Double?
    /// The zone the paid hours are in.
    public var timeZoneIdentifier: String

    /// An introductory rate: the first paid hours of a stay at a rate of their own.
    public struct Introductory: Sendable, Equatable, Codable {
        /// How many of the stay's first paid hours are charged at this rate; never negative.
        public var hours: Double
        /// Euros per hour for those hours; never negative.
        public var hourlyRate: Double

        /// Makes an introductory rate; a negative number of hours or rate becomes 0.
        public init(hours: Double, hourlyRate: Double) {
            self.hours = max(0, hours)
            self.hourlyRate = max(0, hourlyRate)
        }
    }

    /// Makes a tariff, tidying what it is given: `paidHours` is cut or padded with nil to seven days (index 0 Sunday) and
    /// empty windows become nil; a negative rate becomes 0, and a maximum stay or daily cap that is not positive becomes nil.
    public init(
        hourlyRate: Double, paidHours: [PaidWindow?], introductory: Introductory? = nil, maximumStay: TimeInterval? = nil,
        dailyCapHours: Double? = nil, timeZoneIdentifier: String
    ) {
        self.hourlyRate = max(0, hourlyRate)
        var days = Array(paidHours.prefix(7))
        while days.count < 7 { days.append(nil) }
        self.paidHours = days.map { $0?.isEmpty == true ? nil : $0 }
        self.introductory = introductory
        self.maximumStay = maximumStay.flatMap { $0 > 0 ? $0 : nil }
        self.dailyCapHours = dailyCapHours.flatMap { $0 > 0 ? $0 : nil }
        self.timeZoneIdentifier = timeZoneIdentifier
    }

    /// Whether the stay is within the maximum stay.
    public func allows(_ stay: Stay) -> Bool {
        guard let maximumStay else { return true }
        return stay.duration <= maximumStay + 1
    }

    /// The hours of `stay` that must be paid for, after the daily cap.
    public func paidHours(during stay: Stay) -> Double {
        perDayPaidHours(stay).reduce(0, +)
    }

    /// The price of the whole stay in euros, rounded to cents.
    public func cost(of stay: Stay) -> Double {
        var total = 0.0
        var introductoryLeft = introductory?.hours ?? 0
        for hours in perDayPaidHours(stay) {
            let atIntroductory = min(hours, introductoryLeft)
            introductoryLeft -= atIntroductory
            total += atIntroductory * (introductory?.hourlyRate ?? hourlyRate) + (hours - atIntroductory) * hourlyRate
        }
        return (total * 100).rounded() / 100
    }

    /// "€5.00/h Mon–Sat 09–24, Sun 12–24", or "free" when nothing is ever paid.
    public var summary: String {
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        // Monday first, as people read a week; runs of days with the same hours are joined.
        let order = [1, 2, 3, 4, 5, 6, 0]
        var runs: [(first: Int, last: Int, window: PaidWindow?)] = []
        for day in order {
            if let last = runs.last, last.window == paidHours[day] {
                runs[runs.count - 1].last = day
            } else {
                runs.append((day, day, paidHours[day]))
            }
        }
        let paid = runs.compactMap { run -> String? in
            guard let window = run.window else { return nil }
            let days = run.first == run.last ? names[run.first] : "\(names[run.first])–\(names[run.last])"
            return "\(days) \(window.text)"
        }
        guard !paid.isEmpty, hourlyRate > 0 else { return "free" }
        var text = "€\(NumberText.fixed(hourlyRate, 2))/h \(paid.joined(separator: ", "))"
        if let introductory { text += "; first \(NumberText.trimmed(introductory.hours, 2)) h €\(NumberText.fixed(introductory.hourlyRate, 2))/h" }
        if let maximumStay { text += "; at most \(Stay(arrival: Date(timeIntervalSince1970: 0), duration: maximumStay).durationText)" }
        return text
    }

    /// Paid hours of the stay for each calendar day it touches, in the tariff's zone.
    ///
    /// Works on the wall clock in seconds: one offset lookup when no clock change falls inside the
    /// stay (nearly always), one per day boundary when one does. Foundation's Calendar would be
    /// simpler and about ten times slower, and ranking prices thousands of stays.
    private func perDayPaidHours(_ stay: Stay) -> [Double] {
        let zone = Self.zone(timeZoneIdentifier)
        let start = stay.arrival.timeIntervalSince1970
        let end = stay.departure.timeIntervalSince1970
        let transition = zone.nextDaylightSavingTimeTransition(after: stay.arrival)?.timeIntervalSince1970
        let steadyOffset = Double(zone.secondsFromGMT(for: stay.arrival))
        let steady = transition.map { $0 >= end } ?? true
        // Wall-clock seconds → the instant, honouring a clock change inside the stay.
        func instant(_ wall: Double) -> Double {
            guard !steady else { return wall - steadyOffset }
            let guess = wall - steadyOffset
            return wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess)))
        }
        var result: [Double] = []
        var day = ((start + steadyOffset) / 86_400).rounded(.down)
        // A stay of years would be a typo; a year of days is more than anyone parks.
        for _ in 0..<366 {
            let midnight = day * 86_400
            guard instant(midnight) < end else { break }
            defer { day += 1 }
            // 1 January 1970 was a Thursday: 4 when Sunday is 0.
            let weekday = ((Int(day) % 7) + 7 + 4) % 7
            guard let window = paidHours[weekday] else { continue }
            let from = instant(midnight + window.start * 3600)
            let to = instant(midnight + window.end * 3600)
            let overlap = min(end, to) - max(start, from)
            guard overlap > 0 else { continue }
            var hours = overlap / 3600
            if let cap = dailyCapHours { hours = min(hours, cap) }
            result.append(hours)
        }
        return result
    }

    private static func zone(_ identifier: String) -> TimeZone {
        NamedTimeZones.zone(identifier) ?? .gmt
    }
}
