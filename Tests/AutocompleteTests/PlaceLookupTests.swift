import Foundation
import PlaceCore
import Testing

@testable import Autocomplete
import PlaceBytes

/// The one lookup of "where" on hand-made names: addresses, qualifiers, kind words, the focus
/// rules and the same place found twice.
struct PlaceLookupTests {
    static let dam = Coordinate(52.3731, 4.8926)
    static let helsinki = Coordinate(60.1699, 24.9384)

    static func record(
        _ id: String, _ name: String, _ kind: NameKind, _ importance: Float, _ lat: Double, _ lon: Double, detail: String? = nil,
        alternates: [String] = [], locality: String? = nil, country: String? = nil, category: String? = nil
    ) -> NameRecord {
        NameRecord(
            id: id, name: name, kind: kind, importance: importance, coordinate: Coordinate(lat, lon), detail: detail, alternateNames: alternates,
            locality: locality, countryCode: country, category: category)
    }

    /// Amsterdam and Helsinki, a few streets, POIs and addresses in each, and far-away namesakes.
    static let records: [NameRecord] = [
        record("names:c#1", "Amsterdam", .place, 1.0, 52.374, 4.890, alternates: ["Damsko", "Mokum"], country: "NL", category: "place=city"),
        record("names:c#2", "Helsinki", .place, 1.0, 60.1699, 24.9384, alternates: ["Helsingfors"], country: "FI", category: "place=city"),
        record("names:c#3", "Dam Dam", .place, 0.72, 22.63, 88.42, country: "IN", category: "place=city"),
        record("names:c#4", "Paris", .place, 1.0, 48.8566, 2.3522, country: "FR", category: "place=city"),
        record("names:c#5", "Paris", .place, 0.6, 33.66, -95.55, country: "US", category: "place=city"),
        record("names:c#6", "Vaduz", .place, 0.55, 47.141, 9.521, country: "LI", category: "place=village"),
        record("names:c#7", "Dam", .place, 0.35, 53.2, 6.9, country: "NL", category: "place=hamlet"),
        record("names:c#8", "Köln", .place, 1.0, 50.9375, 6.9603, country: "DE", category: "place=city"),
        record("other:c#8", "Koeln", .place, 0.9, 50.94, 6.96, country: "DE", category: "place=city"),
        record(
            "osm:relation/1", "Dam", .place, 0.4, 52.3731, 4.8926, detail: "Square", locality: "Amsterdam", country: "NL", category: "place=square"),
        record(
            "osm:relation/2", "Senaatintori", .place, 0.4, 60.1691, 24.9521, detail: "Square", alternates: ["Senatstorget"], locality: "Helsinki",
            country: "FI", category: "place=square"),
        // A namesake square in another town, right beside the focus of one test.
        record(
            "osm:relation/3", "Senaatintori", .place, 0.4, 61.4978, 23.7610, detail: "Square", locality: "Tampere", country: "FI",
            category: "place=square"),
        record(
            "osm:relation/4", "Kauppatori", .place, 0.4, 60.1675, 24.9525, detail: "Square", alternates: ["Salutorget"], locality: "Helsinki",
            country: "FI", category: "place=square"),
        record(
            "osm:node/5", "Salutorget", .poi, 0.2, 60.1680, 24.9520, detail: "Restaurant", locality: "Helsinki", country: "FI",
            category: "amenity=restaurant"),
        record("osm:way/10", "Keizersgracht", .street, 0.34, 52.3740, 4.8870, locality: "Amsterdam", country: "NL", category: "highway=residential"),
        record("osm:way/11", "Rokin", .street, 0.34, 52.3690, 4.8930, locality: "Amsterdam", country: "NL", category: "highway=secondary"),
        record("osm:node/20", "Keizersgracht 148", .address, 0.1, 52.3750, 4.8860, detail: "1016 ED Amsterdam", locality: "Amsterdam", country: "NL"),
        record("osm:node/21", "Keizersgracht 14", .address, 0.1, 52.3770, 4.8880, detail: "1015 CR Amsterdam", locality: "Amsterdam", country: "NL"),
        record("osm:node/22", "Keizersgracht 1", .address, 0.1, 52.3780, 4.8890, locality: "Amsterdam", country: "NL"),
        record("osm:node/23", "Keizersgracht 103F", .address, 0.1, 52.3760, 4.8875, locality: "Amsterdam", country: "NL"),
        record("osm:node/24", "Rokin 18", .address, 0.1, 52.3700, 4.8928, detail: "1012 KT Amsterdam", locality: "Amsterdam", country: "NL"),
        record(
            "osm:postcode/NL/1016ED", "1016 ED", .place, 0.3, 52.3750, 4.8860, detail: "Postcode · Amsterdam", alternates: ["1016ED"],
            locality: "Amsterdam", country: "NL", category: "place=postcode"),
        record(
            "osm:node/30", "DoubleTree by Hilton Amsterdam Centraal Station", .poi, 0.2, 52.3770, 4.9080, detail: "Hotel", locality: "Amsterdam",
            country: "NL", category: "tourism=hotel"),
        record(
            "osm:node/31", "Amsterdam Centraal", .poi, 0.35, 52.3789, 4.9003, detail: "Station", locality: "Amsterdam", country: "NL",
            category: "railway=station"),
        record("osm:node/32", "Palace", .poi, 0.2, 60.1670, 24.9560, detail: "Hotel", locality: "Helsinki", country: "FI", category: "tourism=hotel"),
        record(
            "osm:node/33", "Palace Garden", .poi, 0.2, 52.3700, 4.8900, detail: "Park", locality: "Amsterdam", country: "NL", category: "leisure=park"
        ),
        record("osm:node/34", "Guflina", .poi, 0.2, 47.1400, 9.5200, detail: "Café", locality: "Vaduz", country: "LI", category: "amenity=cafe"),
        record(
            "osm:way/35", "Café Guflina", .poi, 0.2, 47.14001, 9.52001, detail: "Café", locality: "Vaduz", country: "LI", category: "amenity=cafe"),
        record("osm:node/36", "Paris", .poi, 0.2, 52.3720, 4.8930, detail: "Café", locality: "Amsterdam", country: "NL", category: "amenity=cafe"),
    ]

