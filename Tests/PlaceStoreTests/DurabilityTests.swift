import PlaceCore
@testable import PlaceStore
import Testing

struct DurabilityTests {
    @Test func aStoreOpenedAgainSeesEverythingWritten() throws {
        let folder = TemporaryFolder()
        let path = folder.storePath
        let rich = Favorite(place: Samples.richPlace(), note: "window seat", addedAt: Samples.monday)
        do {
            let store = try SQLitePlaceStore.openForWriting(at: path)
            _ = try store.addFavorite(rich)
            _ = try store.addFavorite(Samples.favorite(1))
            _ = try store.addFavorite(Samples.favorite(2))
            _ = try store.removeFavorite(Samples.place(1).id)
            try store.setSetting("center", to: "52.37,4.89")
        }
        let reopened = try SQLitePlaceStore.openForWriting(at: path)
        #expect(try reopened.favorites() == [rich, Samples.favorite(2)])
        #expect(try reopened.settings() == ["center": "52.37,4.89"])
        let reader = try #require(try SQLitePlaceStore.openForReading(at: path))
        #expect(try reader.favorites() == [rich, Samples.favorite(2)])
        #expect(
            try StoreInfo.read(at: path) == StoreInfo(path: path, schemaVersion: StoreSchema.version, favoriteCount: 2, settingCount: 1))
    }

    @Test func aWriteIsSeenAtOnceByAnotherOpenConnection() throws {
        let folder = TemporaryFolder()
        let first = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let second = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try first.addFavorite(Samples.favorite(1))
        #expect(try second.favoriteSummaries().count == 1)
        #expect(try second.addFavorite(Samples.favorite(1)) == .updated)
    }
}
