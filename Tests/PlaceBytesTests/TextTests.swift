import Foundation
import Testing

@testable import PlaceBytes

struct TextFoldingTests {
    @Test(arguments: [
        ("Café", "cafe"),
        ("CAFÉ DE JAREN", "cafe de jaren"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("Ĳsselmeer", "ijsselmeer"),
        ("ĳs", "ijs"),
        ("Zürich", "zurich"),
        ("'t Mirakel", "t mirakel"),
        ("Vascobelo V-bar", "vascobelo v bar"),
        ("  Damrak \t  1 ", "damrak 1"),
        ("Øresund", "oresund"),
        ("Crème brûlée", "creme brulee"),
        ("Señora", "senora"),
        ("Dạ Lạt", "da lat"),
    ])
    func foldsForMatching(_ text: String, expected: String) {
        #expect(TextFolding.fold(text) == expected)
    }

    @Test func wordsDropPunctuation() {
        #expect(TextFolding.words("Coffee & Cakes") == ["coffee", "cakes"])
        #expect(TextFolding.words("Het Groene Paleis - Coffee and Bakery") == ["het", "groene", "paleis", "coffee", "and", "bakery"])
    }
}

struct NameSimilarityTests {
    @Test(arguments: [
        ("Starbucks", "Starbucks Coffee"),
        ("Café de Jaren", "De Jaren"),
        ("Coffee & Cakes", "Coffee and Cakes"),
        ("Screaming Beans", "Screaming Beans Amsterdam"),
        ("Vascobelo V-bar", "Vascobelo V bar"),
        ("Het Groene Paleis - Coffee and Bakery", "Het Groene Paleis"),
    ])
    func sameNames(_ a: String, _ b: String) {
        #expect(NameSimilarity.areSimilar(a, b), "\(a) / \(b): \(NameSimilarity.similarity(a, b))")
    }

    @Test(arguments: [
        ("Coffee Company", "Coffee & Cakes"),
        ("Starbucks", "Dam Good Coffee"),
        ("Lucy's", "Latei"),
        ("Café Kuyl", "Café Cuba"),
        ("SooTea", "Chatime"),
    ])
    func differentNames(_ a: String, _ b: String) {
        #expect(!NameSimilarity.areSimilar(a, b), "\(a) / \(b): \(NameSimilarity.similarity(a, b))")
    }

    @Test func jaroWinklerKnownValues() {
        // The classic examples from Winkler's paper.
        #expect(abs(NameSimilarity.jaroWinkler("martha", "marhta") - 0.9611) < 0.001)
        #expect(abs(NameSimilarity.jaroWinkler("dwayne", "duane") - 0.84) < 0.001)
        #expect(NameSimilarity.jaroWinkler("abc", "abc") == 1)
        #expect(NameSimilarity.jaroWinkler("abc", "") == 0)
    }
}

struct TextFoldingPathTests {
    @Test func theLatinTableAgreesWithUnicodeDecompositionForEveryCharacterItCovers() {
        for value in UInt32(0x20)..<0x250 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "x\(Character(scalar))y"
            let fast = TextFolding.foldLatin(text)
            // nil: the fast path declines (Latin-1 symbols such as ©), and the Unicode path runs.
            if fast != nil || value >= 0xC0 {
                #expect(fast == TextFolding.foldUnicode(text), "U+\(String(value, radix: 16))")
            }
        }
    }

    @Test func theASCIIPathAgreesWithUnicodeDecompositionForEveryASCIICharacter() {
        for value in UInt32(0)..<0x80 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = " A\(Character(scalar))b "
            #expect(TextFolding.foldASCII(text) == TextFolding.foldUnicode(text), "U+\(String(value, radix: 16))")
        }
        #expect(TextFolding.foldASCII("Café") == nil)
    }

    @Test(arguments: ["Café 't Mirakel", "  Straße–Łódź  ", "Ĳsselmeer—Øresund", "Cafe\u{301} de\u{A0}Jaren", "a\u{2019}b", "ABC-def_ghi/jkl"])
    func bothPathsAgreeOnMixedText(_ text: String) {
        #expect(TextFolding.foldLatin(text) == TextFolding.foldUnicode(text))
    }

    /// The index and the query fold through `foldedWordBytes`; it must give what `words` gives.
    @Test func wordBytesAgreeWithWordsForEveryCharacterAndMixedText() {
        func expected(_ text: String) -> [UInt8] { Array(TextFolding.words(text).joined(separator: " ").utf8) }
        for value in UInt32(0)..<0x2100 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in ["\(Character(scalar))", "x\(Character(scalar))y", " Ab\(Character(scalar)) c"] {
                #expect(TextFolding.foldedWordBytes(text) == expected(text), "U+\(String(value, radix: 16))")
            }
        }
        // Seeded mixtures of everything a name list holds.
        let pool = Array("aZ9 'ʼ’`-_/.,&()éüößŁłĲØæœÀ×÷\u{A0}\u{301}\u{308}ЖжΩ東京–—\t")
        var state: UInt64 = 1
        for _ in 0..<2_000 {
            var text = ""
            for _ in 0..<12 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text.append(pool[Int(state >> 33) % pool.count])
            }
            #expect(TextFolding.foldedWordBytes(text) == expected(text), "\(text.debugDescription)")
        }
    }

    @Test func otherScriptsTakeTheUnicodePath() {
        #expect(TextFolding.foldLatin("Ελληνικά") == nil)
        #expect(TextFolding.fold("Ελληνικά") == "ελληνικα")
        #expect(TextFolding.fold("Dạ Lạt") == "da lat")
    }
}

