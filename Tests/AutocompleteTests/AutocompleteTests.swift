import Foundation
import Autocomplete
import PlaceBytes
import PlaceCore
import Testing

/// A small Amsterdam, a far popular city, and names for every folding and typo case.
enum AutocompleteFixture {
    static let amsterdam = Coordinate(52.3731, 4.8926)

    static let records: [NameRecord] = [
        NameRecord(id: "s:damrak", name: "Damrak", kind: .street, importance: 0.5, coordinate: Coordinate(52.3757, 4.8966)),
        NameRecord(id: "s:damraksteeg", name: "Damraksteeg", kind: .street, importance: 0.2, coordinate: Coordinate(52.3745, 4.8951)),
        NameRecord(id: "s:damstraat", name: "Damstraat", kind: .street, importance: 0.3, coordinate: Coordinate(52.3722, 4.8950)),
        NameRecord(id: "s:dam", name: "Dam", kind: .street, importance: 0.3, coordinate: Coordinate(52.3731, 4.8926)),
        NameRecord(id: "s:kalverstraat", name: "Kalverstraat", kind: .street, importance: 0.4, coordinate: Coordinate(52.3690, 4.8910)),
        NameRecord(id: "p:jaren", name: "Café de Jaren", kind: .poi, importance: 0.3, coordinate: Coordinate(52.3667, 4.8937), detail: "Café"),
        NameRecord(id: "p:klos", name: "Café de Klos", kind: .poi, importance: 0.2, coordinate: Coordinate(52.3640, 4.8830), detail: "Café"),
        NameRecord(id: "p:smalle", name: "Café 't Smalle", kind: .poi, importance: 0.25, coordinate: Coordinate(52.3770, 4.8840), detail: "Café"),
        NameRecord(id: "p:strasse", name: "Straße-Café", kind: .poi, importance: 0.1, coordinate: Coordinate(52.5200, 13.4050)),
        NameRecord(id: "pl:amsterdam", name: "Amsterdam", kind: .place, importance: 0.95, coordinate: Coordinate(52.3676, 4.9041)),
        NameRecord(id: "pl:damascus", name: "Damascus", kind: .place, importance: 0.9, coordinate: Coordinate(33.5138, 36.2765)),
        NameRecord(id: "pl:lodz", name: "Łódź", kind: .place, importance: 0.7, coordinate: Coordinate(51.7592, 19.4560)),
        NameRecord(id: "pl:zurich", name: "Zürich", kind: .place, importance: 0.8, coordinate: Coordinate(47.3769, 8.5417)),
        NameRecord(id: "s:noposition", name: "Damweg", kind: .street, importance: 0.1, coordinate: nil),
        // Typo threshold words: 4, 5, 8 and 9 letters.
        NameRecord(id: "w:4", name: "Lier", kind: .place, importance: 0.1, coordinate: Coordinate(51.13, 4.57)),
        NameRecord(id: "w:5", name: "Breda", kind: .place, importance: 0.5, coordinate: Coordinate(51.59, 4.78)),
        NameRecord(id: "w:8", name: "Roermond", kind: .place, importance: 0.4, coordinate: Coordinate(51.19, 5.99)),
        NameRecord(id: "w:9", name: "Dordrecht", kind: .place, importance: 0.5, coordinate: Coordinate(51.81, 4.67)),
        NameRecord(id: "w:3", name: "Ede", kind: .place, importance: 0.4, coordinate: Coordinate(52.04, 5.66)),
        NameRecord(id: "x:punct", name: "—", kind: .poi, importance: 0.9, coordinate: nil),
    ]

    static let index = AutocompleteIndex(records: records)

    static func ids(_ text: String, focus: Coordinate? = nil, limit: Int = 10, kinds: Set<NameKind>? = nil, typos: Bool = true) -> [String] {
        index.complete(AutocompleteQuery(text, focus: focus, limit: limit, kinds: kinds, typoTolerance: typos)).map(\.record.id)
    }

    static func first(_ text: String, focus: Coordinate? = nil, typos: Bool = true) -> Suggestion? {
        index.complete(AutocompleteQuery(text, focus: focus, typoTolerance: typos)).first
    }
}

struct AutocompleteMatchingTests {
    typealias F = AutocompleteFixture