    static let index = AutocompleteIndex(records: records)
    static let lookup = PlaceLookup(index)

    static func names(_ text: String, focus: Coordinate? = dam, limit: Int = 5) -> [String] {
        lookup.lookup(LookupQuery(text, focus: focus, limit: limit)).suggestions.map(\.record.name)
    }

    static func first(_ text: String, focus: Coordinate? = dam) -> NameRecord? {
        lookup.lookup(LookupQuery(text, focus: focus, limit: 5)).suggestions.first?.record
    }

    // MARK: Addresses

    @Test func aStreetAndNumberFindsTheAddressInEitherOrder() {
        #expect(Self.first("Keizersgracht 148")?.id == "osm:node/20")
        #expect(Self.first("148 Keizersgracht")?.id == "osm:node/20")
        #expect(Self.first("keizersgracht 148, Amsterdam")?.id == "osm:node/20")
    }

    @Test func aNumberBeingTypedListsTheStreetsHousesCountingUp() {
        let names = Self.names("Keizersgracht 1", limit: 10)
        #expect(names.prefix(3) == ["Keizersgracht 1", "Keizersgracht 14", "Keizersgracht 148"], "\(names)")
        #expect(names.contains("Keizersgracht 103F"))
        #expect(!names.contains("Keizersgracht"), "the street has no number 1")
    }

    @Test func aStreetWithoutANumberIsTheStreetNotItsHouses() {
        let found = Self.lookup.lookup(LookupQuery("Keizersgracht", focus: Self.dam, limit: 10)).suggestions
        #expect(found.first?.record.id == "osm:way/10")
        #expect(!found.contains { $0.record.kind == .address })
    }

    @Test func aPostcodeIsFoundAsTypedAndWithoutItsSpace() {
        #expect(Self.first("1016 ED")?.id == "osm:postcode/NL/1016ED")
        #expect(Self.first("1016ED")?.id == "osm:postcode/NL/1016ED")
    }

    @Test func onlyANumberFindsNoAddressOfAnyStreet() {
        #expect(!Self.names("148").contains("Keizersgracht 148"))
    }

    // MARK: Qualifiers

    @Test func aTownAfterACommaChoosesThePlaceInIt() {
        // The focus is beside the Senaatintori of Tampere; the comma says Helsinki's.
        let tampere = Coordinate(61.4978, 23.7610)
        #expect(Self.first("Senaatintori, Helsinki", focus: tampere)?.id == "osm:relation/2")
        #expect(Self.first("Senaatintori", focus: tampere)?.id == "osm:relation/3")
        // In Swedish: both names are alternate names.
        #expect(Self.first("Senatstorget, Helsingfors", focus: tampere)?.id == "osm:relation/2")
        let answer = Self.lookup.lookup(LookupQuery("Senaatintori, Helsinki", focus: tampere))
        #expect(answer.area?.name == "Helsinki")
    }

    @Test func aCountryAsTheLastWordNarrowsToIt() {
        // In Paris, Texas, "paris" alone is that Paris; "paris france" is the capital.
        let texas = Coordinate(33.66, -95.55)
        #expect(Self.first("paris", focus: texas)?.countryCode == "US")
        #expect(Self.first("paris france", focus: texas)?.id == "names:c#4")
        #expect(Self.first("Vaduz Liechtenstein")?.id == "names:c#6")
        #expect(Self.first("Paris, France", focus: texas)?.id == "names:c#4")
    }

