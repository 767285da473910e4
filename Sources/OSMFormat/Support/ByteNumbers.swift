import PlaceBytes
import PlaceCore

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

    /// A decimal such as `52.3676383` or `-4.5` (the reader traces use too); nil when the bytes are
    /// not a finite number.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.lowerBound < range.upperBound, range.upperBound <= bytes.count else { return nil }
        return ByteDecimals.double(UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
