package import Foundation

/// Numbers read straight from bytes, without making a `String` first: a GPX track point has four
/// of them and an OSM node two, and a `String` each would double the time it takes to read them.
/// `package`: OSMFormat reads its coordinates with it too.
package enum ByteDecimals {
    /// Exact powers of ten: a decimal with at most 15 significant digits divided by one of them is the
    /// correctly rounded double, the same value `Double(String)` gives.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// A decimal such as `52.3676383`, `-4.5` or ` 12 ` (surrounding XML whitespace is allowed); other
    /// forms (exponents, long digit strings) go through `Double(String)`. Nil unless a finite number.
    package static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var end = bytes.count
        while index < end, isSpace(bytes[index]) { index += 1 }
        while end > index, isSpace(bytes[end - 1]) { end -= 1 }
        guard index < end else { return nil }
        let first = index
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
        guard end - first <= 64 else { return nil }
        // Decimal notation only: Double(String) also takes hex floats ("0x34" is 52), "nan" and "inf".
        for offset in first..<end {
            let byte = bytes[offset]
            let allowed =
                (byte &- UInt8(ascii: "0")) < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            guard allowed else { return nil }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    package static func double(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { double($0) }
    }

    @inline(__always)
    package static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}

extension ISO8601Text {
    /// ``parse(_:)`` on bytes, and a little more lenient, as trace files need: surrounding whitespace,
    /// any number of fraction digits, and no zone at all, which is read as UTC (some loggers write
    /// `2019-05-01T10:00:00` in GPX; UTC is what the GPX schema means and the best guess there is).
    package static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = bytes.count
        while start < end, ByteDecimals.isSpace(bytes[start]) { start += 1 }
        while end > start, ByteDecimals.isSpace(bytes[end - 1]) { end -= 1 }
        func number(_ offset: Int, _ count: Int) -> Int? {
            guard start + offset + count <= end else { return nil }
            var value = 0
            for index in (start + offset)..<(start + offset + count) {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            return value
        }
        func byte(_ offset: Int, is character: UInt8) -> Bool {
            start + offset < end && bytes[start + offset] == character
        }
        guard end - start >= 19, let year = number(0, 4), byte(4, is: UInt8(ascii: "-")), let month = number(5, 2),
            byte(7, is: UInt8(ascii: "-")), let day = number(8, 2),
            byte(10, is: UInt8(ascii: "T")) || byte(10, is: UInt8(ascii: "t")) || byte(10, is: UInt8(ascii: " ")),
            let hour = number(11, 2), byte(13, is: UInt8(ascii: ":")), let minute = number(14, 2),
            byte(16, is: UInt8(ascii: ":")), let second = number(17, 2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60
        else { return nil }
        var offset = 19
        var fraction = 0.0
        if byte(offset, is: UInt8(ascii: ".")) || byte(offset, is: UInt8(ascii: ",")) {
            offset += 1
            var scale = 0.1
            var sawDigit = false
            while start + offset < end, case let digit = bytes[start + offset] &- UInt8(ascii: "0"), digit < 10 {
                fraction += Double(digit) * scale
                scale /= 10
                offset += 1
                sawDigit = true
            }
            guard sawDigit else { return nil }
        }
        var zone = 0
        if byte(offset, is: UInt8(ascii: "Z")) || byte(offset, is: UInt8(ascii: "z")) {
            offset += 1
        } else if byte(offset, is: UInt8(ascii: "+")) || byte(offset, is: UInt8(ascii: "-")) {
            let sign = byte(offset, is: UInt8(ascii: "-")) ? -1 : 1
            guard let hours = number(offset + 1, 2) else { return nil }
            var minutesOffset = offset + 3
            if byte(minutesOffset, is: UInt8(ascii: ":")) { minutesOffset += 1 }
            var minutes = 0
            if start + minutesOffset < end {
                guard let value = number(minutesOffset, 2) else { return nil }
                minutes = value
                offset = minutesOffset + 2
            } else {
                offset = offset + 3  // "+01": hours only
            }
            guard hours < 24, minutes < 60 else { return nil }
            zone = sign * (hours * 3600 + minutes * 60)
        }
        guard start + offset == end else { return nil }
        let days = CivilDate.daysSinceEpoch(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - zone
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    package static func parse(lenient text: String) -> Date? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }
}
