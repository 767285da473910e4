import Foundation

/// A length of time as typed (`15`, `10m`, `1h30m`), kept with its text so that messages quote
/// what the person wrote.
///
/// A bare number means minutes, the same in every time option that takes one (`--max-walk 15`,
/// `--min-duration 5`); options where minutes would mislead (a stay, a deadline, an alert's
/// timing) refuse a bare number and say which units to write.
public struct StatedDuration: Sendable, Equatable, CustomStringConvertible {
    /// The length in seconds.
    public let seconds: Double
    /// As typed, for messages.
    public let text: String

    /// Seconds in a bare number, wherever one is accepted.
    public static let bareUnit: Double = 60

    /// Why `text` is no time: a bare number where one is refused, or no time at all.
    /// - Parameter units: the units to suggest, as typed (`["m", "h"]`).
    public static func problem(_ text: String, bareAllowed: Bool, units: [String]) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if !bareAllowed, TimeText.isBare(trimmed) {
            return "'\(text)' needs a unit: say " + units.map { trimmed + $0 }.joined(separator: " or ")
        }
        return "'\(text)' is not a time; write it like " + units.map { "90" + $0 }.joined(separator: ", ") + " or 1h30m"
    }

    /// - Parameter bareUnit: seconds in a bare number (`15`); nil refuses bare numbers.
    /// - Returns: nil when the text is no time.
    public init?(parsing text: String, bareUnit: Double?) {
        guard let seconds = TimeText.seconds(text, bareUnit: bareUnit) else { return nil }
        self.seconds = seconds
        self.text = text
    }

    /// A time given in code; `text` is how messages and help show it.
    public init(seconds: Double, text: String? = nil) {
        self.seconds = seconds
        self.text = text ?? "\(Int(seconds.rounded()))s"
    }

    /// As typed.
    public var description: String { text }
}

/// A distance as typed (`800`, `800m`, `1.2km`), kept with its text.
public struct Distance: Sendable, Equatable, CustomStringConvertible {
    /// The length in metres.
    public let meters: Double
    /// As typed, for messages.
    public let text: String

    /// A distance as typed; nil when the text is none.
    public init?(parsing text: String) {
        guard let meters = DistanceText.meters(text) else { return nil }
        self.meters = meters
        self.text = text
    }

    /// A distance given in code; `text` is how messages show it.
    public init(meters: Double, text: String? = nil) {
        self.meters = meters
        self.text = text ?? "\(Int(meters.rounded()))m"
    }

    /// As typed.
    public var description: String { text }
}
