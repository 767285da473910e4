import PlaceBytes
import PlaceCore

/// One folded query word. All but the last must match a whole name word; the last a prefix.
struct QueryTerm: Sendable {
    var bytes: [UInt8]
    var isPrefix: Bool
    var maxEdits: Int
    /// Folded characters (a byte is a letter for Latin names; other scripts take more bytes).
    var characters: Int

    /// Longest query word, bytes.
    static let maximumBytes = 48
    /// Most query words.
    static let maximumWords = 8

    /// The words of `text`, folded like the names, without typos: at most 8 words of at most 48
    /// bytes each, so a pasted paragraph costs no more than a long address.
    static func parse(_ text: String) -> [QueryTerm] {
        // Cap the raw input before folding: a 500-character query is as good as its first 256.
        let capped =
            text.unicodeScalars.count > 256 ? String(String.UnicodeScalarView(text.unicodeScalars.prefix(256))) : text
        let words = TextFolding.foldedWordBytes(capped).split(separator: 0x20).prefix(maximumWords)
        return words.enumerated().map { index, word in
            let utf8 = Array(word)
            var end = min(utf8.count, maximumBytes)
            // Never end inside a character.
            while end < utf8.count, end > 0, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            let bytes = Array(utf8[..<end])
            let characters = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
            return QueryTerm(bytes: bytes, isPrefix: index == words.count - 1, maxEdits: 0, characters: characters)
        }.filter { !$0.bytes.isEmpty }
    }

    /// The same words with the edits ``TypoMatcher`` allows them; `fallback` when the query
    /// found nothing as typed (a 4-letter word then gets one).
    static func withTypos(_ terms: [QueryTerm], fallback: Bool) -> [QueryTerm] {
        terms.map { term in
            var term = term
            term.maxEdits =
                fallback
                ? TypoMatcher.fallbackEdits(characters: term.characters)
                : TypoMatcher.allowedEdits(characters: term.characters)
            return term
        }
    }

    /// The words joined as the folded names are: "cafe de".
    static func joined(_ terms: [QueryTerm]) -> [UInt8] { Array(terms.map(\.bytes).joined(separator: [0x20])) }
}
