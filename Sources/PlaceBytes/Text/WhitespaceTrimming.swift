extension String {
    /// `trimmingCharacters(in: .whitespaces)` (tab, the space separators, Zs, and U+200B, as
    /// Foundation's set has them) without Foundation: that bridged every field to NSString and
    /// back, two thirds of reading a name list (perf, `places import --names` of GeoNames' 144k
    /// rows). A field with no space at either end, nearly all, is returned as it is.
    package var trimmedOfWhitespace: String { WhitespaceTrimming.trimmed(self, newlines: false) }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without Foundation, for the tags of a
    /// country's elements (names, alternate names, address parts): Foundation's bridging of each
    /// value was a tenth of making an extract's places. The characters are Foundation's set:
    /// the whitespace above, line feed to carriage return, U+0085, and the line and paragraph
    /// separators (Zl, Zp).
    package var trimmedOfWhitespaceAndNewlines: String { WhitespaceTrimming.trimmed(self, newlines: true) }
}

extension Substring {
    /// ``Swift/String/trimmedOfWhitespace``, of a part of a string.
    package var trimmedOfWhitespace: String { WhitespaceTrimming.trimmed(self, newlines: false) }
    /// ``Swift/String/trimmedOfWhitespaceAndNewlines``, of a part of a string.
    package var trimmedOfWhitespaceAndNewlines: String { WhitespaceTrimming.trimmed(self, newlines: true) }
}

/// One body for both kinds of text, specialised here for each: called across modules as a
/// generic over StringProtocol, reading a name list took a third longer.
private enum WhitespaceTrimming {
    @inline(__always)
    static func trimmed<Text: StringProtocol>(_ text: Text, newlines: Bool) -> String {
        @inline(__always) func isSpace(_ scalar: Unicode.Scalar) -> Bool { newlines ? scalar.isWhitespaceOrNewline : scalar.isWhitespace }
        let scalars = text.unicodeScalars
        guard let first = scalars.first, let last = scalars.last else { return "" }
        guard isSpace(first) || isSpace(last) else { return String(text) }
        guard let start = scalars.firstIndex(where: { !isSpace($0) }), let end = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(text[start..<scalars.index(after: end)])
    }
}

extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces`.
    package var isWhitespace: Bool {
        switch value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`.
    package var isWhitespaceOrNewline: Bool {
        switch value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isWhitespace
        }
    }
}

extension String {
    /// Whether the text has a control character (category Cc: U+0000–001F, U+007F–009F), said
    /// from its UTF-8 bytes, where U+0080–009F are C2 80 to C2 9F. Asking each scalar for its
    /// general category was a quarter of reading a name list.
    package var containsControlCharacter: Bool {
        var afterC2 = false
        for byte in utf8 {
            if byte < 0x20 || byte == 0x7F || (afterC2 && byte <= 0x9F) { return true }
            afterC2 = byte == 0xC2
        }
        return false
    }
}
