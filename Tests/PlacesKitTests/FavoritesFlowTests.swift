import Foundation
import PlaceCore
import PlaceStore
import PlacesKit
import Testing

/// Favourites and points through the front door, per owner, in the store file (the CLI) and in a
/// store a server's instances share (``PlacesService/keepingPersonal(in:)``): one flow for both.
struct FavoritesFlowTests {
    static let cafe = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         <node id="42" lat="52.3731" lon="4.8926"><tag k="amenity" v="cafe"/><tag k="name" v="Het Hoekje"/></node>
         <node id="43" lat="52.3735" lon="4.8930"><tag k="amenity" v="cafe"/><tag k="name" v="De Ronde"/></node>
        </osm>
        """

    /// A service over a fresh store that holds the two cafés, and an account besides the CLI's own.
    static func service() async throws -> (PlacesService, URL, UserID) {
        let (service, folder) = try TestService.make()
        let file = folder.appendingPathComponent("cafes.osm")
        try Self.cafe.write(to: file, atomically: true, encoding: .utf8)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())
        let store = try SQLitePlaceStore.openForWriting(at: service.store.path)
        let ana = try #require(try await store.addAccount(named: "ana", at: service.now))
        return (service, folder, ana.id)
    }

    @Test func eachOwnerKeepsTheirOwnFavourites() async throws {
        let (service, folder, ana) = try await Self.service()
        defer { try? FileManager.default.removeItem(at: folder) }
        let hoekje = try PlaceID(parsing: "osm:node/42")
        let (added, place) = try await service.addFavorite(hoekje, note: "  window seat ", offline: true, owner: ana)
        #expect(added == .added)
        #expect(place.name == "Het Hoekje")
        let (again, _) = try await service.addFavorite(hoekje, note: nil, offline: true, owner: ana)
        #expect(again == .updated)

        #expect(try await service.favorites(owner: ana).map(\.id) == [hoekje])
        #expect(try await service.favorite(hoekje, owner: ana)?.note == "window seat", "trimmed, and kept when refreshed without one")
        #expect(try await service.favorites().isEmpty, "the CLI's own account has none")
        #expect(try await service.favorite(hoekje) == nil)
        #expect(try await service.removeFavorite(hoekje, owner: .local) == false, "another owner's favourite is not theirs to remove")
        #expect(try await service.favorites(owner: ana).count == 1)
        #expect(try await service.removeFavorite(hoekje, owner: ana))
        #expect(try await service.favorites(owner: ana).isEmpty)
    }

    @Test func removingSeveralChecksEveryIdFirst() async throws {
        let (service, folder, _) = try await Self.service()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ids = try ["osm:node/42", "osm:node/43"].map { try PlaceID(parsing: $0) }
        for id in ids { _ = try await service.addFavorite(id, note: nil, offline: true) }
        let unknown = try PlaceID(parsing: "osm:node/44")
        let error = await #expect(throws: PlacesError.self) {
            try await service.removeFavorites([ids[0], unknown]) { _, _ throws(PlacesError) in }
        }
        #expect(error?.kind == .notFound)
        #expect(try await service.favorites().map(\.id) == ids, "nothing removed when one id is unknown")
        var reported: [(PlaceID, Bool)] = []
        try await service.removeFavorites(ids) { id, removed throws(PlacesError) in reported.append((id, removed)) }
        #expect(reported.map(\.0) == ids && reported.allSatisfy(\.1))
        #expect(try await service.favorites().isEmpty)
    }

    @Test func withoutAStoreThereIsNothingAndNothingIsCreated() async throws {
        let (service, folder) = try TestService.make()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await service.favorites().isEmpty)
        let points = try await service.points()
        #expect(points.balance == 0 && points.history.isEmpty)
        #expect(try await service.pointsRefusals().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: service.store.path))
    }

    /// A server keeps favourites where its instances share them: the service's flow writes there,
    /// and the store file stays without them.
    @Test func aSharedStoreKeepsWhatTheFlowsWrite() async throws {
        let (service, folder, ana) = try await Self.service()
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = try SQLitePlaceStore.openForWriting(at: folder.appendingPathComponent("shared.sqlite").path)
        let other = try #require(try await shared.addAccount(named: "ana", at: service.now))
        let server = service.keepingPersonal(in: shared)
        let hoekje = try PlaceID(parsing: "osm:node/42")
        _ = try await server.addFavorite(hoekje, note: nil, offline: true, owner: other.id)
        #expect(try await shared.favoriteSummaries(of: other.id).map(\.id) == [hoekje])
        #expect(try await server.favorites(owner: other.id).map(\.id) == [hoekje])
        #expect(try await service.favorites(owner: ana).isEmpty, "the store file has none")
        let points = try await server.points(owner: other.id)
        #expect(points.balance == 0)
    }
}
