import Foundation

/// Durations and distances as people type them on a command line.
enum ValueParsing {
    /// "15" (in `defaultUnit`), "15m", "15min", "90s", "1h", "1h30m", "1.5h", "500ms" → seconds.
    static func seconds(_ text: String, defaultUnit: Double = 60) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let plain = Double(trimmed) { return plain.isFinite ? plain * defaultUnit : nil }
        let units: [(String, Double)] = [("ms", 0.001), ("sec", 1), ("s", 1), ("min", 60), ("m", 60), ("h", 3600)]
        var rest = Substring(trimmed)
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix(while: { $0.isNumber || $0 == "." })
            guard !number.isEmpty, let value = Double(number) else { return nil }
            rest = rest.dropFirst(number.count)
            guard let (unit, factor) = units.first(where: { rest.hasPrefix($0.0) }) else { return nil }
            rest = rest.dropFirst(unit.count)
            total += value * factor
        }
        return total
    }

    /// "800", "800m", "1.2km" → metres.
    static func meters(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let plain = Double(trimmed) { return plain.isFinite ? plain : nil }
        if trimmed.hasSuffix("km"), let value = Double(trimmed.dropLast(2)) { return value * 1000 }
        if trimmed.hasSuffix("m"), let value = Double(trimmed.dropLast()) { return value }
        return nil
    }
}
