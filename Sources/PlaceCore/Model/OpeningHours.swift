public import Foundation
import PlaceBytes

/// When a place is open, as weekly intervals in the place's own time zone.
///
/// A provider that only says "open now" at the time of its answer gives a ``snapshot``; it is
/// trusted for 15 minutes around that time and nowhere else. A place whose hours could not be
/// read has no ``OpeningHours`` at all, and ``isOpen(at:defaultTimeZone:)`` answers `nil`
/// ("unknown") rather than guessing.
///
/// The hours are read in ``timeZoneIdentifier`` when the provider gave one, else in the zone the
/// caller passes: the zone at the place's position, which ``Place/isOpen(at:)`` and
/// ``Place/openingStatus(at:)`` look up. Never the machine's zone: a server in UTC answers for
/// places everywhere.
public struct OpeningHours: Hashable, Sendable, Codable {
    /// A day of the week, numbered as in ISO 8601: Monday is 1, Sunday 7.
    public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable, Codable {
        // ISO 8601 numbering, as Foursquare uses it.
        case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The English three-letter abbreviation: "Mon" to "Sun".
        public var shortName: String {
            ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue - 1]
        }

        /// The day before: Sunday for Monday.
        public var previous: Weekday { Weekday(rawValue: rawValue == 1 ? 7 : rawValue - 1) ?? .sunday }
        /// The day after: Monday for Sunday.
        public var next: Weekday { Weekday(rawValue: rawValue == 7 ? 1 : rawValue + 1) ?? .monday }

        /// Orders days by their ISO 8601 number, Monday first.
        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Open on `weekday` from `opens` to `closes`, both minutes after local midnight.
    /// `closes` may pass 1440 when the place closes after midnight (a bar open 22:00–02:00 closes at 1560).
    public struct Interval: Hashable, Sendable, Codable {
        /// The day the interval starts on.
        public var weekday: Weekday
        /// The opening time, in minutes after local midnight.
        public var opens: Int
        /// The closing time, in minutes after local midnight of ``weekday``; past 1440 when the place closes after midnight.
        public var closes: Int

        /// Makes an interval on `weekday` from `opens` to `closes`, both in minutes after local midnight.
        public init(weekday: Weekday, opens: Int, closes: Int) {
            self.weekday = weekday
            self.opens = opens
            self.closes = closes
        }

        /// "08:00–18:00"
        public var text: String { "\(Self.clock(opens))–\(Self.clock(closes))" }

        /// "08:00" for 480; minutes past midnight (1500) read as the clock shows them ("01:00").
        public static func clock(_ minutes: Int) -> String {
            let wrapped = minutes == 1440 ? 1440 : minutes % 1440
            return NumberText.twoDigits(wrapped / 60) + ":" + NumberText.twoDigits(wrapped % 60)
        }
    }

    /// "Open now" as the provider said it at one moment.
    public struct Snapshot: Hashable, Sendable, Codable {
        /// Whether the provider said the place was open.
        public var isOpen: Bool
        /// When the provider said it.
        public var at: Date

        /// Makes a snapshot of what the provider said (`isOpen`) and when it said it (`at`).
        public init(isOpen: Bool, at: Date) {
            self.isOpen = isOpen
            self.at = at
        }
    }

    /// The weekly open intervals; the initialiser sorts them by weekday, then by opening time.
    public var intervals: [Interval]
    /// The whole week is known, open intervals or none: a place marked "Mo-Su off" is known to be
    /// closed, which is not the same as unknown hours.
    public var hasWeeklySchedule: Bool
    /// IANA name such as `Europe/Amsterdam`; nil when the provider did not say.
    public var timeZoneIdentifier: String?
    /// Open around the clock every day ("24/7"); when true, nothing else is consulted.
    public var isAlwaysOpen: Bool
    /// The hours as the provider writes them, for display.
    public var text: String?
    /// The provider's "open now" at one moment, consulted only when there is no weekly schedule.
    public var snapshot: Snapshot?

