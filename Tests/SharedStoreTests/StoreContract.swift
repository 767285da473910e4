import Foundation
import PlaceCore
import Testing

/// What every backend of ``SharedStore`` must do, written once; ``SQLiteStoreContract`` and
/// ``PostgresStoreContract`` run each of these against their backend.
enum StoreContract {
    static func accountsHaveUniqueNamesAndTheLocalOneFirst(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let store = try await fixture.instance()
            #expect(try await store.accounts().map(\.name) == [Account.localName])
            #expect(try await store.accounts().first?.id == .local)
            let ana = try #require(try await store.addAccount(named: "ana", at: Samples.monday))
            #expect(ana.id != .local)
            #expect(try await store.addAccount(named: "ana", at: Samples.monday) == nil)
            #expect(try await store.account(named: "ana") == ana)
            #expect(try await store.account(named: "nobody") == nil)
            #expect(try await store.accounts().map(\.name) == ["local", "ana"])
        }
    }

    static func aTokenFindsItsAccountUntilItIsRevokedThroughAnyInstance(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let one = try await fixture.instance()
            let two = try await fixture.instance()
            let ana = try #require(try await one.addAccount(named: "ana", at: Samples.monday))
            try await one.addToken(TokenRecord(owner: ana.id, hash: "hash-one", hint: "plc_one", createdAt: Samples.monday))
            try await one.addToken(TokenRecord(owner: ana.id, hash: "hash-two", hint: "plc_two", createdAt: Samples.monday))
            #expect(try await two.account(forTokenHash: "hash-one") == ana)
            #expect(try await two.account(forTokenHash: "unknown") == nil)
            // Revoked through one instance, refused by the other at once; by hint, the other token stays.
            #expect(try await one.revokeTokens(of: ana.id, hint: "plc_o", at: Samples.monday) == 1)
            #expect(try await two.account(forTokenHash: "hash-one") == nil)
            #expect(try await two.account(forTokenHash: "hash-two") == ana)
            // A hint is a prefix, not a pattern.
            #expect(try await two.revokeTokens(of: ana.id, hint: "plc_%", at: Samples.monday) == 0)
            #expect(try await two.revokeTokens(of: ana.id, hint: nil, at: Samples.monday) == 1)
            #expect(try await one.account(forTokenHash: "hash-two") == nil)
            let tokens = try await one.tokens(of: ana.id)
            #expect(tokens.map(\.hint) == ["plc_one", "plc_two"])
            #expect(tokens.allSatisfy { $0.revokedAt == Samples.monday })
        }
    }

    static func favouritesBelongToTheirOwnerAndKeepTheirOrder(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let store = try await fixture.instance()
            let ana = try #require(try await store.addAccount(named: "ana", at: Samples.monday)).id
            let bo = try #require(try await store.addAccount(named: "bo", at: Samples.monday)).id
            #expect(try await store.addFavorite(Samples.favorite(1, note: "ana's"), owner: ana) == .added)
            #expect(try await store.addFavorite(Samples.favorite(1, note: "bo's"), owner: bo) == .added)
            #expect(try await store.addFavorite(Samples.favorite(2), owner: bo) == .added)
            #expect(try await store.favoriteSummaries(of: ana).map(\.note) == ["ana's"])
            #expect(try await store.favoriteSummaries(of: bo).map(\.id) == [Samples.place(1).id, Samples.place(2).id])
            #expect(try await store.favorites(of: .local).isEmpty)
            // Re-adding refreshes the place, keeps when it was first added, its order and (with no new note) its note.
            let later = Samples.monday.addingTimeInterval(3600)
            #expect(try await store.addFavorite(Favorite(place: Samples.place(1), note: nil, addedAt: later), owner: bo) == .updated)
            let kept = try #require(try await store.favorite(Samples.place(1).id, of: bo))
            #expect(kept.note == "bo's")
            #expect(kept.addedAt == Samples.monday)
            #expect(kept.updatedAt == later)
            #expect(kept.place == Samples.place(1))
            #expect(try await store.favorites(of: bo).map(\.id) == [Samples.place(1).id, Samples.place(2).id])
            // Another owner's favourite is not there to read or to remove.
            #expect(try await store.favorite(Samples.place(2).id, of: ana) == nil)
            #expect(try await store.removeFavorite(Samples.place(2).id, of: ana) == false)
            #expect(try await store.removeFavorite(Samples.place(1).id, of: ana))
            #expect(try await store.favoriteSummaries(of: bo).count == 2)
            let summary = try #require(try await store.favoriteSummaries(of: bo).first)
            #expect(summary.name == Samples.place(1).name)
            #expect(summary.coordinate == Samples.place(1).coordinate)
            #expect(summary.kind == "Coffee Shop")
        }
    }

    static func aFavouriteWrittenThroughOneInstanceIsListedByTheOther(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let one = try await fixture.instance()
            let two = try await fixture.instance()
            #expect(try await two.favoriteSummaries(of: .local).isEmpty)
            #expect(try await one.addFavorite(Samples.favorite(7, note: "by one"), owner: .local) == .added)
            #expect(try await two.favoriteSummaries(of: .local).map(\.note) == ["by one"])
            #expect(try await two.removeFavorite(Samples.place(7).id, of: .local))
            #expect(try await one.favorite(Samples.place(7).id, of: .local) == nil)
        }
    }

    static func concurrentAddsOfOnePlaceAddItOnce(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let stores = [try await fixture.instance(), try await fixture.instance()]
            let changes = try await withThrowingTaskGroup(of: FavoriteChange.self) { group in
                for index in 0..<20 {
                    group.addTask { try await stores[index % 2].addFavorite(Samples.favorite(3, note: "note \(index)"), owner: .local) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(changes.filter { $0 == .added }.count == 1)
            #expect(changes.filter { $0 == .updated }.count == 19)
            #expect(try await stores[0].favoriteSummaries(of: .local).count == 1)
        }
    }

    static func pointsAreAwardedOncePerOwnerAndAWalkOnceForAll(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let store = try await fixture.instance()
            let ana = try #require(try await store.addAccount(named: "ana", at: Samples.monday)).id
            let bo = try #require(try await store.addAccount(named: "bo", at: Samples.monday)).id
            #expect(try await store.award(Samples.entry("a"), owner: ana, walk: "walk-1") == .awarded(balance: 40))
            #expect(try await store.award(Samples.entry("b", points: 25, at: 60), owner: ana, walk: nil) == .awarded(balance: 65))
            // Another walk by another owner to the same recommendation earns; the same walk again does not.
            #expect(try await store.award(Samples.entry("a"), owner: bo, walk: "walk-2") == .awarded(balance: 40))
            #expect(try await store.award(Samples.entry("b"), owner: bo, walk: "walk-1") == .sameWalk(firstSentAt: Samples.entry("a").recordedAt))
            #expect(try await store.pointsBalance(of: bo) == 40)
            #expect(try await store.refusals(of: bo).map(\.reason) == ["same-walk"])
            #expect(try await store.refusals(of: bo).first?.detail.contains("another account") == true)
            #expect(try await store.refusals(of: ana).isEmpty)
            // The same recommendation again, later and with other points: the first award stands.
            #expect(try await store.award(Samples.entry("a", points: 99, at: 600), owner: ana, walk: "walk-3") == .alreadyAwarded(Samples.entry("a")))
            #expect(try await store.pointsBalance(of: ana) == 65)
            #expect(try await store.pointsHistory(of: ana) == [Samples.entry("a"), Samples.entry("b", points: 25, at: 60)])
            #expect(try await store.pointsBalance(of: .local) == 0)
            // The same id in another feed is another recommendation.
            #expect(try await store.award(Samples.entry("a", feed: "other"), owner: ana, walk: nil) == .awarded(balance: 105))
        }
    }

    static func negativePointsAreRefusedAndRefusalsKeepTheirReason(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let store = try await fixture.instance()
            await #expect(throws: StoreError.self) { try await store.award(Samples.entry("a", points: -5), owner: .local, walk: nil) }
            #expect(try await store.pointsBalance(of: .local) == 0)
            try await store.recordRefusal(PointsRefusal(Samples.entry("a"), reason: "replayed", detail: "fix 1 is 2 days old"), owner: .local)
            let refusals = try await store.refusals(of: .local)
            #expect(refusals.map(\.reason) == ["replayed"])
            #expect(refusals.first?.detail == "fix 1 is 2 days old")
            #expect(refusals.first?.recommendationID == Samples.entry("a").recommendationID)
            #expect(refusals.first?.arrivedAt == Samples.monday)
        }
    }

    /// The same walker arriving at the same recommendation fifty times at once, half through each
    /// of two instances: one award, forty-nine answers that it was awarded already.
    static func fiftyConcurrentArrivalsOverTwoInstancesAwardOnce(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let stores = [try await fixture.instance(), try await fixture.instance()]
            let walker = try #require(try await stores[0].addAccount(named: "walker", at: Samples.monday)).id
            let outcomes = try await withThrowingTaskGroup(of: AwardOutcome.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await stores[index % 2].award(Samples.entry("market", at: Double(index)), owner: walker, walk: "walk-\(index)")
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .awarded(balance: 40) }.count == 1)
            #expect(outcomes.filter { if case .alreadyAwarded = $0 { true } else { false } }.count == 49)
            #expect(try await stores[1].pointsHistory(of: walker).count == 1)
            #expect(try await stores[0].pointsBalance(of: walker) == 40)
        }
    }

    static func settingsAreSetReadAndRemoved(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let one = try await fixture.instance()
            let two = try await fixture.instance()
            #expect(try await one.setting("center") == nil)
            try await one.setSetting("center", to: "52.37,4.89")
            try await one.setSetting("radius", to: "800")
            try await two.setSetting("radius", to: "1200")
            #expect(try await two.setting("center") == "52.37,4.89")
            #expect(try await one.settings() == ["center": "52.37,4.89", "radius": "1200"])
            try await two.setSetting("center", to: nil)
            #expect(try await one.setting("center") == nil)
            #expect(try await one.settings() == ["radius": "1200"])
        }
    }

    static func aReachableStoreSaysSo(_ backend: Backend) async throws {
        try await withFreshStore(backend) { fixture in
            let store = try await fixture.instance()
            try await store.checkReachable()
            #expect(!store.location.isEmpty)
        }
    }
}

