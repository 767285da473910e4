/// Numbers read straight from the bytes of a file, without making a `String` first: an XML file has
/// three of them per node, and a `String` per number would double the time it takes to read it.
enum ByteNumbers {
    /// A whole number such as `-12345`; nil when it is not one or does not fit in 64 bits.
    static func int64(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int64? {
        var index = range.lowerBound
        let end = range.upperBound
        guard index < end, end <= bytes.count else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
            guard index < end else { return nil }
        }
        // Accumulate negatively so that Int64.min parses too; overflow is reported, never trapped.
        var value: Int64 = 0
        while index < end {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int64(digit))
            guard !overflow1, !overflow2 else { return nil }
            value = next
            index += 1
        }
        if negative { return value }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    /// Exact powers of ten: a decimal with at most 15 significant digits divided by one of them is the
    /// correctly rounded double, the same value `Double(String)` gives, without the string.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A decimal such as `52.3676383` or `-4.5`; other forms (exponents, very long digits) go through
    /// `Double(String)`. Nil when the bytes are not a finite number.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        let end = range.upperBound
        guard index < end, end <= bytes.count else { return nil }
        var negative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        var sawDot = false
        var sawDigit = false
        var simple = true
        while index < end {
            let byte = bytes[index]
            let digit = byte &- UInt8(ascii: "0")
            if digit < 10 {
                sawDigit = true
                if digits < 15 && fractionDigits < 22 {
                    mantissa = mantissa &* 10 &+ UInt64(digit)
                    if mantissa != 0 { digits += 1 }
                    if sawDot { fractionDigits += 1 }
                } else {
                    simple = false
                    break
                }
            } else if byte == UInt8(ascii: ".") && !sawDot {
                sawDot = true
            } else {
                simple = false
                break
            }
            index += 1
        }
        if simple, sawDigit {
            let value = Double(mantissa) / powersOfTen[fractionDigits]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