    @Test func lastWordIsAPrefix() {
        let ids = F.ids("Damr")
        #expect(ids == ["s:damrak", "s:damraksteeg"])
        #expect(F.first("Damr")?.match == .prefix)
    }

    @Test func earlierWordsMustBeWhole() {
        // "cafe de" → both "Café de …", not "Café 't Smalle" (no word starting "de").
        #expect(Set(F.ids("cafe de")) == ["p:jaren", "p:klos"])
        #expect(F.ids("cafe de")[0] == "p:jaren")  // more important
        // "caf de": "caf" is not a whole word.
        #expect(F.ids("caf de", typos: false).isEmpty)
    }

    @Test func wordOrderIsFreeButInOrderRanksHigher() {
        #expect(F.ids("jaren cafe") == ["p:jaren"])
        // "cafe" at the start of "Café de Jaren" beats "cafe" at the end of "Straße-Café"
        // even though both are whole words; the in-order one also has the higher importance here,
        // so compare text components directly.
        let results = F.index.complete(AutocompleteQuery("cafe"))
        let jaren = results.first { $0.record.id == "p:jaren" }
        let strasse = results.first { $0.record.id == "p:strasse" }
        #expect((jaren?.components.text ?? 0) > (strasse?.components.text ?? 1))
    }

    @Test func exactWholeNameRanksAbovePrefixOfSimilarImportance() {
        // Dam (0.3, exact) above Damstraat (0.3, prefix) and Damrak (0.5, prefix).
        let ids = F.ids("dam", kinds: [.street])
        #expect(ids.first == "s:dam")
        #expect(F.first("dam", focus: F.amsterdam)?.match == .exact)
    }

    @Test(arguments: [
        ("cafe", "p:jaren"), ("strasse", "p:strasse"), ("lodz", "pl:lodz"), ("zurich", "pl:zurich"), ("ŁÓDŹ", "pl:lodz"), ("Straße", "p:strasse"),
        ("café 't", "p:smalle"), ("cafe t smalle", "p:smalle"),
    ])
    func foldsDiacriticsBothWays(_ text: String, expected: String) {
        #expect(F.ids(text).contains(expected))
    }

    @Test func hyphenSplitsWords() {
        #expect(F.ids("strasse cafe") == ["p:strasse"])
        #expect(F.ids("cafe stras").contains("p:strasse"))
    }

    @Test func kindsFilterAndLimit() {
        #expect(F.ids("dam", kinds: [.place]) == ["pl:damascus"])
        #expect(F.ids("dam", kinds: [.poi]).isEmpty)
        #expect(F.ids("dam", limit: 2).count == 2)
        #expect(F.ids("dam", limit: 0).isEmpty)
        #expect(F.ids("dam", limit: -3).isEmpty)
        #expect(F.ids("d", limit: 1000).count == F.ids("d", limit: 100).count)
    }

    @Test func tiesBreakByNameThenId() {
        let twins = AutocompleteIndex(records: [
            NameRecord(id: "b", name: "Twin", kind: .poi, importance: 0.5, coordinate: nil),
            NameRecord(id: "a", name: "Twin", kind: .poi, importance: 0.5, coordinate: nil),
            NameRecord(id: "c", name: "Twins", kind: .poi, importance: 0.5, coordinate: nil),
        ])
        let ids = twins.complete(AutocompleteQuery("twi")).map(\.record.id)
        #expect(ids == ["a", "b", "c"])
    }

    @Test(arguments: [
        "", "   ", "!!!", "\u{0}\u{1}\u{7}", "—–-", "\n\t", String(repeating: "Damrak ", count: 72), String(repeating: "x", count: 500),
        String(repeating: "é", count: 500),
    ])
    func degenerateQueriesAreSafe(_ text: String) {
        let results = F.index.complete(AutocompleteQuery(text, focus: F.amsterdam))
        #expect(results.count <= 10)
        if TextFolding.words(text).isEmpty { #expect(results.isEmpty) }
    }

    @Test func emptyIndexAnswersNothing() {
        let empty = AutocompleteIndex(records: [])
        #expect(empty.count == 0)
        #expect(empty.complete(AutocompleteQuery("dam")).isEmpty)
    }

    @Test func namesWithoutLettersAreLeftOut() {
        #expect(F.index.count == F.records.count - 1)
    }
}

struct AutocompleteTypoTests {
    typealias F = AutocompleteFixture

