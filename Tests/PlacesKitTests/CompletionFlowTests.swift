import Foundation
import PlaceCore
import PlacesKit
import Testing

/// `PlacesService.complete`, on values, after imports made through the service: addresses typed
/// either way round, one suggestion for a place two imports share, alternate names, the focus and
/// the kinds asked for, typos ranked below what matches as typed, and an honest "no match".
struct CompletionFlowTests {
    /// Damrak (two ways), Damraksteeg, a café with an address on the Nes, and a square.
    static let extract = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="1" lat="52.3760" lon="4.8970"/>
         <node id="2" lat="52.3750" lon="4.8960"/>
         <node id="3" lat="52.3740" lon="4.8950"/>
         <node id="4" lat="52.3745" lon="4.8940"/>
         <node id="5" lat="52.3746" lon="4.8930"/>
         <node id="20" lat="52.3712" lon="4.8931">
          <tag k="amenity" v="cafe"/><tag k="name" v="Café de Jaren"/><tag k="addr:street" v="Nes"/><tag k="addr:housenumber" v="41"/>
         </node>
         <node id="25" lat="52.3731" lon="4.8926"><tag k="place" v="square"/><tag k="name" v="Dam"/></node>
         <way id="100"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/><tag k="name" v="Damrak"/></way>
         <way id="101"><nd ref="2"/><nd ref="3"/><tag k="highway" v="primary"/><tag k="name" v="Damrak"/></way>
         <way id="102"><nd ref="4"/><nd ref="5"/><tag k="highway" v="footway"/><tag k="name" v="Damraksteeg"/></way>
        </osm>
        """

    /// Towns, one famous and far away, and Munich with the names it is also known by.
    static let cities = """
        {"2867714": {"geonameid": 2867714, "name": "Munich", "latitude": 48.13743, "longitude": 11.57549, "countrycode": "DE",
                     "population": 1505005, "alternatenames": ["München", "Muenchen", "Munchen"]},
         "170654": {"geonameid": 170654, "name": "Damascus", "latitude": 33.5102, "longitude": 36.29128, "countrycode": "SY",
                    "population": 1569394, "alternatenames": []}}
        """

    /// A service with the extract, the towns and a list of street names imported.
    static func make() async throws -> (PlacesService, URL) {
        let (service, folder) = try TestService.make()
        let osm = folder.appendingPathComponent("centre.osm")
        let cities = folder.appendingPathComponent("cities.json")
        let streets = folder.appendingPathComponent("streets.csv")
        try extract.write(to: osm, atomically: true, encoding: .utf8)
        try Self.cities.write(to: cities, atomically: true, encoding: .utf8)
        try "u1,b1,Damrak,1900\nu2,b2,Kalverstraat,1950\n".write(to: streets, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [osm.path], nameLists: [cities.path], options: NameListOptions())
        _ = try await service.importFiles(osm: [], nameLists: [streets.path], options: NameListOptions(name: "3", kind: .street))
        return (service, folder)
    }

    static let dam = Coordinate(52.3731, 4.8926)

    @Test func anAddressIsFoundHoweverItsNumberAndStreetAreTyped() async throws {
        let (service, folder) = try await Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        for text in ["Nes 41", "41 Nes", "nes 4"] {
            let first = try service.complete(CompleteQuery(text, focus: Self.dam)).suggestions.first
            #expect(first?.record.name == "Nes 41", "\(text)")
            #expect(first?.record.kind == .address, "\(text)")
        }
        // Without a number, no address is offered.
        let streets = try service.complete(CompleteQuery("Damr", focus: Self.dam)).suggestions
        #expect(!streets.isEmpty)
        #expect(!streets.contains { $0.record.kind == .address })
    }

    @Test func aPlaceTwoImportsShareIsOneSuggestionWithBothSources() async throws {
        let (service, folder) = try await Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let damrak = try service.complete(CompleteQuery("Damrak", focus: Self.dam)).suggestions
        #expect(damrak.filter { $0.record.name == "Damrak" }.count == 1)
        let first = try #require(damrak.first)
        #expect(first.record.name == "Damrak")
        #expect(first.sources == ["osm:way/100", "names:streets.csv:damrak"], "\(first.sources)")
        #expect(first.record.coordinate != nil, "the one with a position is shown")
    }

    @Test func aPlaceIsFoundByTheNamesItIsAlsoKnownBy() async throws {
        let (service, folder) = try await Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try service.complete(CompleteQuery("Muenchen")).suggestions.first
        #expect(first?.record.name == "Munich")
        #expect(first?.matchedName == "Muenchen")
    }

    @Test func theFocusAndTheKindsAskedForDecideWhatComesFirst() async throws {
        let (service, folder) = try await Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Around the corner, the square beats a famous city; around Damascus, the city wins.
        #expect(try service.complete(CompleteQuery("Dam", focus: Self.dam)).suggestions.first?.record.name == "Dam")
        let damascus = try Coordinate(latitude: 33.51, longitude: 36.29)
        #expect(try service.complete(CompleteQuery("Dam", focus: damascus)).suggestions.first?.record.name == "Damascus")
        let answer = try service.complete(CompleteQuery("Dam", focus: Self.dam))
        #expect(answer.focus == Self.dam)
        #expect(!answer.focusIsDataCentre)
        let streets = try service.complete(CompleteQuery("Dam", focus: Self.dam, limit: 2, kinds: ["street"])).suggestions
        #expect(streets.count == 2)
        #expect(streets.allSatisfy { $0.record.kind == .street })
        // Without a focus, the middle of the imported data is the focus, and the answer says so.
        #expect(try service.complete(CompleteQuery("Dam")).focusIsDataCentre)
    }

    @Test func aTypoIsForgivenBelowEverythingThatMatchesAsTyped() async throws {
        let (service, folder) = try await Self.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        let typo = try service.complete(CompleteQuery("Damrk", focus: Self.dam)).suggestions
        #expect(typo.first?.record.name == "Damrak")
        #expect(typo.first?.match == .typo(edits: 1))
        #expect(try service.complete(CompleteQuery("Damrk", focus: Self.dam, typoTolerance: false)).suggestions.isEmpty)
        // Nothing near the words: no match rather than a guess.
        #expect(try service.complete(CompleteQuery("Xylofoonplein", focus: Self.dam)).suggestions.isEmpty)
    }
}
