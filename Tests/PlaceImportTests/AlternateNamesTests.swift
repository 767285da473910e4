import Foundation
import Autocomplete
import PlaceImport
import PlaceCore
import Testing

/// GeoNames' JSON, alternate names, the German umlaut transcription, and the same place from two
/// sources as one suggestion.
struct AlternateNamesTests {
    static let json = """
        {
          "2867714": {"geonameid": 2867714, "name": "Munich", "latitude": 48.13743, "longitude": 11.57549, "countrycode": "DE",
                      "population": 1505005, "timezone": "Europe/Berlin", "admin1code": "02",
                      "alternatenames": ["München", "Muenchen", "Munchen", "Мюнхен", "Munich", "München", "", "MUC"]},
          "2657896": {"geonameid": 2657896, "name": "Zürich", "latitude": 47.36667, "longitude": 8.55, "countrycode": "CH",
                      "population": 341730, "alternatenames": []},
          "1": {"geonameid": 1, "name": "", "latitude": 1, "longitude": 1},
          "2": {"geonameid": 2, "name": "Nowhere", "latitude": 95, "longitude": 1},
          "2867543": {"geonameid": 2867543, "name": "Münster", "latitude": 51.96236, "longitude": 7.62571, "countrycode": "DE",
                      "population": 270184, "alternatenames": ["Muenster"]}
        }
        """

    static func read() throws -> GeoNamesJSONReader.Result {
        try GeoNamesJSONReader.read(bytes: Array(json.utf8), label: "cities.json")
    }

    @Test func readsCitiesWithPopulationAndAlternateNames() throws {
        #expect(GeoNamesJSONReader.recognises(Array(Self.json.utf8)))
        #expect(!GeoNamesJSONReader.recognises(Array("lat,lon,name\n".utf8)))
        #expect(!GeoNamesJSONReader.recognises(Array(#"{"type": "FeatureCollection", "features": []}"#.utf8)))
        let result = try Self.read()
        #expect(result.places.map(\.record.name) == ["Munich", "Zürich", "Münster"])
        #expect(Set(result.skipped) == ["1", "2"])
        let munich = try #require(result.places.first)
        #expect(munich.record.id == "names:cities.json#2867714")
        #expect(munich.record.detail == "DE")
        #expect(munich.record.alternateNames == ["München", "Muenchen", "Munchen", "Мюнхен", "MUC"], "each once, not the name itself, none empty")
        #expect(munich.record.importance > result.places[2].record.importance, "a larger population is more important")
        #expect(abs(Double(munich.record.importance) - log10(1 + 1_505_005.0) / 7) < 1e-6)
    }

    @Test(arguments: [("{", "not valid JSON"), ("[1, 2]", "not an object"), (#"{"a": 1}"#, "no entry has a name")])
    func notGeoNamesSaysWhat(_ text: String, _ said: String) {
        let error = #expect(throws: NameListError.self) { try GeoNamesJSONReader.read(bytes: Array(text.utf8), label: "x.json") }
        #expect(error?.message.contains(said) == true, "\(error?.message ?? "")")
    }

    @Test(arguments: ["München", "Muenchen", "Munchen", "munich", "Мюнхен", "Münch", "Muench"])
    func munichIsFoundByEveryForm(_ text: String) throws {
        let index = AutocompleteIndex(records: try Self.read().places.map(\.record))
        let first = try #require(index.complete(AutocompleteQuery(text)).first)
        #expect(first.record.name == "Munich", "\(text)")
    }

    @Test func theSuggestionSaysWhichNameWasTypedTowards() throws {
        let index = AutocompleteIndex(records: try Self.read().places.map(\.record))
        let muenchen = try #require(index.complete(AutocompleteQuery("Muenchen")).first)
        #expect(muenchen.matchedName == "Muenchen")
        #expect(muenchen.match == .exact)
        #expect(muenchen.explanation.hasPrefix("Muenchen (Munich)"))
        let munich = try #require(index.complete(AutocompleteQuery("Munich")).first)
        #expect(munich.matchedName == nil, "the place's own name")
        // An alternate name ranks 0.1 below the same match on the own name.
        #expect(abs(munich.components.text - muenchen.components.text - SuggestionRanking.alternateNamePenalty) < 1e-9)
    }

    /// ü ↔ ue, ö ↔ oe, ä ↔ ae both ways, without GeoNames' help; ß ↔ ss is folding.
    @Test(arguments: [
        ("Zuerich", "Zürich"), ("Zurich", "Zürich"), ("Zürich", "Zürich"), ("Münster", "Münster"), ("Muenster", "Münster"),
        ("Koeln", "Köln"), ("Köln", "Koeln Hbf"), ("Baecker", "Bäcker"), ("Bäcker", "Baecker"), ("Strasse", "Straße"), ("Straße", "Strasse"),
    ])
    func umlautTranscriptionFoldsBothWays(_ text: String, _ expected: String) {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "a:1", name: "Zürich", kind: .place, importance: 0.5, coordinate: nil),
            NameRecord(id: "a:2", name: "Münster", kind: .place, importance: 0.5, coordinate: nil),
            NameRecord(id: "a:3", name: "Köln", kind: .place, importance: 0.5, coordinate: nil),
            NameRecord(id: "a:4", name: "Koeln Hbf", kind: .poi, importance: 0.3, coordinate: nil),
            NameRecord(id: "a:5", name: "Bäcker", kind: .poi, importance: 0.2, coordinate: nil),
            NameRecord(id: "a:6", name: "Baecker", kind: .poi, importance: 0.1, coordinate: nil),
            NameRecord(id: "a:7", name: "Straße", kind: .street, importance: 0.2, coordinate: nil),
            NameRecord(id: "a:8", name: "Strasse", kind: .street, importance: 0.1, coordinate: nil),
        ])
        #expect(index.complete(AutocompleteQuery(text, typoTolerance: false)).map(\.record.name).contains(expected), "\(text)")
    }

