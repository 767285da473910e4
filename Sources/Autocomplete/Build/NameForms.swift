import Foundation
import PlaceBytes
import PlaceCore

/// The folded forms a name is found by.
///
/// Folding (``TextFolding``) already makes "Straße" and "strasse" one word and drops diacritics,
/// so "München" is found by "Munchen". German also writes an umlaut as the vowel and an e
/// ("Muenchen"), and name lists do both, so a name gets up to two more forms, each a secondary
/// form (ranked ``SuggestionRanking/alternateNamePenalty`` below its own folding):
/// - with ä, ö, ü: the transcription (ü → ue): "München" is also "muenchen";
/// - with ae, oe, ue: the contraction (ue → u): "Muenchen" is also "munchen", which a user typing
///   "München" or "Munchen" reaches. ("Michael" is then also "michal", one letter from it
///   anyway, and ranked below a real "Michal".)
enum NameForms {
    struct Form: Equatable {
        /// Words joined by single spaces.
        var folded: [UInt8]
        var isSecondary: Bool
    }

    /// Names longer than this are cut before folding: no one types 1,000 characters of a name.
    static let maximumNameBytes = 1_000

    /// The folded words of `name`: letters and digits only, lower case, without diacritics.
    static func words(_ name: String) -> [[UInt8]] {
        TextFolding.words(name).map { Array($0.utf8) }.filter { !$0.isEmpty }
    }

    static func joined(_ words: [[UInt8]]) -> [UInt8] { Array(words.joined(separator: [0x20])) }

    /// `joined(words(name))`, without building strings (``TextFolding/foldedWordBytes(_:)``): the
    /// same folding the query gets.
    static func folded(_ name: String) -> [UInt8] { TextFolding.foldedWordBytes(name) }

    /// The forms of `name`, its own folding first; empty for a name without a letter or digit.
    static func forms(of name: String, secondary: Bool) -> [Form] {
        let name =
            name.utf8.count > maximumNameBytes
            ? String(decoding: Array(name.utf8.prefix(maximumNameBytes)), as: UTF8.self) : name
        let folded = Self.folded(name)
        guard !folded.isEmpty else { return [] }
        var forms = [Form(folded: folded, isSecondary: secondary)]
        func add(_ bytes: [UInt8]) {
            if !bytes.isEmpty, !forms.contains(where: { $0.folded == bytes }) {
                forms.append(Form(folded: bytes, isSecondary: true))
            }
        }
        if let transcription = transcribed(name) { add(Self.folded(transcription)) }
        add(contracted(folded))
        return forms
    }

    /// "München" → "Muenchen" (also for a u followed by a combining diaeresis); nil for a name
    /// without ä, ö or ü. Byte by byte: ä, ö and ü are C3 A4, C3 B6 and C3 BC in UTF-8 (C3 84, C3 96
    /// and C3 9C capitalised), and every name is checked for them.
    static func transcribed(_ name: String) -> String? {
        // Every name is checked and few have an umlaut: look before copying, in a native
        // string's bytes in place (String.UTF8View's iterator costs more per byte).
        let (hasUmlaut, hasCombiningDiaeresis) =
            name.utf8.withContiguousStorageIfAvailable { umlautMarks($0) } ?? umlautMarks(name.utf8)
        guard hasUmlaut || hasCombiningDiaeresis else { return nil }
        let composed = hasCombiningDiaeresis ? name.precomposedStringWithCanonicalMapping : name
        var output: [UInt8] = []
        output.reserveCapacity(composed.utf8.count + 4)
        var changed = false
        var previous: UInt8 = 0
        for byte in composed.utf8 {
            // 0xC3 is only ever a lead byte, so the byte before a vowel's is the character's.
            if previous == 0xC3, let vowel = umlautVowel(byte) {
                output[output.count - 1] = vowel
                output.append(UInt8(ascii: "e"))
                changed = true
            } else {
                output.append(byte)
            }
            previous = byte
        }
        return changed ? String(decoding: output, as: UTF8.self) : nil
    }

    /// Whether the bytes hold a precomposed ä, ö or ü, and a combining diaeresis.
    private static func umlautMarks(_ bytes: some Sequence<UInt8>) -> (Bool, Bool) {
        var umlaut = false
        var combining = false
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == 0xC3, umlautVowel(byte) != nil { umlaut = true }
            if previous == 0xCC, byte == 0x88 { combining = true }
            previous = byte
        }
        return (umlaut, combining)
    }

    /// The vowel of an umlaut's second UTF-8 byte after C3.
    private static func umlautVowel(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0xA4: UInt8(ascii: "a")
        case 0xB6: UInt8(ascii: "o")
        case 0xBC: UInt8(ascii: "u")
        case 0x84: UInt8(ascii: "A")
        case 0x96: UInt8(ascii: "O")
        case 0x9C: UInt8(ascii: "U")
        default: nil
        }
    }

    /// "muenchen" → "munchen": ae, oe and ue become a, o and u, left to right.
    static func contracted(_ folded: [UInt8]) -> [UInt8] {
        // Most names have nothing to contract: no copy for them.
        var previous: UInt8 = 0
        guard
            folded.contains(where: { byte in
                defer { previous = byte }
                return byte == UInt8(ascii: "e")
                    && (previous == UInt8(ascii: "a") || previous == UInt8(ascii: "o") || previous == UInt8(ascii: "u"))
            })
        else { return folded }
        var output: [UInt8] = []
        output.reserveCapacity(folded.count)
        var index = 0
        while index < folded.count {
            let byte = folded[index]
            output.append(byte)
            if byte == UInt8(ascii: "a") || byte == UInt8(ascii: "o") || byte == UInt8(ascii: "u"),
                index + 1 < folded.count, folded[index + 1] == UInt8(ascii: "e")
            {
                index += 2
            } else {
                index += 1
            }
        }
        return output
    }
}
