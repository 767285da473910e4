import Foundation
import PlaceBytes
import PlaceCore

/// Reads the common part of OpenStreetMap's `opening_hours` syntax:
/// `Mo-Fr 08:00-18:00; Sa 09:00-17:00; Su off`, `Mo-We,Fr-Sa 10:00-18:30`,
/// `Mo-Su 08:00-01:00` (past midnight), `We-Sa 12:00-18:00, Su 12:00-17:00`, `24/7`, and
/// `PH off` (public-holiday rules are skipped: we do not know the holidays).
///
/// Anything else (months, weeks, sunrise, open ends, comments) makes the whole value unreadable:
/// the hours are then unknown rather than wrong, and the text is still shown as written.
enum OSMOpeningHours {
    /// The weekly intervals, or nil when the value uses syntax outside the supported part.
    static func parse(_ text: String) -> (intervals: [OpeningHours.Interval], alwaysOpen: Bool)? {
        let trimmed = text.trimmedOfWhitespaceAndNewlines
        if trimmed == "24/7" { return ([], true) }
        guard var tokens = tokenize(trimmed), !tokens.isEmpty else { return nil }
        var week: [OpeningHours.Weekday: [OpeningHours.Interval]] = [:]
        var replaceDays = true
        var ordinaryRules = 0
        while !tokens.isEmpty {
            guard let rule = parseRule(&tokens) else { return nil }
            if !rule.isHolidayRule {
                ordinaryRules += 1
                for day in rule.days {
                    if replaceDays { week[day] = [] }
                    week[day, default: []] += rule.ranges.map {
                        OpeningHours.Interval(weekday: day, opens: $0.0, closes: $0.1)
                    }
                }
            }
            guard let separator = tokens.first else { break }
            tokens.removeFirst()
            switch separator {
            case .semicolon: replaceDays = true
            case .comma: replaceDays = false
            default: return nil
            }
            if tokens.isEmpty { break }  // a trailing ";" is common and harmless
        }
        // Only holiday rules ("PH off") say nothing about an ordinary week.
        guard ordinaryRules > 0 else { return nil }
        let intervals = week.values.flatMap { $0 }
        return (intervals, false)
    }

    private enum Token: Equatable {
        case day(OpeningHours.Weekday)
        case holiday
        case time(Int)
        case dash, comma, semicolon, off, alwaysOpen
    }

    private struct Rule {
        var days: [OpeningHours.Weekday]
        var ranges: [(Int, Int)]
        var isHolidayRule: Bool
    }

    private static let dayNames: [String: OpeningHours.Weekday] = [
        "Mo": .monday, "Tu": .tuesday, "We": .wednesday, "Th": .thursday, "Fr": .friday, "Sa": .saturday, "Su": .sunday,
    ]

    private static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        var rest = Substring(text)
        while let first = rest.first {
            if first.isWhitespace {
                rest.removeFirst()
                continue
            }
            switch first {
            case "-": tokens.append(.dash); rest.removeFirst(); continue
            case ",": tokens.append(.comma); rest.removeFirst(); continue
            case ";": tokens.append(.semicolon); rest.removeFirst(); continue
            default: break
            }
            if rest.hasPrefix("24/7") {
                tokens.append(.alwaysOpen)
                rest.removeFirst(4)
            } else if first.isNumber {
                let clock = rest.prefix(5)
                guard clock.count == 5, clock.dropFirst(2).first == ":",
                    let hours = Int(clock.prefix(2)), let minutes = Int(clock.suffix(2)),
                    (0...24).contains(hours), (0..<60).contains(minutes)
                else { return nil }
                tokens.append(.time(hours * 60 + minutes))
                rest.removeFirst(5)
            } else {
                let word = rest.prefix(while: { $0.isLetter })
                guard !word.isEmpty else { return nil }
                if let day = dayNames[String(word)] {
                    tokens.append(.day(day))
                } else if word == "PH" || word == "SH" {
                    tokens.append(.holiday)
                } else if word == "off" || word == "closed" {
                    tokens.append(.off)
                } else {
                    return nil
                }
                rest.removeFirst(word.count)
            }
        }
        return tokens
    }

    private static func parseRule(_ tokens: inout [Token]) -> Rule? {
        var days: [OpeningHours.Weekday] = []
        var holiday = false
        var sawSelector = false
        // Day selector: Mo, Mo-Fr, Mo-We,Fr-Sa, PH, Su,PH
        while let token = tokens.first {
            if case .day(let start) = token {
                sawSelector = true
                tokens.removeFirst()
                if tokens.first == .dash, tokens.count > 1, case .day(let end) = tokens[1] {
                    tokens.removeFirst(2)
                    var day = start
                    days.append(day)
                    while day != end {
                        day = day.next
                        days.append(day)
                    }
                } else {
                    days.append(start)
                }
            } else if token == .holiday {
                sawSelector = true
                holiday = true
                tokens.removeFirst()
            } else {
                break
            }
            // A comma inside the selector is followed by another day; otherwise it separates rules.
            if tokens.first == .comma, tokens.count > 1, isDaySelectorStart(tokens[1]) {
                tokens.removeFirst()
                continue
            }
            break
        }
        if !sawSelector { days = OpeningHours.Weekday.allCases }
        // Only holidays named ("PH off"): nothing to apply to ordinary days.
        let isHolidayOnly = holiday && days.isEmpty
        var ranges: [(Int, Int)] = []
        switch tokens.first {
        case .off?:
            tokens.removeFirst()
        case .alwaysOpen?:
            tokens.removeFirst()
            ranges = [(0, 1440)]
        case .time?:
            while case .time(let opens)? = tokens.first {
                guard tokens.count >= 3, tokens[1] == .dash, case .time(var closes) = tokens[2] else { return nil }
                tokens.removeFirst(3)
                if closes <= opens { closes += 1440 }
                ranges.append((opens, closes))
                if tokens.first == .comma, tokens.count > 1, case .time = tokens[1] {
                    tokens.removeFirst()
                    continue
                }
                break
            }
        default:
            // "Mo-Fr" alone means open all day on those days; anything else is not understood.
            guard sawSelector, tokens.first == nil || tokens.first == .semicolon || tokens.first == .comma else { return nil }
            ranges = [(0, 1440)]
        }
        return Rule(days: days, ranges: ranges, isHolidayRule: isHolidayOnly)
    }

    private static func isDaySelectorStart(_ token: Token) -> Bool {
        if case .day = token { return true }
        return token == .holiday
    }
}
