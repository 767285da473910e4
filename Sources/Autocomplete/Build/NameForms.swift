import Foundation
import PlaceSearch

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
        if hasUmlaut(name) { add(Self.folded(transcribed(name))) }
        add(contracted(folded))
        return forms
    }

    /// Whether the name has ä, ö or ü (either case), precomposed (UTF-8 C3 A4 …) or as a vowel
    /// and a combining diaeresis (CC 88).
    private static func hasUmlaut(_ name: String) -> Bool {
        var previous: UInt8 = 0
        for byte in name.utf8 {
            if previous == 0xC3, [0xA4, 0xB6, 0xBC, 0x84, 0x96, 0x9C].contains(byte) { return true }
            if previous == 0xCC, byte == 0x88 { return true }
            previous = byte
        }
        return false
    }

    private static let umlauts: [Unicode.Scalar: String] = [
        "ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue",
    ]

    /// "München" → "Muenchen" (also for a u followed by a combining diaeresis).
    static func transcribed(_ name: String) -> String {
        var output = String.UnicodeScalarView()
        let composed = name.unicodeScalars.contains("\u{0308}") ? name.precomposedStringWithCanonicalMapping : name
        for scalar in composed.unicodeScalars {
            if let replacement = umlauts[scalar] {
                output.append(contentsOf: replacement.unicodeScalars)
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// "muenchen" → "munchen": ae, oe and ue become a, o and u, left to right.
    static func contracted(_ folded: [UInt8]) -> [UInt8] {
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
