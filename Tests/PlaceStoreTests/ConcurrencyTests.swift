import PlaceCore
@testable import PlaceStore
import Testing

/// Many `places` at once on one file: one connection per thread, the way separate processes would
/// each open their own. Each scenario runs a few rounds on new files, because the races it guards
/// against (creating the file, its journal and its tables) happen only once per file.
struct ConcurrencyTests {
    static let rounds = 5

    @Test func twentyOpenersOfANewStoreEachAddTheirFavorite() throws {
        let folder = TemporaryFolder()
        for round in 0..<Self.rounds {
            let path = folder.file("round\(round)/places.sqlite")
            let results = simultaneously(20) { index -> Result<FavoriteChange, StoreError> in
                Result { () throws(StoreError) in
                    try SQLitePlaceStore.openForWriting(at: path).addFavorite(Samples.favorite(index))
                }
            }
            for result in results { #expect(try result.get() == .added) }

            let summaries = try SQLitePlaceStore.openForWriting(at: path).favoriteSummaries()
            #expect(summaries.count == 20)
            #expect(Set(summaries.map(\.id)) == Set((0..<20).map { Samples.place($0).id }))
            #expect(try rawCount(path, "SELECT COUNT(*) FROM grdb_migrations") == StoreSchema.migrationCount, "each migration once")
        }
    }

    @Test func twentyAddersOfTheSameFavoriteMakeOneRowAndOneAdd() throws {
        let folder = TemporaryFolder()
        for round in 0..<Self.rounds {
            let path = folder.file("round\(round)/places.sqlite")
            let results = simultaneously(20) { index -> Result<FavoriteChange, StoreError> in
                Result { () throws(StoreError) in
                    try SQLitePlaceStore.openForWriting(at: path).addFavorite(
                        Samples.favorite(7, note: "note \(index)"))
                }
            }
            let changes = try results.map { try $0.get() }
            #expect(changes.filter { $0 == .added }.count == 1)
            #expect(changes.filter { $0 == .updated }.count == 19)
            #expect(try rawCount(path, "SELECT COUNT(*) FROM favorite") == 1)
            #expect(try SQLitePlaceStore.openForWriting(at: path).favorites().count == 1)
        }
    }
}
