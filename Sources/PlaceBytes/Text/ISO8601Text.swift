package import Foundation

/// ISO 8601 times as APIs and cassettes write them: `2026-11-21T12:00:00Z`,
/// `2019-05-01T10:00:00.000Z`, `2026-11-20T10:00:00+01:00`.
///
/// Parsed by hand for the same reason as PlaceHTTP's `HTTPDate`: Foundation's parse strategies cost a
/// cold-started command milliseconds.
package enum ISO8601Text {
    /// `2026-11-21T10:30:00Z`: UTC to the second, as `Date.formatted(.iso8601)` writes it, in a
    /// fraction of its time (lists of ten thousand favourites print one per line).
    package static func format(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        // Days to a civil date (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
        let month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
        let year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        let yearText = String(year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return paddedYear + "-" + NumberText.twoDigits(month) + "-" + NumberText.twoDigits(day) + "T"
            + NumberText.twoDigits(secondOfDay / 3600) + ":" + NumberText.twoDigits(secondOfDay / 60 % 60) + ":"
            + NumberText.twoDigits(secondOfDay % 60) + "Z"
    }

    package static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard bytes.count >= 20, let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
            let day = number(8, 2), byte(10, is: "T") || byte(10, is: "t") || byte(10, is: " "),
            let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2), byte(16, is: ":"), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index, is: ".") {
            index += 1
            var scale = 0.1
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if byte(index, is: "Z") || byte(index, is: "z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            let sign = byte(index, is: "-") ? -1 : 1
            guard let hours = number(index + 1, 2) else { return nil }
            var minutesIndex = index + 3
            if byte(minutesIndex, is: ":") { minutesIndex += 1 }
            guard let minutes = number(minutesIndex, 2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            index = minutesIndex + 2
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
