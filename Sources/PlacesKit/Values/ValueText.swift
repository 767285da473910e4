import Foundation

/// Times as people type them on a command line or in a query string.
public enum TimeText {
    /// "15" (in `bareUnit` seconds), "15m", "15min", "90s", "1h", "1h30m", "1.5h", "500ms" → seconds.
    /// Nil for anything else, and for a bare number when `bareUnit` is nil.
    public static func seconds(_ text: String, bareUnit: Double?) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let plain = Double(trimmed) {
            guard let bareUnit, plain.isFinite else { return nil }
            return plain * bareUnit
        }
        let units: [(String, Double)] = [("ms", 0.001), ("sec", 1), ("s", 1), ("min", 60), ("m", 60), ("h", 3600)]
        var rest = Substring(trimmed)
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix(while: { $0.isNumber || $0 == "." })
            guard !number.isEmpty, let value = Double(number), value.isFinite else { return nil }
            rest = rest.dropFirst(number.count)
            guard let (unit, factor) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.count)
            total += value * factor
        }
        return total
    }

    /// Whether `text` is a bare number (no unit).
    public static func isBare(_ text: String) -> Bool { Double(text.trimmingCharacters(in: .whitespaces)) != nil }
}

/// Distances as people type them.
public enum DistanceText {
    /// "800", "800m", "1.2km" → metres.
    public static func meters(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let plain = Double(trimmed) { return plain.isFinite ? plain : nil }
        if trimmed.hasSuffix("km"), let value = Double(trimmed.dropLast(2)), value.isFinite { return value * 1000 }
        if trimmed.hasSuffix("m"), let value = Double(trimmed.dropLast()), value.isFinite { return value }
        return nil
    }
}
