import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// Offline coffee near Leidseplein on the real central-Amsterdam extract: the karaoke bar and the
/// clothes shop that OpenStreetMap tags as cafés are left out, with the reason.
@Suite(.timeLimit(.minutes(10))) struct OfflineCoffeeRealDataTests {
    static let extract = RealDataImportTests.data.appendingPathComponent("amsterdam_centrum.osm")
    static var hasExtract: Bool { FileManager.default.fileExists(atPath: extract.path) }
    static let leidseplein = "52.3641,4.8830"

    @Test(.enabled(if: hasExtract, "../shared/data/amsterdam_centrum.osm is not beside the repository"))
    func theKaraokeBarAndTheClothesShopAreNotCoffee() async throws {
        let store = TemporaryStore()
        let imported = try await CLI.run(["import", Self.extract.path], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let coffee = try await CLI.run(
            [
                "coffee", "--near", Self.leidseplein, "--offline", "--max-walk", "25", "--top", "40", "--explain",
                "--format", "json",
            ],
            environment: store.environment)
        #expect(coffee.status == 0, "\(coffee.stderr)")
        let document = try JSONValue.parse(Data(coffee.stdout.utf8))
        let names = (document["results"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        #expect(!names.isEmpty)
        #expect(!names.contains("Duke of Tokyo") && !names.contains("Urban Outfitters"), "\(names)")
        let excluded = document["excluded"]?.arrayValue ?? []
        func reason(_ name: String) -> String? {
            excluded.first { $0["name"]?.stringValue == name }?["reason"]?.stringValue
        }
        #expect(reason("Duke of Tokyo") == "karaoke bar, not coffee")
        #expect(reason("Urban Outfitters") == "clothes shop, not coffee")
        // The table's --explain says the same.
        let table = try await CLI.run(
            ["coffee", "--near", Self.leidseplein, "--offline", "--explain"], environment: store.environment)
        #expect(
            table.stdoutLines.contains { $0.hasPrefix("Duke of Tokyo") && $0.hasSuffix("karaoke bar, not coffee") },
            "\(table.stdout)")
    }
}