    @Test func aQualifierThatNamesNothingIsSaidAndLeftOut() {
        let answer = Self.lookup.lookup(LookupQuery("Rokin 18, Atlantis", focus: Self.dam))
        #expect(answer.unknownQualifier == "Atlantis")
        #expect(answer.suggestions.first?.record.id == "osm:node/24")
    }

    @Test func aLastWordThatIsNoTownStaysPartOfTheName() {
        // "Palace Garden": "Garden" names no area, so the park is found by both words.
        #expect(Self.first("Palace Garden")?.id == "osm:node/33")
    }

    // MARK: Kind words

    @Test func aKindWordMatchesThePlacesKind() {
        #expect(Self.first("Hotel Palace", focus: Self.helsinki)?.id == "osm:node/32")
        #expect(Self.first("hotelli Palace", focus: Self.helsinki)?.id == "osm:node/32")
        #expect(Self.first("Palace hotell", focus: Self.dam)?.id == "osm:node/32", "a hotel named Palace, not the park next door")
    }

    @Test func centraalStationIsTheStationNotTheHotelNamedAfterIt() {
        let answer = Self.lookup.lookup(LookupQuery("Centraal Station", focus: Self.dam))
        #expect(answer.suggestions.first?.record.id == "osm:node/31", "\(answer.suggestions.map(\.record.name))")
        #expect(answer.kindWords == ["station"])
    }

    // MARK: The focus and the nearby meaning

    @Test func theNearbyMeaningComesFirst() {
        let names = Self.names("Dam")
        #expect(names.first == "Dam", "\(names)")
        #expect(Self.first("Dam")?.id == "osm:relation/1", "the square, not the hamlet in Groningen")
        let found = Self.lookup.lookup(LookupQuery("Dam", focus: Self.dam, limit: 10)).suggestions.map(\.record.id)
        let square = found.firstIndex(of: "osm:relation/1") ?? 99
        #expect(square < (found.firstIndex(of: "names:c#1") ?? 99), "Dam square above Amsterdam found by a prefix of Damsko")
        #expect(square < (found.firstIndex(of: "names:c#3") ?? 99), "Dam square above Dam Dam, India")
    }

    @Test func withoutAFocusTheImportedDataIsTheFocus() {
        let answer = Self.lookup.lookup(LookupQuery("Dam", focus: nil))
        #expect(answer.focusIsDataCentre)
        #expect(answer.suggestions.first?.record.id == "osm:relation/1")
        #expect(Self.index.dataCentre.map { $0.distance(to: Self.dam) < 60_000 } == true, "the densest half-degree is Amsterdam's")
    }

    @Test func aCapitalFarAwayBeatsANearbyCafeOfItsNameButAHamletDoesNot() {
        #expect(Self.first("Paris")?.id == "names:c#4", "the capital, 430 km away, over the café Paris around the corner")
        #expect(Self.first("Dam")?.id == "osm:relation/1", "the hamlet Dam, 170 km away, does not beat the square")
    }

    @Test func anExactOwnNameBeatsAnExactAlternateOfSomethingElseOnlyByImportance() {
        // Salutorget is a restaurant's own name and the square's Swedish name; the square matters more.
        #expect(Self.first("Salutorget", focus: Self.helsinki)?.id == "osm:relation/4")
    }

    // MARK: One place, once

    @Test func theSamePlaceFromTwoListsIsOneAnswer() {
        let found = Self.lookup.lookup(LookupQuery("Köln", focus: Self.dam)).suggestions
        #expect(found.filter { $0.record.countryCode == "DE" }.count == 1)
        #expect(Set(found.first?.sources ?? []) == ["names:c#8", "other:c#8"])
    }

    @Test func aCafeAndItsNameWithTheWordCafeAreOnePlace() {
        let found = Self.lookup.lookup(LookupQuery("Guflina", focus: Coordinate(47.14, 9.52))).suggestions
        #expect(found.count == 1, "\(found.map(\.record.id))")
    }

    // MARK: Bad input

    @Test(arguments: [
        "", " ", ",,,", "!!!", "\u{0}\u{1}\u{7F}", String(repeating: "Keizersgracht ", count: 800),
        String(repeating: "9", count: 20), "Keizersgracht \(String(repeating: "9", count: 20))",
        String(decoding: [0xFF, 0xFE, 0x41, 0xC3], as: UTF8.self), ", Helsinki", "Helsinki,", "Dam\u{0}rak",
    ])
    func badInputIsNoMatchOrAnAnswerNeverACrash(_ text: String) {
        let answer = Self.lookup.lookup(LookupQuery(text, focus: Self.dam, limit: 5))
        #expect(answer.suggestions.count <= 5)
        if TextFolding.foldedWordBytes(text).isEmpty { #expect(answer.suggestions.isEmpty) }
    }

    @Test func aLongQueryIsCutNotRefused() {
        let text = "Rokin 18 " + String(repeating: "x", count: 10_000)
        #expect(LookupText(text).main.unicodeScalars.count <= LookupText.maximumScalars)
    }
}
