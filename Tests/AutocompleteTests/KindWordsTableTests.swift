import Testing

@testable import Autocomplete

/// The table of kind words (``KindWords/table``) is data typed by hand: these pin its shape (tags
/// the lookup can read, words a query can hold) and the words the lookup is first used for.
@Suite struct KindWordsTableTests {
    /// `key=value` or a bare `key`: keys of lower-case letters, `_` and `:`; values of lower-case
    /// letters, digits and `_`.
    static func isTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let key = parts.first, !key.isEmpty, key.allSatisfy({ ("a"..."z").contains($0) || $0 == "_" || $0 == ":" }) else {
            return false
        }
        guard parts.count == 2 else { return true }
        let value = parts[1]
        return !value.isEmpty && value.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// The words of every entry that carries `tag`.
    static func words(taggedWith tag: String) -> Set<String> {
        Set(KindWords.table.filter { $0.tags.contains(tag) }.flatMap(\.words))
    }

    @Test func everyEntryHasTagsAndWords() {
        #expect(!KindWords.table.isEmpty)
        for entry in KindWords.table {
            #expect(!entry.tags.isEmpty, "an entry without tags: \(entry.words.prefix(3))")
            #expect(!entry.words.isEmpty, "an entry without words: \(entry.tags)")
        }
    }

    @Test func everyWordIsOneLowerCaseWord() {
        for entry in KindWords.table {
            for word in entry.words {
                #expect(!word.isEmpty, "an empty word under \(entry.tags)")
                #expect(word == word.lowercased(), "\(word) under \(entry.tags) is not lower case")
                let isOneWord = !word.contains { $0.isWhitespace }
                #expect(isOneWord, "\(word) under \(entry.tags) is more than one word")
            }
            #expect(Set(entry.words).count == entry.words.count, "a word listed twice under \(entry.tags)")
        }
    }

    @Test func everyTagIsKeyEqualsValueOrABareKey() {
        for tag in KindWords.table.flatMap(\.tags) {
            #expect(Self.isTag(tag), "\(tag) is neither key=value nor a bare key")
        }
        #expect(Self.isTag("tourism=hotel") && Self.isTag("aeroway") && Self.isTag("theatre:type=concert_hall"))
        #expect(!Self.isTag("Tourism=hotel") && !Self.isTag("tourism=") && !Self.isTag("=hotel") && !Self.isTag("tourism hotel"))
    }

    @Test(arguments: [
        "asema", "rautatieasema", "juna-asema",  // fi
        "station", "järnvägsstation", "centralstation",  // sv, nl
        "bahnhof", "hauptbahnhof",  // de
    ])
    func railwayStationWord(_ word: String) {
        #expect(Self.words(taggedWith: "railway=station").contains(word))
    }

    @Test(arguments: ["metro", "metroasema", "asema", "tunnelbanestation", "u-bahn"])
    func metroStationWord(_ word: String) {
        #expect(Self.words(taggedWith: "station=subway").contains(word))
    }

    @Test(arguments: ["hotel", "hotelli", "hotell", "hôtel"])
    func hotelWord(_ word: String) {
        #expect(Self.words(taggedWith: "tourism=hotel").contains(word))
    }
}
