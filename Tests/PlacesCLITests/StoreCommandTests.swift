import Foundation
import GRDB
import PlaceBytes
import PlaceCore
import Testing

/// A store file of its own for each test, removed afterwards.
final class TemporaryStore {
    let folder: URL
    var path: String { folder.appendingPathComponent("places.sqlite").path }
    var environment: [String: String] { ["PLACES_STORE": path] }

    init() {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }
}

/// `places favorites` and `places config`: the store end to end.
@Suite(.timeLimit(.minutes(10))) struct StoreCommandTests {
    /// A meter the bundled favourites cassette knows (the nearest to Dam square).
    static func nearestMeter() async throws -> String {
        let output = try await CLI.run(["parking", "--near", "52.3731,4.8926", "--provider", "parkshark", "--format", "ndjson", "--top", "1"])
        try #require(output.status == 0, "\(output.stderr)")
        let first = try JSONValue.parse(Data((output.stdoutLines.first ?? "").utf8))
        return try #require(first["id"]?.stringValue)
    }

    @Test func addListRemoveAFavourite() async throws {
        let store = TemporaryStore()
        let id = try await Self.nearestMeter()
        let added = try await CLI.run(["favorites", "add", id, "--note", "cheap on Sundays"], environment: store.environment)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("added \(id)"))

        let list = try await CLI.run(["favorites", "list", "--format", "json"], environment: store.environment)
        #expect(list.status == 0, "\(list.stderr)")
        let favorites = try JSONValue.parse(Data(list.stdout.utf8))["favorites"]?.arrayValue ?? []
        #expect(favorites.count == 1)
        #expect(favorites.first?["id"]?.stringValue == id)
        #expect(favorites.first?["note"]?.stringValue == "cheap on Sundays")
        #expect(favorites.first?["kind"]?.stringValue == "Parking meter")
        // Listing is offline: no provider, no cassette, no network.
        #expect(list.stderr.isEmpty)

        // Adding again refreshes; it never doubles, and the note stays when none is given.
        let again = try await CLI.run(["favorites", "add", id], environment: store.environment)
        #expect(again.stdout.hasPrefix("updated \(id)"))
        let table = try await CLI.run(["favorites", "list"], environment: store.environment)
        #expect(table.stdoutLines.count == 2)
        #expect(table.stdout.contains("cheap on Sundays"))

        let removed = try await CLI.run(["favorites", "remove", id], environment: store.environment)
        #expect(removed.status == 0)
        #expect(removed.stdout == "removed \(id)\n")
        let gone = try await CLI.run(["favorites", "remove", id], environment: store.environment)
        #expect(gone.status == 66)
        #expect(gone.stderrLines == ["places: \(id) is not a favourite; see 'places favorites list'"])
    }

    @Test func aFailedLookupAddsNothing() async throws {
        let store = TemporaryStore()
        let output = try await CLI.run(["favorites", "add", "parkshark:1"], environment: store.environment)
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stderr.contains("no recording"))
        let list = try await CLI.run(["favorites", "list", "--format", "ndjson"], environment: store.environment)
        #expect(list.status == 0)
        #expect(list.stdout.isEmpty)
    }

    @Test func theDefaultCentreIsSavedAndUsed() async throws {
        let store = TemporaryStore()
        let unset = try await CLI.run(["config", "get", "center"], environment: store.environment)
        #expect(unset.status == 66)
        #expect(unset.stderr.contains("center is not set"))
        // Reading does not create the store.
        #expect(!FileManager.default.fileExists(atPath: store.path))

        let set = try await CLI.run(["config", "set", "center", "52.3731, 4.8926"], environment: store.environment)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout == "center = 52.3731,4.8926\n")
        let get = try await CLI.run(["config", "get", "center"], environment: store.environment)
        #expect(get.stdout == "52.3731,4.8926\n")

        // Parking without --near now starts there, without the note about Amsterdam's centre.
        let parking = try await CLI.run(["parking", "--format", "json"], environment: store.environment)
        #expect(parking.status == 0, "\(parking.stderr)")
        #expect(!parking.stderr.contains("Amsterdam's centre"))
        let near = try JSONValue.parse(Data(parking.stdout.utf8))["query"]?["near"]
        #expect(near?["lat"]?.doubleValue == 52.3731)
        #expect(near?["lon"]?.doubleValue == 4.8926)

        let list = try await CLI.run(["config", "list"], environment: store.environment)
        #expect(list.stdout.hasPrefix("center = 52.3731,4.8926  # the store "), "\(list.stdout)")
        #expect(list.stdoutLines.count == 1)
        _ = try await CLI.run(["config", "unset", "center"], environment: store.environment)
        let after = try await CLI.run(["config", "get", "center"], environment: store.environment)
        #expect(after.status == 66)
    }

    @Test(arguments: [
        (["config", "set", "center", "91,0"], "latitude 91 is outside -90…90"),
        (["config", "set", "colour", "blue"], "unknown setting 'colour'; known settings: center"),
        (["config", "get", "nothing"], "unknown setting 'nothing'"),
        (["favorites", "add", "nonsense"], "'nonsense' is not a place id"),
        (["favorites", "remove", "also nonsense"], "is not a place id"),
    ])
    func badUsage(_ arguments: [String], message: String) async throws {
        let store = TemporaryStore()
        let output = try await CLI.run(arguments, environment: store.environment)
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains(message), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store.path))
    }

    @Test func aStoreThatIsADirectoryOrNotSQLiteIsRefusedAndLeftAlone() async throws {
        let store = TemporaryStore()
        let directory = try await CLI.run(["favorites", "list", "--store", store.folder.path])
        #expect(directory.status == 78)
        #expect(directory.stderrLines.count == 1)
        #expect(directory.stderr.contains("is a directory"))

        let text = store.folder.appendingPathComponent("notes.txt")
        let original = Data("my shopping list\n".utf8)
        try original.write(to: text)
        for arguments in [["favorites", "list"], ["config", "set", "center", "52.37,4.89"], ["parking", "--near", "52.37,4.89"]] {
            let output = try await CLI.run(arguments + ["--store", text.path])
            let expected: Int32 = arguments[0] == "parking" ? 0 : 65
            #expect(output.status == expected, "\(arguments): \(output.stderr)")
            if expected == 65 {
                #expect(output.stderrLines.count == 1)
                #expect(output.stderr.contains("is not a places store"), "\(output.stderr)")
            }
        }
        #expect(try Data(contentsOf: text) == original)
    }

    @Test func aStoreWrittenByANewerPlacesIsRefusedAndNotWritten() async throws {
        let store = TemporaryStore()
        let set = try await CLI.run(["config", "set", "center", "52.37,4.89"], environment: store.environment)
        #expect(set.status == 0, "\(set.stderr)")
        // What a later places would leave: a migration this build does not know.
        let queue = try DatabaseQueue(path: store.path)
        try await queue.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        try queue.close()
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        for arguments in [["favorites", "list"], ["config", "set", "center", "52.38,4.9"], ["config", "get", "center"]] {
            let output = try await CLI.run(arguments, environment: store.environment)
            #expect(output.status == 78, "\(arguments): \(output.stderr)")
            #expect(output.stderrLines.count == 1)
            #expect(output.stderr.contains("was written by a newer places"), "\(output.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }
}