struct NumberAndDateTextTests {
    @Test(arguments: [
        (3.14159, 2, "3.14"), (2.0, 1, "2.0"), (-0.004, 2, "0.00"), (-1.25, 1, "-1.3"), (52.3706211, 7, "52.3706211"),
        (0.9999, 3, "1.000"), (1234.5, 0, "1235"), (4.89, 4, "4.8900"),
    ])
    func fixedDecimals(_ value: Double, _ decimals: Int, expected: String) {
        #expect(NumberText.fixed(value, decimals) == expected)
    }

    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (27_970, "27,970"), (-1_234_567, "-1,234,567"),
        (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupedSetsThousandsApart(value: Int, expected: String) {
        #expect(NumberText.grouped(value) == expected)
    }

    @Test func trimmedDropsTrailingZeros() {
        #expect(NumberText.trimmed(52.37, 4) == "52.37")
        #expect(NumberText.trimmed(3, 2) == "3")
        #expect(NumberText.trimmed(-0.00001, 3) == "0")
        #expect(NumberText.twoDigits(7) == "07")
        #expect(NumberText.hex4(0xE9) == "00E9")
    }

    @Test(arguments: [
        ("2026-11-21T12:00:00Z", 1_795_262_400.0),
        ("2019-05-01T10:00:00.000Z", 1_556_704_800.0),
        ("2026-11-20T10:00:00+01:00", 1_795_165_200.0),
        ("2026-07-03T06:30:00-04:30", 1_783_076_400.0),  // values from Python's datetime.fromisoformat
        ("1970-01-01T00:00:00.5Z", 0.5),
    ])
    func iso8601TimesParse(_ text: String, _ seconds: Double) throws {
        let date = try #require(ISO8601Text.parse(text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: ["yesterday", "2026-13-01T00:00:00Z", "2026-11-21T12:00:00", "2026-11-21T25:00:00Z", "2026-11-21T12:00:00Zjunk", ""])
    func notISO8601(_ text: String) {
        #expect(ISO8601Text.parse(text) == nil)
    }
}

struct ISO8601FormatTests {
    @Test(arguments: [0.0, 1_795_000_000, 951_782_400, -86_400.5, 4_102_444_799, 1_234_567_890.9])
    func formatsLikeFoundation(_ seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601Text.format(date) == date.formatted(.iso8601))
        #expect(ISO8601Text.parse(ISO8601Text.format(date)) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }
}

/// The trimming that stands in for Foundation's on tags must trim what Foundation trims, every
/// scalar of it, and keep what it keeps.
struct WhitespaceTrimmingTests {
    @Test func theScalarsAreFoundations() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            if scalar.isWhitespace != CharacterSet.whitespaces.contains(scalar)
                || scalar.isWhitespaceOrNewline != CharacterSet.whitespacesAndNewlines.contains(scalar)
            {
                differing.append(String(value, radix: 16))
            }
        }
        #expect(differing.isEmpty, "U+\(differing.joined(separator: ", U+"))")
    }

    @Test(arguments: [
        "", " ", "Dam", "  Dam\t", "\nDam\r\n", "\u{85}Dam\u{2028}", "\u{200B}Dam\u{3000}", "Dam rak", " \u{A0}Dam \u{A0}rak\u{A0} ",
        "e\u{301} ", " \u{301}x", "\u{1F6B2} fiets ", "\t\n\u{0B}\u{0C}",
    ])
    func trimsAsFoundationDoes(_ text: String) {
        #expect(text.trimmedOfWhitespaceAndNewlines == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmedOfWhitespace == text.trimmingCharacters(in: .whitespaces))
        let sliced = ("x;" + text + ";y").split(separator: ";", omittingEmptySubsequences: false)[1]
        #expect(sliced.trimmedOfWhitespaceAndNewlines == sliced.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(sliced.trimmedOfWhitespace == sliced.trimmingCharacters(in: .whitespaces))
    }
}

struct ControlCharacterTests {
    @Test func theBytesSayWhatTheGeneralCategorySays() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = "a" + String(scalar) + "b"
            if text.containsControlCharacter != (scalar.properties.generalCategory == .control) { differing.append(String(value, radix: 16)) }
        }
        #expect(differing.isEmpty, "U+\(differing.joined(separator: ", U+"))")
    }
}
