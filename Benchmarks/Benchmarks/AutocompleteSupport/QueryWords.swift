import Foundation

/// The folded words of a synthetic name or a query, for drawing queries and writing FTS5 MATCH
/// expressions. The core's TextFolding is `package` (not visible from this package); this is the
/// part of it the synthetic names need: lower case, no diacritics, ß → ss, ł → l, letters and
/// digits only. Both sides (our index folds by itself, FTS5 by unicode61 remove_diacritics 2) get
/// the same query text.
public enum QueryWords {
    public static func of(_ text: String) -> [String] {
        let folded = text.lowercased()
            .replacingOccurrences(of: "ß", with: "ss").replacingOccurrences(of: "ł", with: "l")
            .folding(options: [.diacriticInsensitive], locale: nil)
        return folded.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }
}
