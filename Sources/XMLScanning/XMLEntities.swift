/// Text with `&…;` references: the five predefined entities and numeric character references.
/// OSM tag values use them for `&`, `<` and quotes (`v="Bed &amp; Breakfast"`); GPX files for
/// the odd `&#50;`.
package enum XMLEntities {
    /// The bytes at `range` with every reference replaced.
    /// - Throws: ``XMLSyntaxError`` at the `&` that does not start a reference XML knows.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(XMLSyntaxError)
        -> [UInt8]
    {
        var output: [UInt8] = []
        output.reserveCapacity(range.count)
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "&") else {
                output.append(byte)
                index += 1
                continue
            }
            var end = index + 1
            while end < range.upperBound && bytes[end] != UInt8(ascii: ";") && end - index <= 12 { end += 1 }
            guard end < range.upperBound, bytes[end] == UInt8(ascii: ";") else {
                throw XMLSyntaxError(
                    offset: index, message: "'&' in an attribute value must start an entity such as &amp;")
            }
            let scalar = try scalar(named: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), at: index)
            output.append(contentsOf: String(Character(scalar)).utf8)
            index = end + 1
        }
        return output
    }

    /// ``decode(_:_:)`` as a `String`.
    package static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(XMLSyntaxError)
        -> String
    {
        String(decoding: try decode(bytes, range), as: UTF8.self)
    }

    private static func scalar(named name: UnsafeBufferPointer<UInt8>, at offset: Int) throws(XMLSyntaxError)
        -> Unicode.Scalar
    {
        let text = String(decoding: name, as: UTF8.self)
        switch text {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        var digits = Substring(text)
        var radix = 10
        guard digits.first == "#" else {
            throw XMLSyntaxError(
                offset: offset, message: "unknown entity &\(text); (XML knows &amp; &lt; &gt; &quot; &apos; and &#…;)")
        }
        digits = digits.dropFirst()
        if digits.first == "x" || digits.first == "X" {
            radix = 16
            digits = digits.dropFirst()
        }
        guard let value = UInt32(digits, radix: radix), value != 0, let scalar = Unicode.Scalar(value) else {
            throw XMLSyntaxError(offset: offset, message: "&\(text); is not a valid character reference")
        }
        return scalar
    }
}
