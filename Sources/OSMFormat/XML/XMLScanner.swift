/// A problem in the XML text at a byte offset; the reader turns the offset into a line and column
/// only when it reports the error, so that well-formed files never pay for counting lines.
struct XMLSyntaxError: Error, Equatable {
    var offset: Int
    var message: String
}

/// One attribute of the current tag, as byte ranges into the file; values are decoded only when the
/// reader wants them (most attributes of an OSM file — version, user, timestamp — are never decoded).
struct XMLAttribute {
    var name: Range<Int>
    var value: Range<Int>
    /// The value contains `&`, so it must go through entity decoding.
    var hasEntity: Bool
}

enum XMLToken: Equatable {
    /// The attributes are in `XMLScanner.attributes` until the next call.
    case startTag(name: Range<Int>, selfClosing: Bool, offset: Int)
    case endTag(name: Range<Int>, offset: Int)
    case endOfInput
}

/// A byte-level scanner of just enough XML for OpenStreetMap files: tags and their attributes.
/// Text between tags is skipped (OSM keeps everything in attributes), and so are comments,
/// processing instructions, CDATA sections and the DOCTYPE. Foundation's XMLParser is several times
/// slower because it builds a String and a dictionary for every tag.
struct XMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private(set) var attributes: [XMLAttribute] = []

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int = 0) {
        self.bytes = bytes
        position = start
        attributes.reserveCapacity(16)
    }

    mutating func next() throws(XMLSyntaxError) -> XMLToken {
        let count = bytes.count
        while true {
            guard let open = find(UInt8(ascii: "<"), from: position) else {
                position = count
                return .endOfInput
            }
            var index = open + 1
            guard index < count else { throw truncated("a tag") }
            switch bytes[index] {
            case UInt8(ascii: "?"):
                position = try skip(past: "?>", from: index + 1, inside: "a processing instruction")
            case UInt8(ascii: "!"):
                position = try skipDeclaration(at: open)
            case UInt8(ascii: "/"):
                index += 1
                let name = readName(from: index)
                guard !name.isEmpty else { throw expected("an element name after '</'", at: index) }
                index = skipWhitespace(from: name.upperBound)
                guard index < count else { throw truncated("the end tag </\(text(name))>") }
                guard bytes[index] == UInt8(ascii: ">") else {
                    throw XMLSyntaxError(offset: index, message: "expected '>' to close the end tag </\(text(name))>, found \(describe(index))")
                }
                position = index + 1
                return .endTag(name: name, offset: open)
            default:
                let name = readName(from: index)
                guard !name.isEmpty else { throw expected("an element name after '<'", at: index) }
                return try readAttributes(of: name, tagOffset: open)
            }
        }
    }

    private mutating func readAttributes(of name: Range<Int>, tagOffset: Int) throws(XMLSyntaxError) -> XMLToken {
        let count = bytes.count
        attributes.removeAll(keepingCapacity: true)
        var index = name.upperBound
        while true {
            index = skipWhitespace(from: index)
            guard index < count else { throw truncated("the tag <\(text(name))>") }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                position = index + 1
                return .startTag(name: name, selfClosing: false, offset: tagOffset)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < count else { throw truncated("the tag <\(text(name))>") }
                guard bytes[index + 1] == UInt8(ascii: ">") else {
                    throw XMLSyntaxError(offset: index + 1, message: "expected '>' after '/' in the tag <\(text(name))>, found \(describe(index + 1))")
                }
                position = index + 2
                return .startTag(name: name, selfClosing: true, offset: tagOffset)
            }
            let attributeName = readName(from: index)
            guard !attributeName.isEmpty else {
                throw XMLSyntaxError(offset: index, message: "unexpected \(describe(index)) in the tag <\(text(name))>: expected an attribute name")
            }
            index = skipWhitespace(from: attributeName.upperBound)
            guard index < count else { throw truncated("the tag <\(text(name))>") }
            guard bytes[index] == UInt8(ascii: "=") else {
                throw XMLSyntaxError(offset: index, message: "the attribute \(text(attributeName)) of <\(text(name))> has no value: expected '=', found \(describe(index))")
            }
            index = skipWhitespace(from: index + 1)
            guard index < count else { throw truncated("the tag <\(text(name))>") }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw XMLSyntaxError(offset: index, message: "the value of the attribute \(text(attributeName)) of <\(text(name))> must be in quotes, found \(describe(index))")
            }
            index += 1
            let valueStart = index
            var hasEntity = false
            while index < count {
                let byte = bytes[index]
                if byte == quote { break }
                if byte == UInt8(ascii: "&") { hasEntity = true }
                if byte == UInt8(ascii: "<") {
                    throw XMLSyntaxError(offset: index, message: "'<' is not allowed in the value of the attribute \(text(attributeName)) of <\(text(name))>: is a quote missing?")
                }
                index += 1
            }
            guard index < count else { throw truncated("the value of the attribute \(text(attributeName))") }
            attributes.append(XMLAttribute(name: attributeName, value: valueStart..<index, hasEntity: hasEntity))
            index += 1
            if index < count, !isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "/") {
                throw XMLSyntaxError(offset: index, message: "expected a space after the value of the attribute \(text(attributeName)) of <\(text(name))>, found \(describe(index))")
            }
        }
    }

    /// `<!-- -->`, `<![CDATA[ ]]>` and `<!DOCTYPE … [ … ]>`; returns the offset after it.
    private func skipDeclaration(at open: Int) throws(XMLSyntaxError) -> Int {
        if starts(with: "<!--", at: open) {
            return try skip(past: "-->", from: open + 4, inside: "a comment")
        }
        if starts(with: "<![CDATA[", at: open) {
            return try skip(past: "]]>", from: open + 9, inside: "a CDATA section")
        }
        if starts(with: "<!DOCTYPE", at: open) {
            // The internal subset may hold '>' inside brackets and quotes.
            var index = open + 9
            var bracketDepth = 0
            var quote: UInt8 = 0
            while index < bytes.count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "[") {
                    bracketDepth += 1
                } else if byte == UInt8(ascii: "]") {
                    bracketDepth -= 1
                } else if byte == UInt8(ascii: ">") && bracketDepth <= 0 {
                    return index + 1
                }
                index += 1
            }
            throw truncated("the DOCTYPE")
        }
        throw XMLSyntaxError(offset: open, message: "unexpected \(describe(open + 1)) after '<': expected a tag, a comment or CDATA")
    }

    // MARK: - Byte helpers

    @inline(__always)
    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    @inline(__always)
    private func skipWhitespace(from start: Int) -> Int {
        var index = start
        while index < bytes.count && isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// An XML name: everything up to whitespace or a character that cannot be part of one.
    private func readName(from start: Int) -> Range<Int> {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x09, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "<"),
                UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "&"):
                return start..<index
            default:
                index += 1
            }
        }
        return start..<index
    }

    private func find(_ byte: UInt8, from start: Int) -> Int? {
        var index = start
        while index < bytes.count {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    private func starts(with literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset >= 0, bytes.count - offset >= length else { return false }
        let pattern = UnsafeBufferPointer(start: literal.utf8Start, count: length)
        for index in 0..<length where bytes[offset + index] != pattern[index] { return false }
        return true
    }

    private func skip(past terminator: StaticString, from start: Int, inside what: String) throws(XMLSyntaxError) -> Int {
        guard let first = UnsafeBufferPointer(start: terminator.utf8Start, count: terminator.utf8CodeUnitCount).first else {
            return start
        }
        var index = start
        while let candidate = find(first, from: index) {
            if starts(with: terminator, at: candidate) { return candidate + terminator.utf8CodeUnitCount }
            index = candidate + 1
        }
        throw truncated(what)
    }

    func text(_ range: Range<Int>) -> String {
        let clamped = range.clamped(to: 0..<bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[clamped.prefix(40)]), as: UTF8.self)
    }

    private func describe(_ index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        if byte == 0x20 { return "a space" }
        if byte == 0x0A || byte == 0x0D { return "the end of the line" }
        return "byte 0x" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
    }

    private func expected(_ what: String, at index: Int) -> XMLSyntaxError {
        XMLSyntaxError(offset: index, message: "expected \(what), found \(describe(index))")
    }

    private func truncated(_ what: String) -> XMLSyntaxError {
        XMLSyntaxError(offset: bytes.count, message: "the file ends inside \(what): it is truncated")
    }
}