    /// - Parameter hasWeeklySchedule: defaults to "there are intervals"; pass true for a week
    ///   that is known to have none.
    public init(
        intervals: [Interval] = [], timeZoneIdentifier: String? = nil, isAlwaysOpen: Bool = false,
        text: String? = nil, snapshot: Snapshot? = nil, hasWeeklySchedule: Bool? = nil
    ) {
        self.intervals = intervals.sorted { ($0.weekday, $0.opens) < ($1.weekday, $1.opens) }
        self.hasWeeklySchedule = hasWeeklySchedule ?? !intervals.isEmpty
        self.timeZoneIdentifier = timeZoneIdentifier
        self.isAlwaysOpen = isAlwaysOpen
        self.text = text
        self.snapshot = snapshot
    }

    /// Whether anything is known that can answer "open at …".
    public var isKnown: Bool { isAlwaysOpen || hasWeeklySchedule || snapshot != nil }

    /// How long a provider's "open now" stays believable.
    public static let snapshotValidity: TimeInterval = 15 * 60

    /// Whether the place is open at `date`: `true`, `false`, or `nil` when that is not known.
    /// - Parameter defaultTimeZone: the zone at the place's position, used when the provider gave
    ///   none (``Place/isOpen(at:)`` passes it).
    public func isOpen(at date: Date, defaultTimeZone: TimeZone) -> Bool? {
        if isAlwaysOpen { return true }
        if hasWeeklySchedule {
            let (weekday, minute) = localTime(of: date, defaultTimeZone: defaultTimeZone)
            return containingInterval(weekday: weekday, minute: minute) != nil
        }
        if let snapshot, abs(snapshot.at.timeIntervalSince(date)) <= Self.snapshotValidity {
            return snapshot.isOpen
        }
        return nil
    }

    /// "open until 18:00", "closed, opens Tue 08:00", "open 24/7", or nil when unknown; the clock
    /// times are the place's own.
    /// - Parameter defaultTimeZone: as for ``isOpen(at:defaultTimeZone:)``.
    public func statusText(at date: Date, defaultTimeZone: TimeZone) -> String? {
        if isAlwaysOpen { return "open 24/7" }
        guard hasWeeklySchedule else {
            guard let open = isOpen(at: date, defaultTimeZone: defaultTimeZone) else { return nil }
            return open ? "open now" : "closed now"
        }
        let (weekday, minute) = localTime(of: date, defaultTimeZone: defaultTimeZone)
        if let current = containingInterval(weekday: weekday, minute: minute) {
            return "open until \(Interval.clock(current.closes))"
        }
        // The next opening within a week, today first.
        var day = weekday
        for offset in 0..<8 {
            let candidates = intervals.filter { $0.weekday == day && (offset > 0 || $0.opens > minute) }
            if let next = candidates.min(by: { $0.opens < $1.opens }) {
                let when = offset == 0 ? "" : offset == 1 ? "tomorrow " : "\(day.shortName) "
                return "closed, opens \(when)\(Interval.clock(next.opens))"
            }
            day = day.next
        }
        return "closed"
    }

    /// The zone the provider gave, when this machine's zone database knows it.
    public var statedTimeZone: TimeZone? { timeZoneIdentifier.flatMap(NamedTimeZones.zone) }

    /// The zone the provider gave, else `defaultTimeZone`.
    public func timeZone(default defaultTimeZone: TimeZone) -> TimeZone {
        statedTimeZone ?? defaultTimeZone
    }

    /// Weekday and minute of the day at the place. Plain arithmetic on the zone's offset: a
    /// Calendar costs more to set up than everything else this answers.
    private func localTime(of date: Date, defaultTimeZone: TimeZone) -> (Weekday, Int) {
        let zone = timeZone(default: defaultTimeZone)
        let local = Int((date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))).rounded(.down))
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let secondOfDay = local - days * 86_400
        // 1 January 1970 was a Thursday (ISO weekday 4).
        let weekday = ((days % 7) + 7 + 3) % 7 + 1
        return (Weekday(rawValue: weekday) ?? .monday, secondOfDay / 60)
    }

    private func containingInterval(weekday: Weekday, minute: Int) -> Interval? {
        if let today = intervals.first(where: { $0.weekday == weekday && $0.opens <= minute && minute < $0.closes }) {
            return today
        }
        // Yesterday's late hours that run past midnight.
        return intervals.first {
            $0.weekday == weekday.previous && $0.closes > 1440 && minute + 1440 >= $0.opens && minute + 1440 < $0.closes
        }
    }
}