    @Test func threeLetterWordsGetNoTypo() {
        #expect(F.ids("edx").isEmpty)  // "ede" one substitution away
        #expect(F.ids("Ede") == ["w:3"])
    }

    /// Issue 12: a 4-letter word gets one edit when the query finds nothing as typed ("Rokn" →
    /// Rokin), and none while anything matches ("Damr" finds Damrak, not one edit from "dam").
    @Test func fourLetterWordsGetATypoOnlyWhenNothingMatchesAsTyped() {
        #expect(F.ids("Lirr") == ["w:4"])
        #expect(F.first("Lirr")?.match == .typo(edits: 1))
        #expect(F.ids("Lirr", typos: false).isEmpty)
        #expect(F.ids("lier").contains("w:4"))
        #expect(F.ids("Damr") == ["s:damrak", "s:damraksteeg"])
    }

    @Test func fiveLetterWordsGetOneEdit() {
        #expect(F.first("Brexa")?.record.id == "w:5")
        #expect(F.first("Brexa")?.match == .typo(edits: 1))
        #expect(!F.ids("Bxexa").contains("w:5"))
        #expect(F.ids("Brexa", typos: false).isEmpty)
    }

    @Test func eightLetterWordsGetOneEditNotTwo() {
        #expect(F.ids("Roermomd").contains("w:8"))
        #expect(!F.ids("Rxermomd").contains("w:8"))
    }

    @Test func nineLetterWordsGetTwoEdits() {
        #expect(F.ids("Dxrdrecgt").contains("w:9"))
        #expect(F.first("Dxrdrecgt")?.match == .typo(edits: 2))
        #expect(!F.ids("Dxrdxecgt").contains("w:9"))
    }

    @Test func transpositionIsOneEdit() {
        #expect(F.first("Bréda")?.match == .exact)
        #expect(F.first("Berda")?.record.id == "w:5")  // r↔e swapped
        #expect(F.first("Berda")?.match == .typo(edits: 1))
        #expect(F.first("Berda", typos: false) == nil)
        #expect(F.first("Dmarak")?.record.id == "s:damrak")
    }

    @Test func typoInPrefixIsMeasuredAgainstAPrefix() {
        #expect(F.first("Kalvrstr")?.record.id == "s:kalverstraat")
        #expect(F.first("Kalvrstr")?.match == .typo(edits: 1))
        #expect(F.first("Dmrak")?.record.id == "s:damrak")
        #expect(F.first("Dmrak", typos: false) == nil)
    }

    @Test func typoInAnEarlierWord() {
        // "jarn": 4 letters, a prefix of nothing: one edit only because nothing matches as typed.
        #expect(F.ids("cafe de jarn") == ["p:jaren"])
        #expect(F.first("cafe de jarn")?.match == .typo(edits: 1))
        #expect(F.ids("cafe de jarn", typos: false).isEmpty)
        #expect(F.ids("kalverstrat").contains("s:kalverstraat"))
        // "jarne": five letters, one transposition from the whole word "jaren".
        #expect(F.ids("jarne cafe") == ["p:jaren"])
        #expect(F.first("jarne cafe")?.match == .typo(edits: 1))
        #expect(F.ids("jarne cafe", typos: false).isEmpty)
    }

    /// With a world gazetteer "Rokn" begins Roknäs (Sweden): one match as typed, nine slots
    /// left. The one edit a 4-letter word gets fills them, after the match as typed, however
    /// important (issue 19).
    @Test func aShortWordsOneEditFillsTheSlotsTheMatchesAsTypedLeave() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "roknas", name: "Roknäs", kind: .place, importance: 0.1, coordinate: Coordinate(65.83, 21.6)),
            NameRecord(id: "rokin", name: "Rokin", kind: .street, importance: 0.6, coordinate: Coordinate(52.369, 4.893)),
            NameRecord(id: "rokan", name: "Rokan", kind: .place, importance: 0.9, coordinate: nil),
            NameRecord(id: "far", name: "Rosendaal", kind: .place, importance: 0.9, coordinate: nil),
        ])
        let found = index.complete(AutocompleteQuery("Rokn"))
        #expect(found.map(\.record.id) == ["roknas", "rokan", "rokin"])
        #expect(found.map(\.match) == [.prefix, .typo(edits: 1), .typo(edits: 1)])
        #expect(index.complete(AutocompleteQuery("Rokn", limit: 1)).map(\.record.id) == ["roknas"])
        #expect(index.complete(AutocompleteQuery("Rokn", typoTolerance: false)).map(\.record.id) == ["roknas"])
    }

    @Test func exactAndPrefixRankAboveTyposOfSimilarImportance() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "typo", name: "Bredo", kind: .place, importance: 0.5, coordinate: nil),
            NameRecord(id: "exact", name: "Breda", kind: .place, importance: 0.45, coordinate: nil),
        ])
        let results = index.complete(AutocompleteQuery("breda"))
        #expect(results.map(\.record.id) == ["exact", "typo"])
        #expect(results.map(\.match) == [.exact, .typo(edits: 1)])
    }
}

