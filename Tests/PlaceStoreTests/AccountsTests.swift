import Foundation
import PlaceCore
@testable import PlaceStore
import Testing

/// Accounts, their tokens, and favourites and points per owner: what `places serve` keeps for
/// each of its users, in the same file as the CLI's own (the account `local`).
struct AccountsTests {
    static func entry(_ id: String, points: Int = 40) -> PointsEntry {
        PointsEntry(
            feed: "Amsterdam centrum", recommendationID: PlaceID(provider: "feed", nativeID: id), name: "Rec \(id)", points: points,
            arrivedAt: Samples.monday, recordedAt: Samples.monday.addingTimeInterval(1), position: Samples.dam)
    }

    @Test func everyStoreHasTheLocalAccountFirstAndNamesAreUnique() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.accounts().map(\.name) == [Account.localName])
        #expect(try store.accounts().first?.id == .local)
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday))
        #expect(ana.id != .local)
        #expect(try store.addAccount(named: "ana", at: Samples.monday) == nil)
        #expect(try store.account(named: "ana") == ana)
        #expect(try store.accounts().map(\.name) == ["local", "ana"])
    }

    @Test func aTokenFindsItsAccountUntilItIsRevoked() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday))
        try store.addToken(TokenRecord(owner: ana.id, hash: "hash-one", hint: "plc_one", createdAt: Samples.monday))
        try store.addToken(TokenRecord(owner: ana.id, hash: "hash-two", hint: "plc_two", createdAt: Samples.monday))
        #expect(try store.account(forTokenHash: "hash-one") == ana)
        #expect(try store.account(forTokenHash: "unknown") == nil)
        // Revoking one by its hint leaves the other.
        #expect(try store.revokeTokens(of: ana.id, hint: "plc_o", at: Samples.monday) == 1)
        #expect(try store.account(forTokenHash: "hash-one") == nil)
        #expect(try store.account(forTokenHash: "hash-two") == ana)
        #expect(try store.revokeTokens(of: ana.id, hint: nil, at: Samples.monday) == 1)
        #expect(try store.account(forTokenHash: "hash-two") == nil)
        #expect(try store.tokens(of: ana.id).allSatisfy { $0.revokedAt != nil })
        // A revocation is seen by another connection to the file at once.
        let other = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try other.account(forTokenHash: "hash-two") == nil)
    }

    @Test func favouritesBelongToTheirOwner() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday)).id
        let bo = try #require(try store.addAccount(named: "bo", at: Samples.monday)).id
        #expect(try store.addFavorite(Samples.favorite(1, note: "ana's"), owner: ana) == .added)
        #expect(try store.addFavorite(Samples.favorite(1, note: "bo's"), owner: bo) == .added)
        #expect(try store.addFavorite(Samples.favorite(2), owner: bo) == .added)
        #expect(try store.favoriteSummaries(of: ana).map(\.note) == ["ana's"])
        #expect(try store.favoriteSummaries(of: bo).map(\.id) == [Samples.place(1).id, Samples.place(2).id])
        #expect(try store.favorites().isEmpty)
        // Another owner's favourite is not there to read or to remove.
        #expect(try store.favorite(Samples.place(2).id, of: ana) == nil)
        #expect(try store.removeFavorite(Samples.place(2).id, of: ana) == false)
        #expect(try store.favorite(Samples.place(2).id, of: bo) != nil)
        #expect(try store.removeFavorite(Samples.place(1).id, of: ana))
        #expect(try store.favoriteSummaries(of: bo).count == 2)
    }

    @Test func pointsAreAwardedOncePerOwnerAndAWalkOnceForAll() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday)).id
        let bo = try #require(try store.addAccount(named: "bo", at: Samples.monday)).id
        #expect(try store.award(Self.entry("a"), owner: ana, walk: "walk-1") == .awarded(balance: 40))
        // Another walk by another owner to the same recommendation earns; the same one again does not.
        #expect(try store.award(Self.entry("a"), owner: bo, walk: "walk-2") == .awarded(balance: 40))
        guard case .sameWalk = try store.award(Self.entry("b"), owner: bo, walk: "walk-1") else {
            Issue.record("the same walk earned twice")
            return
        }
        #expect(try store.pointsBalance(of: bo) == 40)
        #expect(try store.refusals(of: bo).map(\.reason) == ["same-walk"])
        #expect(try store.refusals(of: bo).first?.detail.contains("another account") == true)
        #expect(try store.refusals(of: ana).isEmpty)
        if case .alreadyAwarded = try store.award(Self.entry("a"), owner: ana, walk: "walk-3") {} else { Issue.record("awarded twice") }
        #expect(try store.pointsBalance(of: ana) == 40)
        #expect(try store.pointsBalance() == 0)
    }

    @Test func aRefusalIsKeptWithItsReason() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday)).id
        try store.recordRefusal(PointsRefusal(Self.entry("a"), reason: "replayed", detail: "fix 1 is 2 days old"), owner: ana)
        let refusals = try store.refusals(of: ana)
        #expect(refusals.map(\.reason) == ["replayed"])
        #expect(refusals.first?.recommendationID == Self.entry("a").recommendationID)
        #expect(refusals.first?.arrivedAt == Samples.monday)
    }

    @Test func upgradingAStoreOfVersionThreeGivesEverythingToTheLocalAccount() throws {
        let folder = TemporaryFolder()
        try StoreFixtures.store(at: folder.storePath, upTo: "v3: points ledger")
        try StoreFixtures.insertV1Favorite(folder.storePath, Samples.favorite(1, note: "kept"), position: 1)
        try StoreFixtures.insertV1Favorite(folder.storePath, Samples.favorite(2), position: 2)
        try StoreFixtures.insertV3Award(folder.storePath, feed: "Amsterdam centrum", id: "a", points: 40, at: Samples.monday)
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        #expect(try store.favoriteSummaries().map(\.id) == [Samples.place(1).id, Samples.place(2).id])
        #expect(try store.favorite(Samples.place(1).id)?.note == "kept")
        #expect(try store.pointsBalance() == 40)
        #expect(try store.pointsHistory().map(\.recommendationID.nativeID) == ["a"])
        #expect(try rawCount(folder.storePath, "PRAGMA user_version") == StoreSchema.version)
        // The same award again is refused by the new key, as it was by the old one.
        if case .alreadyAwarded = try store.award(Self.entry("a")) {} else { Issue.record("the upgraded ledger awarded twice") }
        let ana = try #require(try store.addAccount(named: "ana", at: Samples.monday)).id
        #expect(try store.favoriteSummaries(of: ana).isEmpty)
        #expect(try store.info().favoriteCount == 2)
    }
}
