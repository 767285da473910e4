public import Foundation
import PlaceBytes
import PlaceCore

/// When a driver arrives and how long they stay, as people type them (`fri 08:30`, `2h`).
public enum ArrivalTime {
    /// Why the text is not a time; `parameter` names the input (`arrive`, `duration`).
    static func failure(_ parameter: String, _ text: String) -> PlacesError { PlacesError(.usage, text, parameter: parameter) }

    /// The day names an arrival may start with, English and Dutch, with their weekday (Sunday is 1).
    public static let dayNames: [(names: [String], weekday: Int)] = [
        (["sun", "sunday", "zo", "zondag"], 1), (["mon", "monday", "ma", "maandag"], 2), (["tue", "tues", "tuesday", "di", "dinsdag"], 3),
        (["wed", "wednesday", "wo", "woensdag"], 4), (["thu", "thur", "thurs", "thursday", "do", "donderdag"], 5),
        (["fri", "friday", "vr", "vrijdag"], 6), (["sat", "saturday", "za", "zaterdag"], 7),
    ]

    /// A stay's length: "2h", "90m", "1.5h", "1h30m" (a bare number is refused: minutes or hours?).
    /// From 5 minutes to 7 days.
    public static func duration(_ text: String) throws(PlacesError) -> TimeInterval {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let seconds = TimeText.seconds(trimmed, bareUnit: nil), seconds.isFinite else {
            if TimeText.isBare(trimmed) { throw failure("duration", StatedDuration.problem(text, bareAllowed: false, units: ["m", "h"])) }
            throw failure("duration", "'\(text)' is not a time; write it like 2h, 90m, 1.5h or 1h30m")
        }
        guard seconds >= 5 * 60 else {
            throw failure("duration", "'\(text)' is too short; a stay is at least 5 minutes (e.g. 30m)")
        }
        guard seconds <= 7 * 86_400 else {
            throw failure("duration", "'\(text)' is longer than 7 days")
        }
        return seconds
    }

    /// The arrival: "now", "08:30" (the next 08:30), "fri 08:30" (the next Friday at 08:30),
    /// "tomorrow 9:00", or an ISO 8601 time ("2026-11-27T08:30:00+01:00"). Clock times are read
    /// in `timeZone`, the destination's.
    public static func arrival(_ text: String, now: Date, timeZone: TimeZone) throws(PlacesError) -> Date {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let lower = trimmed.lowercased()
        if lower == "now" { return now }
        if let local = localDateTime(trimmed, timeZone: timeZone) { return local }
        if trimmed.contains("-"), trimmed.count >= 16, let date = ISO8601Text.parse(trimmed) { return date }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let words = lower.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard (1...2).contains(words.count), let time = words.last else { throw invalid(text) }
        let (hour, minute) = try clock(time, original: text)
        let today = calendar.startOfDay(for: now)
        guard let atToday = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: today) else { throw invalid(text) }
        if words.count == 1 {
            // The next such time: "08:30" at 11:00 means tomorrow morning.
            return atToday >= now.addingTimeInterval(-60) ? atToday : calendar.date(byAdding: .day, value: 1, to: atToday) ?? atToday
        }
        let day = words[0]
        if day == "today" { return atToday }
        if day == "tomorrow" { return calendar.date(byAdding: .day, value: 1, to: atToday) ?? atToday }
        guard let weekday = dayNames.first(where: { $0.names.contains(day) })?.weekday else {
            throw failure("arrive", "'\(text)': '\(words[0])' is not a day; use mon … sun, today or tomorrow")
        }
        let current = calendar.component(.weekday, from: now)
        var ahead = (weekday - current + 7) % 7
        if ahead == 0 && atToday < now.addingTimeInterval(-60) { ahead = 7 }
        return calendar.date(byAdding: .day, value: ahead, to: atToday) ?? atToday
    }

    /// "Fri 27 Nov 08:30 CET": a moment as a person reads it, in `zone`, with the zone said.
    public static func describe(_ date: Date, in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = days[((parts.weekday ?? 1) - 1 + 7) % 7]
        let month = months[((parts.month ?? 1) - 1 + 12) % 12]
        let clock = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return "\(weekday) \(parts.day ?? 1) \(month) \(clock) \(zone.identifier)"
    }

    /// `2026-11-27T08:30` (or with a space, or seconds) without a zone: a clock time on that day in
    /// `timeZone`, the destination's, as "fri 08:30" is read.
    static func localDateTime(_ text: String, timeZone: TimeZone) -> Date? {
        guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?/),
            let year = Int(match.1), let month = Int(match.2), let day = Int(match.3), let hour = Int(match.4), let minute = Int(match.5),
            (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute)
        else { return nil }
        let second = match.6.flatMap { Int($0) } ?? 0
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: parts), calendar.component(.day, from: date) == day else { return nil }
        return date
    }

    /// "08:30", "8:30", "8.30", "0830" → (8, 30); "8" → (8, 0).
    private static func clock(_ word: String, original: String) throws(PlacesError) -> (Int, Int) {
        let parts: [Substring]
        if word.contains(":") || word.contains(".") {
            parts = word.split(separator: word.contains(":") ? ":" : ".", omittingEmptySubsequences: false)
        } else if word.count == 4, word.allSatisfy(\.isNumber) {
            parts = [word.prefix(2), word.suffix(2)]
        } else {
            parts = [Substring(word)]
        }
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = parts.count == 2 ? Int(parts[1]) : 0
        else { throw invalid(original) }
        guard (0...23).contains(hour) else { throw failure("arrive", "'\(original)': the hour must be 0–23, not \(hour)") }
        guard (0...59).contains(minute) else { throw failure("arrive", "'\(original)': the minutes must be 0–59, not \(minute)") }
        return (hour, minute)
    }

    private static func invalid(_ text: String) -> PlacesError {
        failure("arrive", "'\(text)' is not a time; use now, 08:30, 'fri 08:30', 'tomorrow 9:00' or an ISO 8601 time")
    }
}