    @Test func aTrueNameOutranksTheSameLettersAsATranscription() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "a:1", name: "Michael", kind: .poi, importance: 0.5, coordinate: nil),
            NameRecord(id: "b:1", name: "Michal", kind: .poi, importance: 0.5, coordinate: nil),
        ])
        #expect(index.complete(AutocompleteQuery("michal")).map(\.record.name) == ["Michal", "Michael"])
    }

    // MARK: The same place from two sources

    static let amsterdam = Coordinate(52.3731, 4.8926)

    @Test func aCityFromOpenStreetMapAndFromGeoNamesIsOneSuggestionWithBothSources() throws {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "osm:node/1", name: "Helsinki", kind: .place, importance: 0.8, coordinate: Coordinate(60.1699, 24.9384), detail: "City"),
            NameRecord(id: "names:cities1000.csv#9", name: "Helsinki", kind: .place, importance: 0.85, coordinate: Coordinate(60.16952, 24.93545)),
            NameRecord(
                id: "names:cities15000.json#658225", name: "Helsinki", kind: .place, importance: 0.82, coordinate: Coordinate(60.1695, 24.9354),
                alternateNames: ["Helsingfors"]),
            NameRecord(id: "osm:node/2", name: "Helsinki", kind: .poi, importance: 0.2, coordinate: Coordinate(60.17, 24.94), detail: "Café"),
        ])
        let results = index.complete(AutocompleteQuery("Helsinki", kinds: [.place]))
        #expect(results.count == 1)
        let helsinki = try #require(results.first)
        #expect(Set(helsinki.sources) == ["osm:node/1", "names:cities1000.csv#9", "names:cities15000.json#658225"])
        #expect(helsinki.sources.first == helsinki.record.id)
        #expect(helsinki.record.importance == 0.85, "the highest importance of the three")
        #expect(index.complete(AutocompleteQuery("Helsingfors")).first?.sources.count == 3, "one source's alternate names find the merged place")
        #expect(index.complete(AutocompleteQuery("Helsinki")).count == 2, "a café named Helsinki is another thing")
    }

    @Test func aStreetFromANameListWithoutPositionsAndFromAnExtractIsOne() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "names:streets.csv:damrak", name: "Damrak", kind: .street, importance: 0.3, coordinate: nil),
            NameRecord(id: "osm:way/7", name: "Damrak", kind: .street, importance: 0.5, coordinate: Coordinate(52.3757, 4.8966), detail: "Amsterdam"),
        ])
        let results = index.complete(AutocompleteQuery("Damrak"))
        #expect(results.map(\.record.id) == ["osm:way/7"], "the one with a position is shown")
        #expect(results.first?.sources == ["osm:way/7", "names:streets.csv:damrak"])
        #expect(results.first?.record.detail == "Amsterdam")
    }

    @Test func oneSourceNeverMergesWithItselfAndFarPlacesStayApart() {
        let index = AutocompleteIndex(records: [
            NameRecord(id: "osm:node/1", name: "Albert Heijn", kind: .poi, importance: 0.3, coordinate: Self.amsterdam),
            NameRecord(id: "osm:node/2", name: "Albert Heijn", kind: .poi, importance: 0.3, coordinate: Coordinate(52.3735, 4.8926)),
            NameRecord(id: "osm:node/3", name: "Springfield", kind: .place, importance: 0.5, coordinate: Coordinate(39.8, -89.6)),
            NameRecord(id: "names:us.csv#4", name: "Springfield", kind: .place, importance: 0.5, coordinate: Coordinate(42.1, -72.6)),
        ])
        #expect(index.complete(AutocompleteQuery("Albert Heijn")).count == 2, "two shops of one chain 45 m apart")
        #expect(index.complete(AutocompleteQuery("Springfield")).count == 2, "two towns 1,300 km apart")
    }
}
