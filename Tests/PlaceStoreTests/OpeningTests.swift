import Foundation
import PlaceCore
@testable import PlaceStore
import Testing

/// What is at the path before the store opens it, and what opening does to it.
struct OpeningTests {
    @Test func openingForWritingCreatesTheFoldersAndTheFile() throws {
        let folder = TemporaryFolder()
        let path = folder.file("a/b/c/places.sqlite")
        let store = try SQLitePlaceStore.openForWriting(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.info() == StoreInfo(path: path, schemaVersion: StoreSchema.version, favoriteCount: 0, settingCount: 0))
    }

    @Test func aDirectoryIsRefused() throws {
        let folder = TemporaryFolder()
        let error = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: folder.path) }
        #expect(error.kind == .isDirectory)
        #expect(error.path == folder.path)
        #expect(
            try #require(throws: StoreError.self) { try SQLitePlaceStore.openForReading(at: folder.path) }.kind
                == .isDirectory)
    }

    @Test(arguments: ["name,lat,lon\nLatei,52.37,4.90\n", "hi", String(repeating: "not a database ", count: 1000)])
    func aFileThatIsNotADatabaseIsRefusedAndLeftAlone(text: String) throws {
        let folder = TemporaryFolder()
        let path = folder.file("favourites.csv")
        let bytes = Data(text.utf8)
        try bytes.write(to: URL(fileURLWithPath: path))

        let writing = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: path) }
        #expect(writing.kind == .notADatabase)
        #expect(writing.description.hasPrefix("the store \(path) is not a places store"))
        let reading = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForReading(at: path) }
        #expect(reading.kind == .notADatabase)

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["favourites.csv"])
    }

    @Test func anotherProgramsDatabaseIsRefusedAndLeftAlone() throws {
        let folder = TemporaryFolder()
        let path = folder.file("other.sqlite")
        try rawSQL(path, "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ann')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: path) }
        #expect(error.kind == .notADatabase)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try rawCount(path, "SELECT COUNT(*) FROM sqlite_master WHERE name = 'favorite'") == 0)
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let folder = TemporaryFolder()
        let path = folder.file("places.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(try SQLitePlaceStore.openForReading(at: path) == nil)

        let store = try SQLitePlaceStore.openForWriting(at: path)
        #expect(try store.addFavorite(Samples.favorite(1)) == .added)
        #expect(try store.favorites().count == 1)
    }

    @Test func readingAStoreThatDoesNotExistCreatesNothing() throws {
        let folder = TemporaryFolder()
        let path = folder.file("nowhere/places.sqlite")
        #expect(try SQLitePlaceStore.openForReading(at: path) == nil)
        #expect(
            try StoreInfo.read(at: path) == StoreInfo(path: path, schemaVersion: nil, favoriteCount: 0, settingCount: 0)
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func aStoreOpenedForReadingReadsButDoesNotWrite() throws {
        let folder = TemporaryFolder()
        let writer = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try writer.addFavorite(Samples.favorite(1))
        try writer.setSetting("center", to: "52.37,4.89")

        let reader = try #require(try SQLitePlaceStore.openForReading(at: folder.storePath))
        #expect(reader.mode == .readOnly)
        #expect(try reader.favoriteSummaries().map(\.id) == [Samples.place(1).id])
        #expect(try reader.setting("center") == "52.37,4.89")
        let error = try #require(throws: StoreError.self) { try reader.addFavorite(Samples.favorite(2)) }
        #expect(error.kind == .readOnly)
        #expect(try writer.favorites().count == 1)
    }

    @Test func aStoreFromANewerPlacesIsRefusedAndNotWritten() throws {
        let folder = TemporaryFolder()
        let path = folder.storePath
        do {
            let store = try SQLitePlaceStore.openForWriting(at: path)
            _ = try store.addFavorite(Samples.favorite(1))
        }
        try rawSQL(path, "INSERT INTO grdb_migrations (identifier) VALUES ('v99: visits')")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))

        let error = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: path) }
        #expect(error.kind == .newerSchema)
        #expect(error.detail.contains("v99: visits"))
        #expect(
            try #require(throws: StoreError.self) { try SQLitePlaceStore.openForReading(at: path) }.kind == .newerSchema
        )

        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try rawCount(path, "SELECT COUNT(*) FROM favorite") == 1)
        #expect(try rawCount(path, "SELECT COUNT(*) FROM grdb_migrations") == StoreSchema.migrationCount + 1)
    }

    @Test func aParentThatIsAFileMakesTheStoreUnavailable() throws {
        let folder = TemporaryFolder()
        let file = folder.file("plain")
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        let path = file + "/sub/places.sqlite"
        let error = try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: path) }
        #expect(error.kind == .unavailable)
        #expect(error.detail.contains("Not a directory"))
        #expect(
            try #require(throws: StoreError.self) { try SQLitePlaceStore.openForReading(at: path) }.kind == .unavailable
        )
    }

    @Test func anEmptyPathIsRefused() throws {
        #expect(
            try #require(throws: StoreError.self) { try SQLitePlaceStore.openForWriting(at: "") }.kind == .unavailable)
    }
}