/// The contract on the embedded store: always.
@Suite struct SQLiteStoreContract {
    @Test func accountsHaveUniqueNamesAndTheLocalOneFirst() async throws {
        try await StoreContract.accountsHaveUniqueNamesAndTheLocalOneFirst(.sqlite)
    }
    @Test func aTokenFindsItsAccountUntilItIsRevokedThroughAnyInstance() async throws {
        try await StoreContract.aTokenFindsItsAccountUntilItIsRevokedThroughAnyInstance(.sqlite)
    }
    @Test func favouritesBelongToTheirOwnerAndKeepTheirOrder() async throws {
        try await StoreContract.favouritesBelongToTheirOwnerAndKeepTheirOrder(.sqlite)
    }
    @Test func aFavouriteWrittenThroughOneInstanceIsListedByTheOther() async throws {
        try await StoreContract.aFavouriteWrittenThroughOneInstanceIsListedByTheOther(.sqlite)
    }
    @Test func concurrentAddsOfOnePlaceAddItOnce() async throws { try await StoreContract.concurrentAddsOfOnePlaceAddItOnce(.sqlite) }
    @Test func pointsAreAwardedOncePerOwnerAndAWalkOnceForAll() async throws {
        try await StoreContract.pointsAreAwardedOncePerOwnerAndAWalkOnceForAll(.sqlite)
    }
    @Test func negativePointsAreRefusedAndRefusalsKeepTheirReason() async throws {
        try await StoreContract.negativePointsAreRefusedAndRefusalsKeepTheirReason(.sqlite)
    }
    @Test func fiftyConcurrentArrivalsOverTwoInstancesAwardOnce() async throws {
        try await StoreContract.fiftyConcurrentArrivalsOverTwoInstancesAwardOnce(.sqlite)
    }
    @Test func settingsAreSetReadAndRemoved() async throws { try await StoreContract.settingsAreSetReadAndRemoved(.sqlite) }
    @Test func aReachableStoreSaysSo() async throws { try await StoreContract.aReachableStoreSaysSo(.sqlite) }
}

