extension XMLScanner {
    /// `<name attr="value" …>` or `<name …/>` from `open`, in one pass; `.needMore` (with ``position``
    /// still at `open`) when the bytes stop inside it, so that it is read again whole after a refill.
    @inline(__always)
    mutating func startTag(at open: Int) throws(XMLSyntaxError) -> XMLToken {
        let bytes = self.bytes
        let end = bytes.count
        let name = Self.readName(bytes, from: open + 1)
        if name.upperBound == end { return try incomplete(.tag(name: text(name))) }
        guard !name.isEmpty else { throw expected("an element name after '<'", at: open + 1) }
        attributes.removeAll(keepingCapacity: true)
        var index = name.upperBound
        while true {
            index = Self.skipSpace(bytes, from: index)
            guard index < end else { return try incomplete(.tag(name: text(name))) }
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                position = index + 1
                return .startTag(name: name, selfClosing: false, offset: open)
            }
            if byte == UInt8(ascii: "/") {
                guard index + 1 < end else { return try incomplete(.tag(name: text(name))) }
                guard bytes[index + 1] == UInt8(ascii: ">") else {
                    throw XMLSyntaxError(
                        offset: index + 1,
                        message: "expected '>' after '/' in the tag <\(text(name))>, found \(describe(index + 1))")
                }
                position = index + 2
                return .startTag(name: name, selfClosing: true, offset: open)
            }
            if byte == UInt8(ascii: "<") {
                throw XMLSyntaxError(
                    offset: index, message: "the tag <\(text(name))> is not closed with '>' before the next '<'")
            }
            let attributeName = Self.readName(bytes, from: index)
            if attributeName.upperBound == end { return try incomplete(.tag(name: text(name))) }
            guard !attributeName.isEmpty else {
                throw XMLSyntaxError(
                    offset: index,
                    message: "unexpected \(describe(index)) in the tag <\(text(name))>: expected an attribute name")
            }
            index = Self.skipSpace(bytes, from: attributeName.upperBound)
            guard index < end else { return try incomplete(.tag(name: text(name))) }
            guard bytes[index] == UInt8(ascii: "=") else {
                throw XMLSyntaxError(
                    offset: index,
                    message: "the attribute \(text(attributeName)) of <\(text(name))> has no value: "
                        + "expected '=', found \(describe(index))")
            }
            index = Self.skipSpace(bytes, from: index + 1)
            guard index < end else { return try incomplete(.tag(name: text(name))) }
            let quote = bytes[index]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw XMLSyntaxError(
                    offset: index,
                    message: "the value of the attribute \(text(attributeName)) of <\(text(name))> "
                        + "must be in quotes, found \(describe(index))")
            }
            index += 1
            let valueStart = index
            var hasEntity = false
            while index < end {
                let byte = bytes[index]
                if byte == quote { break }
                if byte == UInt8(ascii: "&") { hasEntity = true }
                if byte == UInt8(ascii: "<") {
                    throw XMLSyntaxError(
                        offset: index,
                        message: "'<' is not allowed in the value of the attribute \(text(attributeName)) "
                            + "of <\(text(name))>: is a quote missing?")
                }
                index += 1
            }
            guard index < end else { return try incomplete(.attributeValue(name: text(attributeName))) }
            attributes.append(XMLAttribute(name: attributeName, value: valueStart..<index, hasEntity: hasEntity))
            index += 1
            if index < end, !Self.isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">"),
                bytes[index] != UInt8(ascii: "/")
            {
                throw XMLSyntaxError(
                    offset: index,
                    message: "expected a space after the value of the attribute \(text(attributeName)) "
                        + "of <\(text(name))>, found \(describe(index))")
            }
        }
    }

    /// `</name>` from `open`, with optional space before `>`.
    mutating func endTag(at open: Int) throws(XMLSyntaxError) -> XMLToken {
        let bytes = self.bytes
        let end = bytes.count
        let name = Self.readName(bytes, from: open + 2)
        if name.upperBound == end { return try incomplete(.endTag(name: text(name))) }
        guard !name.isEmpty else { throw expected("an element name after '</'", at: open + 2) }
        let index = Self.skipSpace(bytes, from: name.upperBound)
        guard index < end else { return try incomplete(.endTag(name: text(name))) }
        guard bytes[index] == UInt8(ascii: ">") else {
            throw XMLSyntaxError(
                offset: index, message: "expected '>' to close the end tag </\(text(name))>, found \(describe(index))")
        }
        position = index + 1
        return .endTag(name: name, offset: open)
    }

    private func expected(_ what: String, at index: Int) -> XMLSyntaxError {
        XMLSyntaxError(offset: index, message: "expected \(what), found \(describe(index))")
    }
}
