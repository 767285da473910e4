/// Numbers as text without `String(format:)`, whose C varargs cost a cold-started command more
/// than the formatting itself.
package enum NumberText {
    /// `value` with its thousands set apart by commas, as the summaries print counts: "27,970".
    package static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// `value` with exactly `decimals` digits after the point: `fixed(3.14159, 2)` is "3.14",
    /// `fixed(2, 1)` is "2.0". Halves round away from zero; minus zero prints without its sign.
    package static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        let places = max(0, min(decimals, 15))
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let magnitude = (abs(value) * Double(scale)).rounded()
        guard magnitude < 9.0e18 else { return "\(value)" }
        let scaled = Int64(magnitude)
        let negative = value < 0 && scaled != 0
        var text = negative ? "-" : ""
        text += String(scaled / scale)
        if places > 0 {
            let fraction = String(scaled % scale)
            text += "." + String(repeating: "0", count: places - fraction.count) + fraction
        }
        return text
    }

    /// Like ``fixed(_:_:)`` without trailing zeros: `trimmed(52.3700, 4)` is "52.37", `trimmed(3, 2)` is "3".
    package static func trimmed(_ value: Double, _ decimals: Int) -> String {
        var text = fixed(value, decimals)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// "07" for 7: clock hours and minutes.
    package static func twoDigits(_ value: Int) -> String {
        value >= 0 && value < 10 ? "0\(value)" : String(value)
    }

    /// "00E9" for 0xE9: four upper-case hex digits, as in `\u00E9`.
    package static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
