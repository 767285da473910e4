import Foundation

/// Folds text for matching: case, diacritics, the letters Unicode does not decompose, apostrophes,
/// hyphens and runs of whitespace.
///
/// `"Café 't Mirakel"` → `"cafe t mirakel"`, `"Straße"` → `"strasse"`, `"Łódź"` → `"lodz"`,
/// `"ĳs"` → `"ijs"`. The result is for comparing and indexing, never for display.
package enum TextFolding {
    /// The folded form of `text`: lower case, no diacritics, single spaces, trimmed.
    package static func fold(_ text: String) -> String {
        foldASCII(text) ?? foldLatin(text) ?? foldUnicode(text)
    }

    /// Most names are plain ASCII: fold them byte by byte.
    static func foldASCII(_ text: String) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var pendingSpace = false
        for byte in text.utf8 {
            switch byte {
            case 0x80...: return nil
            case UInt8(ascii: "'"), UInt8(ascii: "`"): continue
            case 0x09...0x0D, 0x20, UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"):
                pendingSpace = !bytes.isEmpty
                continue
            default:
                if pendingSpace {
                    bytes.append(0x20)
                    pendingSpace = false
                }
                bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Latin text (ASCII up to Latin Extended-B) through a table: no Unicode decomposition, which
    /// costs far more and is only needed for the rest of the world's scripts.
    static func foldLatin(_ text: String) -> String? {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if isApostrophe(scalar) { continue }
            if scalar.properties.isWhitespace || isWordBreakingPunctuation(scalar) {
                pendingSpace = !output.isEmpty
                continue
            }
            guard value < 0x80 || (0xC0..<0x250).contains(value) else {
                if isCombiningMark(scalar) { continue }
                return nil
            }
            if pendingSpace {
                output.append(" ")
                pendingSpace = false
            }
            if value < 0x80 {
                output.append((0x41...0x5A).contains(value) ? Unicode.Scalar(UInt8(value + 0x20)) : scalar)
            } else {
                for folded in latinTable[Int(value) - 0xC0].unicodeScalars { output.append(folded) }
            }
        }
        return String(output)
    }

    /// Any script: canonical decomposition, marks dropped, lower case.
    static func foldUnicode(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars {
            if isCombiningMark(scalar) || isApostrophe(scalar) { continue }
            if scalar.properties.isWhitespace || isWordBreakingPunctuation(scalar) {
                pendingSpace = !output.isEmpty
                continue
            }
            if pendingSpace {
                output.append(" ")
                pendingSpace = false
            }
            if let replacement = specialLetters[scalar] {
                output.append(contentsOf: replacement.unicodeScalars)
            } else {
                output.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(output)
    }

    /// The folded words of `text`: letters and digits only, everything else separates.
    package static func words(_ text: String) -> [String] {
        let folded = fold(text)
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            return folded.utf8.split(whereSeparator: { !(isASCIILetterOrDigit($0)) }).map { String(decoding: $0, as: UTF8.self) }
        }
        return folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// `words(text)` joined by single spaces, as UTF-8 bytes: what the autocomplete index stores
    /// and matches. ASCII and Latin text (most names) are folded scalar by scalar through the same
    /// table as ``fold(_:)``, without building strings; anything else goes through ``words(_:)``.
    package static func foldedWordBytes(_ text: String) -> [UInt8] {
        var words = FoldedWords(capacity: text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                if isASCIILetterOrDigit(byte) {
                    words.letter((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
                } else if byte != UInt8(ascii: "'"), byte != UInt8(ascii: "`") {
                    words.pendingSpace = true
                }
                continue
            }
            // Before the property look-ups below: no Latin letter is whitespace, punctuation or
            // an apostrophe, and most names' non-ASCII scalars are Latin letters.
            if (0xC0..<0x250).contains(value) {
                words.letters(latinWordBytes[Int(value) - 0xC0])
                continue
            }
            if isApostrophe(scalar) { continue }
            if scalar.properties.isWhitespace || isWordBreakingPunctuation(scalar) {
                words.pendingSpace = true
                continue
            }
            if isCombiningMark(scalar) { continue }
            return Array(Self.words(text).joined(separator: " ").utf8)
        }
        return words.output
    }

    /// Folded words as bytes, one space between words (none before the first).
    private struct FoldedWords {
        var output: [UInt8] = []
        var pendingSpace = false

        init(capacity: Int) { output.reserveCapacity(capacity) }

        @inline(__always) mutating func letter(_ byte: UInt8) {
            if pendingSpace {
                if !output.isEmpty { output.append(0x20) }
                pendingSpace = false
            }
            output.append(byte)
        }

        /// A Latin letter's folding; empty for × and ÷, which separate words.
        @inline(__always) mutating func letters(_ bytes: [UInt8]) {
            guard let first = bytes.first else {
                pendingSpace = true
                return
            }
            letter(first)
            output.append(contentsOf: bytes.dropFirst())
        }
    }

    /// ``latinTable`` as UTF-8 bytes, empty where the folding is not a letter (× and ÷).
    private static let latinWordBytes: [[UInt8]] = latinTable.map { folded in
        folded.unicodeScalars.allSatisfy(isLetter) ? Array(folded.utf8) : []
    }

    /// What ``words(_:)`` keeps of a one-scalar character: a letter (× and ÷ are not).
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
    }

    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    private static func isApostrophe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "'", "\u{2019}", "\u{2018}", "`", "\u{00B4}", "\u{02BC}", "\u{02B9}": true
        default: false
        }
    }

    /// Hyphens, dashes, underscores and slashes join words that people also type apart.
    private static func isWordBreakingPunctuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "-", "_", "/", "\u{2010}", "\u{2011}", "\u{2012}", "\u{2013}", "\u{2014}", "\u{2212}": true
        default: false
        }
    }

    /// U+00C0…U+024F folded: base letter, lower case (generated from Unicode's decompositions).
    private static let latinTable: [String] = [
        "a", "a", "a", "a", "a", "a", "ae", "c", "e", "e", "e", "e",
        "i", "i", "i", "i", "d", "n", "o", "o", "o", "o", "o", "×",
        "o", "u", "u", "u", "u", "y", "th", "ss", "a", "a", "a", "a",
        "a", "a", "ae", "c", "e", "e", "e", "e", "i", "i", "i", "i",
        "d", "n", "o", "o", "o", "o", "o", "÷", "o", "u", "u", "u",
        "u", "y", "th", "y", "a", "a", "a", "a", "a", "a", "c", "c",
        "c", "c", "c", "c", "c", "c", "d", "d", "d", "d", "e", "e",
        "e", "e", "e", "e", "e", "e", "e", "e", "g", "g", "g", "g",
        "g", "g", "g", "g", "h", "h", "h", "h", "i", "i", "i", "i",
        "i", "i", "i", "i", "i", "i", "ij", "ij", "j", "j", "k", "k",
        "ĸ", "l", "l", "l", "l", "l", "l", "l", "l", "l", "l", "n",
        "n", "n", "n", "n", "n", "ŉ", "ŋ", "ŋ", "o", "o", "o", "o",
        "o", "o", "oe", "oe", "r", "r", "r", "r", "r", "r", "s", "s",
        "s", "s", "s", "s", "s", "s", "t", "t", "t", "t", "t", "t",
        "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u", "u",
        "w", "w", "y", "y", "y", "z", "z", "z", "z", "z", "z", "ſ",
        "ƀ", "ɓ", "ƃ", "ƃ", "ƅ", "ƅ", "ɔ", "ƈ", "ƈ", "ɖ", "ɗ", "ƌ",
        "ƌ", "ƍ", "ǝ", "ə", "ɛ", "ƒ", "ƒ", "ɠ", "ɣ", "ƕ", "ɩ", "ɨ",
        "ƙ", "ƙ", "ƚ", "ƛ", "ɯ", "ɲ", "ƞ", "ɵ", "o", "o", "ƣ", "ƣ",
        "ƥ", "ƥ", "ʀ", "ƨ", "ƨ", "ʃ", "ƪ", "ƫ", "ƭ", "ƭ", "ʈ", "u",
        "u", "ʊ", "ʋ", "ƴ", "ƴ", "ƶ", "ƶ", "ʒ", "ƹ", "ƹ", "ƺ", "ƻ",
        "ƽ", "ƽ", "ƾ", "ƿ", "ǀ", "ǁ", "ǂ", "ǃ", "ǆ", "ǆ", "ǆ", "ǉ",
        "ǉ", "ǉ", "ǌ", "ǌ", "ǌ", "a", "a", "i", "i", "o", "o", "u",
        "u", "u", "u", "u", "u", "u", "u", "u", "u", "ǝ", "a", "a",
        "a", "a", "ae", "ae", "ǥ", "ǥ", "g", "g", "k", "k", "o", "o",
        "o", "o", "ʒ", "ʒ", "j", "ǳ", "ǳ", "ǳ", "g", "g", "ƕ", "ƿ",
        "n", "n", "a", "a", "ae", "ae", "o", "o", "a", "a", "a", "a",
        "e", "e", "e", "e", "i", "i", "i", "i", "o", "o", "o", "o",
        "r", "r", "r", "r", "u", "u", "u", "u", "s", "s", "t", "t",
        "ȝ", "ȝ", "h", "h", "ƞ", "ȡ", "ȣ", "ȣ", "ȥ", "ȥ", "a", "a",
        "e", "e", "o", "o", "o", "o", "o", "o", "o", "o", "y", "y",
        "ȴ", "ȵ", "ȶ", "ȷ", "ȸ", "ȹ", "ⱥ", "ȼ", "ȼ", "ƚ", "ⱦ", "ȿ",
        "ɀ", "ɂ", "ɂ", "ƀ", "ʉ", "ʌ", "ɇ", "ɇ", "ɉ", "ɉ", "ɋ", "ɋ",
        "ɍ", "ɍ", "ɏ", "ɏ",
    ]

    /// Letters without a canonical decomposition that readers still treat as a base letter.
    private static let specialLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "ẞ": "ss", "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ø": "o", "Ø": "o",
        "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d",
        "ı": "i", "ĳ": "ij", "Ĳ": "ij", "ŀ": "l", "Ŀ": "l", "ħ": "h", "Ħ": "h", "ŧ": "t", "Ŧ": "t",
    ]
}
