package import Foundation

extension JSONValue {
    /// A finite number, or a string holding one in decimal notation (loggers and exports quote
    /// numbers); nil otherwise. `package`: traces and feeds read their numbers the same way.
    package var decimalValue: Double? {
        switch self {
        case .number(let literal): Double(literal).flatMap { $0.isFinite ? $0 : nil }
        case .string(let text): ByteDecimals.double(text)
        default: nil
        }
    }

    /// Unix time in seconds, or in milliseconds when it is above 10¹¹ (10¹¹ seconds is the year
    /// 5138; 10¹¹ milliseconds is 1973, before any GPS trace or feed), as a moment; nil beyond the
    /// years 1653 to 5138, which would not print as times.
    package static func unixMoment(_ number: Double) -> Date? {
        guard number.isFinite else { return nil }
        let seconds = abs(number) > 1e11 ? number / 1000 : number
        guard abs(seconds) <= 1e11 else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