/// The same contract on PostgreSQL. Skipped, visibly, without a server to run it on: set
/// PLACES_TEST_DATABASE_URL, e.g. with `eval "$(Scripts/test-postgres.sh start)"` (.ci/run does).
@Suite(.enabled(if: TestDatabase.isSet, "PLACES_TEST_DATABASE_URL is not set; start a server with Scripts/test-postgres.sh start"))
struct PostgresStoreContract {
    @Test func accountsHaveUniqueNamesAndTheLocalOneFirst() async throws {
        try await StoreContract.accountsHaveUniqueNamesAndTheLocalOneFirst(.postgres)
    }
    @Test func aTokenFindsItsAccountUntilItIsRevokedThroughAnyInstance() async throws {
        try await StoreContract.aTokenFindsItsAccountUntilItIsRevokedThroughAnyInstance(.postgres)
    }
    @Test func favouritesBelongToTheirOwnerAndKeepTheirOrder() async throws {
        try await StoreContract.favouritesBelongToTheirOwnerAndKeepTheirOrder(.postgres)
    }
    @Test func aFavouriteWrittenThroughOneInstanceIsListedByTheOther() async throws {
        try await StoreContract.aFavouriteWrittenThroughOneInstanceIsListedByTheOther(.postgres)
    }
    @Test func concurrentAddsOfOnePlaceAddItOnce() async throws { try await StoreContract.concurrentAddsOfOnePlaceAddItOnce(.postgres) }
    @Test func pointsAreAwardedOncePerOwnerAndAWalkOnceForAll() async throws {
        try await StoreContract.pointsAreAwardedOncePerOwnerAndAWalkOnceForAll(.postgres)
    }
    @Test func negativePointsAreRefusedAndRefusalsKeepTheirReason() async throws {
        try await StoreContract.negativePointsAreRefusedAndRefusalsKeepTheirReason(.postgres)
    }
    @Test func fiftyConcurrentArrivalsOverTwoInstancesAwardOnce() async throws {
        try await StoreContract.fiftyConcurrentArrivalsOverTwoInstancesAwardOnce(.postgres)
    }
    @Test func settingsAreSetReadAndRemoved() async throws { try await StoreContract.settingsAreSetReadAndRemoved(.postgres) }
    @Test func aReachableStoreSaysSo() async throws { try await StoreContract.aReachableStoreSaysSo(.postgres) }
}