struct AutocompleteFocusTests {
    typealias F = AutocompleteFixture

    @Test func popularFarPlaceWinsWithoutFocus() {
        #expect(F.ids("Dam").first == "pl:damascus")
    }

    @Test func exactNearbyMatchBeatsPopularFarPlaceWithFocus() {
        let results = F.index.complete(AutocompleteQuery("Dam", focus: F.amsterdam))
        let ids = results.map(\.record.id)
        #expect(ids.first == "s:dam")
        let dam = ids.firstIndex(of: "s:dam") ?? Int.max
        let damascus = ids.firstIndex(of: "pl:damascus") ?? Int.max
        #expect(dam < damascus)
        #expect(results.first?.distance ?? 1 < 1)
        #expect(results.first?.explanation.contains("exact") == true)
    }

    @Test func focusFavoursNearerOfEqualNames() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "far", name: "Kerkstraat", kind: .street, importance: 0.3, coordinate: Coordinate(51.44, 5.47)),
            NameRecord(id: "near", name: "Kerkstraat", kind: .street, importance: 0.3, coordinate: Coordinate(52.366, 4.893)),
        ])
        #expect(index.complete(AutocompleteQuery("kerk", focus: AutocompleteFixture.amsterdam)).map(\.record.id) == ["near", "far"])
        #expect(index.complete(AutocompleteQuery("kerk", focus: Coordinate(51.44, 5.47))).map(\.record.id) == ["far", "near"])
    }

    @Test func recordsWithoutPositionStillMatchUnderAFocus() {
        let results = F.index.complete(AutocompleteQuery("damweg", focus: F.amsterdam))
        #expect(results.first?.record.id == "s:noposition")
        #expect(results.first?.distance == nil)
    }

    @Test func shortPrefixWithFocusFindsNearbyBelowTheTopK() {
        // 100 more important far "Ba…" names fill the stored top-32 of "ba"; a minor one near the
        // focus must still come first (0.6 + 0.1 + 1.5 against 0.6 + 1.0).
        var records = (0..<100).map {
            NameRecord(id: "far\($0)", name: "Ba\($0)ville", kind: .poi, importance: 0.5, coordinate: Coordinate(40.0, -3.0))
        }
        records.append(NameRecord(id: "near", name: "Bakkerij", kind: .poi, importance: 0.05, coordinate: Coordinate(52.3732, 4.8927)))
        let index = AutocompleteIndex(records: records)
        #expect(index.complete(AutocompleteQuery("ba", focus: AutocompleteFixture.amsterdam)).first?.record.id == "near")
        #expect(index.complete(AutocompleteQuery("ba")).first?.record.id != "near")
        // The same through the postings (a 4-letter prefix).
        #expect(index.complete(AutocompleteQuery("bakk", focus: AutocompleteFixture.amsterdam)).first?.record.id == "near")
    }

    @Test func kindsFilterOnAShortPrefixFallsBackToPostings() {
        var records = (0..<100).map {
            NameRecord(id: "poi\($0)", name: "Ba\($0)", kind: .poi, importance: 0.9, coordinate: nil)
        }
        records.append(NameRecord(id: "street", name: "Baanstraat", kind: .street, importance: 0.01, coordinate: nil))
        let index = AutocompleteIndex(records: records)
        #expect(index.complete(AutocompleteQuery("ba", kinds: [.street])).map(\.record.id) == ["street"])
    }
}
