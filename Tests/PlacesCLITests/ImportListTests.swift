import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// `places import list` and `places import remove`: what is imported, and taking one file away.
@Suite(.timeLimit(.minutes(10))) struct ImportListTests {
    static func names(_ output: CLI.Output) throws -> [String] {
        try (JSONValue.parse(Data(output.stdout.utf8))["suggestions"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
    }

    @Test func listShowsEachImportAndRemoveTakesExactlyItsPlacesAway() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let names = store.folder.appendingPathComponent("streets.csv")
        try "name\nDamrakplein\nKalverhof\n".write(to: names, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", "--names", names.path, "--kind", "street"], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")

        let list = try await CLI.run(["import", "list", "--format", "json"], environment: store.environment)
        #expect(list.status == 0, "\(list.stderr)")
        let imports = try JSONValue.parse(Data(list.stdout.utf8))["imports"]?.arrayValue ?? []
        #expect(imports.compactMap { $0["file"]?.stringValue } == ["sample.osm", "streets.csv"])
        #expect(imports.first?["credit"]?["licence"]?.stringValue == "ODbL")
        #expect(imports.last?["places"]?.intValue == 2)
        let table = try await CLI.run(["import", "list"], environment: store.environment)
        #expect(table.stdoutLines.count == 3)

        #expect(try Self.names(try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)).contains("Damrakplein"))
        let removed = try await CLI.run(["import", "remove", "streets.csv"], environment: store.environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.hasPrefix("removed streets.csv: 2 places"), "\(removed.stdout)")
        let after = try Self.names(try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment))
        #expect(!after.contains("Damrakplein"))
        #expect(after.contains("Damrak"))
        let left = try await CLI.run(["import", "list", "--format", "json"], environment: store.environment)
        #expect((try JSONValue.parse(Data(left.stdout.utf8))["imports"]?.arrayValue ?? []).count == 1)

        let unknown = try await CLI.run(["import", "remove", "nothing.csv"], environment: store.environment)
        #expect(unknown.status == 66)
        #expect(unknown.stderr.contains("no import of 'nothing.csv'") && unknown.stderr.contains("imported: sample.osm"), "\(unknown.stderr)")
    }

    @Test func anImportThatKeepsNothingLeavesTheIndexAsItIsAndTheTimingsAddUp() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let empty = store.folder.appendingPathComponent("empty.osm")
        try #"<?xml version="1.0"?><osm version="0.6"><node id="1" lat="52" lon="4"/></osm>"#.write(to: empty, atomically: true, encoding: .utf8)
        let output = try await CLI.run(["import", empty.path, "--format", "json"], environment: store.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let document = try JSONValue.parse(Data(output.stdout.utf8))
        #expect(document["index"]?["rebuilt"]?.boolValue == false)
        #expect(document["index"]?["names"]?.intValue ?? 0 > 0)
        let fresh = try await CLI.run(
            ["import", store.folder.appendingPathComponent("sample.osm").path, "--format", "json"], environment: store.environment)
        let timed = try JSONValue.parse(Data(fresh.stdout.utf8))
        let total = timed["seconds"]?.doubleValue ?? 0
        // The index is built beside the store write: only what it took after the write adds to the total.
        let index = timed["index"]
        let indexAfterWrite = (index?["seconds"]?.doubleValue ?? 0) - (index?["seconds_beside_write"]?.doubleValue ?? -1)
        #expect(indexAfterWrite >= 0 && indexAfterWrite <= index?["seconds"]?.doubleValue ?? 0)
        let parts = (timed["imports"]?.arrayValue?.first?["seconds"]?.doubleValue ?? 0) + indexAfterWrite
        #expect(abs(total - parts) < 0.003, "\(total) vs \(parts)")
        #expect(timed["index"]?["rebuilt"]?.boolValue == true)
    }
}
