import PlaceBytes
import PlaceCore

/// A query as people type it, taken apart: the name they mean, the area they said it is in ("…,
/// Helsinki", "… Liechtenstein"), the words that say what kind of place it is ("hotel", "asema"),
/// and whether it has a number (a house number or a postcode: then addresses are looked up).
struct LookupText {
    /// What is left of the query to match names with, as typed (not folded).
    var main: String
    /// Each part after a comma, as typed: the first is usually a town, a later one a country.
    var qualifiers: [String]
    /// The folded words of ``main``.
    var words: [[UInt8]]
    /// Whether the query is still being typed at its end: its last word is a prefix.
    var endsInPrefix: Bool

    /// Longest query taken, in Unicode scalars: a pasted paragraph costs no more than an address.
    static let maximumScalars = 256

    /// Splits `text` at commas (and semicolons): "Senaatintori, Helsinki" → main "Senaatintori",
    /// qualifiers ["Helsinki"]. Control characters are dropped. A query with nothing before its
    /// first comma takes the first qualifier as its main part.
    init(_ text: String) {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars.prefix(Self.maximumScalars) {
            let category = scalar.properties.generalCategory
            scalars.append(category == .control || category == .format ? " " : scalar)
        }
        let cleaned = String(scalars)
        var parts = cleaned.split(whereSeparator: { $0 == "," || $0 == ";" }).map { String($0).trimmedOfWhitespace }
        parts.removeAll { TextFolding.foldedWordBytes($0).isEmpty }
        main = parts.first ?? ""
        qualifiers = Array(parts.dropFirst())
        words = TextFolding.foldedWordBytes(main).split(separator: 0x20).map(Array.init)
        // "Dam " has its last word complete; "Dam" may still be typed on.
        endsInPrefix = !(cleaned.last.map { $0 == " " || $0 == "," } ?? false)
    }

    var isEmpty: Bool { words.isEmpty }

    /// Whether a word has a digit: a house number ("148", "6A") or part of a postcode ("1011").
    static func hasDigit(_ word: [UInt8]) -> Bool { word.contains { (0x30...0x39).contains($0) } }

    /// Whether the main part has a number in it: addresses are looked up only then.
    var hasNumber: Bool { words.contains(where: Self.hasDigit) }

    /// Whether the query is nothing but numbers ("148"): a house number without its street.
    var isOnlyNumbers: Bool { !words.isEmpty && words.allSatisfy { $0.allSatisfy { (0x30...0x39).contains($0) } } }

    /// The words as text again, folded: for a search.
    static func text(_ words: some Sequence<[UInt8]>) -> String {
        String(decoding: Array(words.joined(separator: [0x20])), as: UTF8.self)
    }
}
