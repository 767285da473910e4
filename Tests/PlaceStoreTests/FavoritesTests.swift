import Foundation
import PlaceCore
import PlaceSearchTesting
import PlaceStore
import Testing

struct FavoritesTests {
    @Test func addedFavoritesAreListedInTheOrderTheyWereAdded() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        // Ids that sort differently from the order of adding, so that sorting by id would show.
        for number in [30, 4, 200, 1] {
            #expect(try store.addFavorite(Samples.favorite(number)) == .added)
        }
        let expected = [30, 4, 200, 1].map { Samples.place($0).id }
        #expect(try store.favorites().map(\.id) == expected)
        #expect(try store.favoriteSummaries().map(\.id) == expected)
    }

    @Test func removingAFavoriteSaysWhetherItWasOne() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.addFavorite(Samples.favorite(1))
        _ = try store.addFavorite(Samples.favorite(2))
        #expect(try store.removeFavorite(Samples.place(1).id))
        #expect(try !store.removeFavorite(Samples.place(1).id))
        #expect(try !store.removeFavorite(Samples.place(99).id))
        #expect(try store.favorites().map(\.id) == [Samples.place(2).id])
        #expect(try store.favorite(Samples.place(1).id) == nil)
    }

    @Test func aFavoriteAddedAfterARemovalGoesLast() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        for number in 1...3 { _ = try store.addFavorite(Samples.favorite(number)) }
        _ = try store.removeFavorite(Samples.place(3).id)
        _ = try store.addFavorite(Samples.favorite(4))
        _ = try store.addFavorite(Samples.favorite(3))
        #expect(try store.favoriteSummaries().map(\.id) == [1, 2, 4, 3].map { Samples.place($0).id })
    }

    @Test func theStoredPlaceComesBackWhole() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let favorite = Favorite(place: Samples.richPlace(), note: "cheap on Sundays", addedAt: Samples.monday)
        _ = try store.addFavorite(favorite)
        #expect(try store.favorite(favorite.id) == favorite)
        #expect(try store.favorites() == [favorite])
    }

    @Test func summariesShowThePlainColumns() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let place = Samples.richPlace()
        _ = try store.addFavorite(Favorite(place: place, note: "cheap on Sundays", addedAt: Samples.monday))
        var bare = Place(id: PlaceID(provider: "osm", nativeID: "node/7"), name: "Bare", coordinate: Samples.dam)
        bare.address = Address(formatted: "Dam 1, Amsterdam")
        _ = try store.addFavorite(Favorite(place: bare, addedAt: Samples.monday.addingTimeInterval(60)))

        #expect(
            try store.favoriteSummaries() == [
                FavoriteSummary(
                    id: place.id, name: "Screaming Beans", coordinate: place.coordinate, kind: "Coffee Shop",
                    address: "Eerste Constantijn Huygensstraat 35, 1054 BR Amsterdam", note: "cheap on Sundays",
                    addedAt: Samples.monday),
                FavoriteSummary(
                    id: bare.id, name: "Bare", coordinate: Samples.dam, kind: nil, address: "Dam 1, Amsterdam",
                    note: nil,
                    addedAt: Samples.monday.addingTimeInterval(60)),
            ])
    }

    @Test func addingAgainRefreshesThePlaceButKeepsTheDateAndPlaceOfAdding() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.addFavorite(Samples.favorite(1, note: "first note", at: Samples.monday))
        _ = try store.addFavorite(Samples.favorite(2, at: Samples.monday))

        let later = Samples.monday.addingTimeInterval(86_400)
        var renamed = Samples.place(1, name: "Café One, renamed")
        renamed.phone = "+31 20 000 0000"
        #expect(try store.addFavorite(Favorite(place: renamed, note: nil, addedAt: later)) == .updated)

        let favorites = try store.favorites()
        #expect(favorites.count == 2)
        #expect(favorites.map(\.id) == [Samples.place(1).id, Samples.place(2).id])
        let refreshed = try #require(favorites.first)
        #expect(refreshed.place == renamed)
        #expect(refreshed.addedAt == Samples.monday)
        #expect(refreshed.updatedAt == later)
        #expect(refreshed.note == "first note")  // nil means "no new note"
        #expect(try store.favoriteSummaries().first?.name == "Café One, renamed")

        #expect(try store.addFavorite(Favorite(place: renamed, note: "second note", addedAt: later)) == .updated)
        #expect(try store.favorite(renamed.id)?.note == "second note")
        #expect(try store.favoriteSummaries().first?.note == "second note")
    }

    @Test func aPlaceThatNoLongerDecodesIsReportedByItsID() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        _ = try store.addFavorite(Samples.favorite(1))
        _ = try store.addFavorite(Samples.favorite(2))
        try rawSQL(folder.storePath, "UPDATE favorite SET place_json = '{\"name\": 1}' WHERE place_id = 'osm:node/2'")

        let error = try #require(throws: StoreError.self) { try store.favorites() }
        #expect(error.kind == .corruptRecord)
        #expect(error.detail.contains("osm:node/2"))
        #expect(error.description.contains(folder.storePath))
        #expect(throws: StoreError.self) { try store.favorite(Samples.place(2).id) }
        // Listing reads plain columns and still works, so the person can see and remove it.
        #expect(try store.favoriteSummaries().count == 2)
        #expect(try store.favorite(Samples.place(1).id) != nil)
    }

    @Test func tenThousandFavoritesAreListedInOrder() throws {
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let json = try String(decoding: encoder.encode(Samples.richPlace()), as: UTF8.self)
        // Planted in one transaction: ten thousand separate adds would test the disk, not listing.
        try rawSQL(
            folder.storePath,
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10000)
            INSERT INTO favorite (place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position)
            SELECT 'osm:node/' || i, 'Café ' || i, 52.37, 4.89, 'Coffee Shop', 'Dam ' || i, NULL, ?, 1795000000 + i, 1795000000 + i, i
            FROM n
            """, arguments: [json])

        // How fast is for the benchmark (Benchmarks/favorites-list.sh); here, that all ten thousand come back in order.
        let summaries = try store.favoriteSummaries()
        #expect(summaries.count == 10_000)
        #expect(summaries.first?.id == PlaceID(provider: "osm", nativeID: "node/1"))
        #expect(summaries.last?.id == PlaceID(provider: "osm", nativeID: "node/10000"))
        #expect(summaries.last?.address == "Dam 10000")
    }
}
