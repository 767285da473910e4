import Foundation
import GRDB
import PlaceBytes
import PlaceCore
import Testing

/// Each imported source is credited with its own licence where its data is shown, and only there:
/// offline coffee credits the OpenStreetMap file it answers from, not the GeoNames or BAG name
/// lists beside it.
@Suite(.timeLimit(.minutes(10))) struct AttributionCommandTests {
    static func importAll(_ store: TemporaryStore) async throws -> URL {
        let osm = try await ImportCommandTests.imported(store)
        let bag = store.folder.appendingPathComponent("streets_bag.csv")
        try Data(
            "https://adamlink.nl/geo/street/damrak/1,http://bag.basisregistraties.overheid.nl/bag/id/openbare-ruimte/0363300000002701,Damrak,1900\n"
                .utf8
        ).write(to: bag)
        let cities = store.folder.appendingPathComponent("rg_cities1000.csv")
        try Data("lat,lon,name,admin1,admin2,cc\r\n52.37403,4.88969,Amsterdam,North Holland,,NL\r\n".utf8).write(
            to: cities)
        for arguments in [["--names", bag.path, "--name-column", "3", "--kind", "street"], ["--names", cities.path]] {
            let imported = try await CLI.run(["import"] + arguments, environment: store.environment)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        return osm
    }

    @Test func offlineCoffeeCreditsItsOpenStreetMapDataAndNotTheNameLists() async throws {
        let store = TemporaryStore()
        _ = try await Self.importAll(store)
        let coffee = try await CLI.run(
            ["coffee", "--near", "52.3712,4.8925", "--offline", "--format", "json"], environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        #expect(
            coffee.stderrLines.contains {
                $0.hasPrefix("places: offline: ")
                    && $0.hasSuffix("places imported from sample.osm (© OpenStreetMap contributors, ODbL)")
            },
            "\(coffee.stderr)")
        #expect(!coffee.stderr.contains("rg_cities1000") && !coffee.stderr.contains("streets_bag"))
        let provider = try #require(try JSONValue.parse(Data(coffee.stdout.utf8))["providers"]?.arrayValue?.first)
        let credits = provider["attribution"]?.arrayValue ?? []
        #expect(credits.count == 1)
        #expect(credits.first?["source"]?.stringValue == "sample.osm")
        #expect(credits.first?["attribution"]?.stringValue == "© OpenStreetMap contributors")
        #expect(credits.first?["licence"]?.stringValue == "ODbL")
    }

    @Test func theStoreKeepsEachSourcesOwnLicence() async throws {
        let store = TemporaryStore()
        _ = try await Self.importAll(store)
        let rows = try rows(store.path, "SELECT label, attribution, licence FROM import_source ORDER BY imported_at")
        #expect(
            rows == [
                ["sample.osm", "© OpenStreetMap contributors", "ODbL"], ["streets_bag.csv", "Kadaster (BAG)", "CC0"],
                ["rg_cities1000.csv", "GeoNames", "CC BY 4.0"],
            ])
    }

    @Test func withOnlyNameListsOfflineCoffeeSaysThereIsNothingToSearch() async throws {
        let store = TemporaryStore()
        let cities = store.folder.appendingPathComponent("rg_cities1000.csv")
        try Data("lat,lon,name,admin1,admin2,cc\n52.37403,4.88969,Amsterdam,North Holland,,NL\n".utf8).write(to: cities)
        _ = try await CLI.run(["import", "--names", cities.path], environment: store.environment)
        let coffee = try await CLI.run(["coffee", "--near", "52.37,4.89", "--offline"], environment: store.environment)
        #expect(coffee.status == 66)
        #expect(coffee.stderrLines.last?.contains("only name lists are imported") == true, "\(coffee.stderr)")
        #expect(!coffee.stderr.contains("ODbL"))
    }

    func rows(_ path: String, _ sql: String) throws -> [[String?]] {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { String.fromDatabaseValue($0) } }
        }
    }
}
