import Foundation
import PlaceCore
import PlaceStore
import Testing

struct PointsLedgerTests {
    static func entry(_ id: String, points: Int = 40, feed: String = "Amsterdam centrum", at second: Double = 0) -> PointsEntry {
        PointsEntry(
            feed: feed, recommendationID: PlaceID(provider: "feed", nativeID: id), name: "Rec \(id)", points: points,
            arrivedAt: Samples.monday.addingTimeInterval(second), recordedAt: Samples.monday.addingTimeInterval(second + 1),
            position: Samples.dam)
    }

    @Test func aRecommendationIsAwardedOnceAndTheHistoryKeepsTheOrder() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.pointsBalance() == 0)
        #expect(try store.award(Self.entry("a", points: 40)) == .awarded(balance: 40))
        #expect(try store.award(Self.entry("b", points: 25, at: 60)) == .awarded(balance: 65))
        // The same recommendation again, later and with other points: nothing changes.
        let again = try store.award(Self.entry("a", points: 99, at: 600))
        #expect(again == .alreadyAwarded(Self.entry("a", points: 40)))
        #expect(try store.pointsBalance() == 65)
        #expect(try store.pointsHistory().map(\.recommendationID.nativeID) == ["a", "b"])
        #expect(try store.pointsHistory().first == Self.entry("a", points: 40))
    }

    @Test func theSameIdInAnotherFeedIsAnotherRecommendation() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.award(Self.entry("a", feed: "one")) == .awarded(balance: 40))
        #expect(try store.award(Self.entry("a", feed: "two")) == .awarded(balance: 80))
    }

    @Test func negativePointsAreRefused() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(throws: StoreError.self) { try store.award(Self.entry("a", points: -5)) }
        #expect(try store.pointsBalance() == 0)
    }

    @Test func twentyConcurrentAwardsOfOneRecommendationAwardOnce() throws {
        let folder = TemporaryFolder()
        for round in 0..<ConcurrencyTests.rounds {
            let path = folder.file("round\(round)/places.sqlite")
            let results = simultaneously(20) { index -> Result<AwardOutcome, StoreError> in
                Result { () throws(StoreError) in
                    try SQLitePlaceStore.openForWriting(at: path).award(Self.entry("market", at: Double(index)))
                }
            }
            let outcomes = try results.map { try $0.get() }
            #expect(outcomes.filter { $0 == .awarded(balance: 40) }.count == 1)
            #expect(outcomes.filter { if case .alreadyAwarded = $0 { true } else { false } }.count == 19)
            #expect(try rawCount(path, "SELECT COUNT(*) FROM points_entry") == 1)
            #expect(try SQLitePlaceStore.openForWriting(at: path).pointsBalance() == 40)
        }
    }

    @Test func aStoreOfAnOlderVersionGetsTheLedgerAndKeepsItsFavourites() throws {
        let folder = TemporaryFolder()
        // A store as places left it at version 2, with one favourite in v1's table.
        try StoreFixtures.store(at: folder.storePath, upTo: "v2: imported places")
        try StoreFixtures.insertV1Favorite(folder.storePath, Samples.favorite(1))
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.award(Self.entry("a")) == .awarded(balance: 40))
        #expect(try store.favorites().map(\.id) == [Samples.place(1).id])
    }
}
