import Autocomplete
import Foundation
import PlaceImport
import PlaceCore
import Testing

@testable import PlacesKit

/// "Where" as people say it, on the real extracts of ../shared/data (CI has them; without them
/// these tests are skipped and say so): addresses, "name, town", kind words and the nearby
/// meaning, through the library's one lookup.
struct WhereRealDataTests {
    static let data = TestService.repository.deletingLastPathComponent().appendingPathComponent("shared/data")

    static func file(_ name: String) -> String { data.appendingPathComponent(name).path }

    static func has(_ names: String...) -> Bool { names.allSatisfy { FileManager.default.fileExists(atPath: file($0)) } }

    static let world = ["amsterdam_centrum.osm", "helsinki_centre.osm.pbf", "liechtenstein_2015.osm.pbf"]

    /// Amsterdam, Helsinki and Liechtenstein, and GeoNames' cities, as docs/where.md suggests: one
    /// store for every test here, made once.
    static let store = Task { () async throws -> (PlacesService, URL) in
        let (service, folder) = try TestService.make()
        _ = try await service.importFiles(osm: world.map(file), nameLists: [], options: NameListOptions())
        _ = try await service.importFiles(osm: [], nameLists: [file("geonames_cities15000.json")], options: NameListOptions())
        return (service, folder)
    }

    static func service() async throws -> PlacesService { try await store.value.0 }

    static func first(_ text: String, near focus: Coordinate? = nil) async throws -> Suggestion? {
        try await service().complete(LookupQuery(text, focus: focus, limit: 5)).suggestions.first
    }

    static var hasWorld: Bool { world.allSatisfy { has($0) } && has("geonames_cities15000.json") }

    /// Every 190th address of the Amsterdam extract (about 40), each looked up as "street number"
    /// and, a quarter of them, as "number street": the first answer is that address.
    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func sampledAmsterdamAddressesAreFoundInEitherOrder() async throws {
        let read = try OSMImport.read(contentsOf: URL(fileURLWithPath: Self.file("amsterdam_centrum.osm")))
        let addresses = read.places.filter { $0.record.kind == .address }
        #expect(addresses.count > 7_000, "SOURCES.md and the issue count 7,762 tagged addresses: \(addresses.count)")
        let sample = stride(from: 0, to: addresses.count, by: 190).map { addresses[$0].record }
        var found = 0
        var misses: [String] = []
        for (number, address) in sample.enumerated() {
            let words = address.name.split(separator: " ")
            let text = number % 4 == 0 && words.count == 2 ? "\(words[1]) \(words[0])" : address.name
            guard let answer = try await Self.first(text), let at = answer.record.coordinate, let expected = address.coordinate else {
                misses.append(text)
                continue
            }
            if answer.record.kind == .address, at.distance(to: expected) <= 300 {
                found += 1
            } else {
                misses.append("\(text) → \(answer.record.name)")
            }
        }
        #expect(found == sample.count, "\(found) of \(sample.count); missed \(misses)")
    }

    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func reverseAnswersTheNearestAddress() async throws {
        let service = try await Self.service()
        let matches = try await service.reverse(Coordinate(52.37069, 4.89267), radius: 100, geocoders: false)
        let address = try #require(matches.first { $0.kind == "address" }, "\(matches.map(\.label))")
        #expect(address.label.hasSuffix(", Amsterdam"), "\(address.label)")
        #expect(address.distance < 40)
    }

    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func damIsTheSquareNotTheCityInIndiaNorAnAlternateNameOfAmsterdam() async throws {
        let service = try await Self.service()
        let resolved = try await service.resolve(name: "Dam", parameter: "near")
        #expect(resolved.coordinate.distance(to: Coordinate(52.3731, 4.8926)) < 300, "\(resolved)")
        let answers = try service.complete(LookupQuery("Dam", limit: 10)).suggestions
        #expect(answers.first?.record.category == "place=square", "\(answers.map(\.record.name))")
        let city = answers.firstIndex { $0.record.name == "Amsterdam" } ?? 99
        #expect(city > 0, "Damsko is a prefix of an alternate name of Amsterdam: below the square")
    }

    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func aWalkBetweenPlacesFarApartIsRefusedNamingBoth() async throws {
        let service = try await Self.service()
        do {
            _ = try await service.route(RouteQuery(from: .name("Dam Dam"), to: "Nieuwmarkt", offline: true))
            Issue.record("a walk from India to Amsterdam was not refused")
        } catch {
            #expect(error.kind == .usage, "\(error.message)")
            #expect(
                error.message.contains("Dam Dam") && error.message.contains("Nieuwmarkt") && error.message.contains("km apart"),
                "message: \(error.message)")
        }
    }

    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func aTownOrCountryNamedWithTheNameChoosesThePlaceInIt() async throws {
        let square = "osm:relation/2919121"
        #expect(try await Self.first("Senaatintori, Helsinki", near: Coordinate(52.37, 4.89))?.record.id == square)
        #expect(try await Self.first("Senatstorget, Helsingfors", near: Coordinate(52.37, 4.89))?.record.id == square)
        #expect(try await Self.first("Senaatintori Helsinki", near: Coordinate(52.37, 4.89))?.record.id == square)
        #expect(try await Self.first("Vaduz Liechtenstein")?.record.name == "Vaduz")
        let paris = try await Self.first("paris france")
        #expect(paris?.record.countryCode == "FR" && paris?.record.name == "Paris", "\(String(describing: paris?.record))")
    }

    @Test(.enabled(if: hasWorld, "needs the extracts and GeoNames cities of ../shared/data"))
    func theSquareBeatsARestaurantOfItsSwedishName() async throws {
        let helsinki = Coordinate(60.1699, 24.9384)
        #expect(try await Self.first("Salutorget", near: helsinki)?.record.id == "osm:relation/2919185", "Kauppatori, the market square")
        #expect(try await Self.first("Hotel Kämp", near: helsinki)?.record.category == "tourism=hotel")
        #expect(try await Self.first("hotelli Kämp", near: helsinki)?.record.category == "tourism=hotel")
    }
}
