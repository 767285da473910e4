import Foundation
public import PlaceCore
import PostgresNIO

extension PostgresStore {
    public func addFavorite(_ favorite: Favorite, owner: UserID) async throws(StoreError) -> FavoriteChange {
        let place = favorite.place
        let json: String
        do { json = try PlaceJSON.encode(place) } catch {
            throw StoreError(.corruptRecord, path: location, detail: "favourite \(place.id) cannot be written: \(error)")
        }
        let (id, name, latitude, longitude) = (place.id.description, place.name, place.coordinate.latitude, place.coordinate.longitude)
        // The full line: favourites are spread over towns, unlike the results of one search.
        let (kind, address, note) = (place.categories.first?.name, place.address?.fullText, favorite.note)
        let (added, updated, user) = (favorite.addedAt.timeIntervalSince1970, favorite.updatedAt.timeIntervalSince1970, owner.rawValue)
        let logger = self.logger
        // One statement: the row is inserted or updated atomically, and `xmax = 0` tells which
        // (an updated row carries the updating transaction's id), so of many concurrent adders of
        // one place exactly one sees `.added`. Re-adding keeps when it was first added and its
        // note unless a new one is given.
        let inserted = try await run { client in
            try await client.query(
                """
                INSERT INTO favorite (owner, place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at)
                VALUES (\(user), \(id), \(name), \(latitude), \(longitude), \(kind), \(address), \(note), \(json), \(added), \(updated))
                ON CONFLICT (owner, place_id) DO UPDATE SET
                    name = excluded.name, latitude = excluded.latitude, longitude = excluded.longitude, kind = excluded.kind,
                    address = excluded.address, note = COALESCE(excluded.note, favorite.note), place_json = excluded.place_json,
                    updated_at = excluded.updated_at
                RETURNING (xmax = 0)
                """, logger: logger
            ).decode(Bool.self).first { _ in true }
        }
        return inserted == false ? .updated : .added
    }

    public func favorites(of owner: UserID) async throws(StoreError) -> [Favorite] {
        try await favorites("SELECT place_id, note, place_json, added_at, updated_at FROM favorite WHERE owner = \(owner.rawValue) ORDER BY position")
    }

    public func favorite(_ id: PlaceID, of owner: UserID) async throws(StoreError) -> Favorite? {
        try await favorites(
            "SELECT place_id, note, place_json, added_at, updated_at FROM favorite WHERE owner = \(owner.rawValue) AND place_id = \(id.description)"
        ).first
    }

    public func favoriteSummaries(of owner: UserID) async throws(StoreError) -> [FavoriteSummary] {
        let logger = self.logger
        let user = owner.rawValue
        let rows = try await run { client in
            try await client.query(
                """
                SELECT place_id, name, latitude, longitude, kind, address, note, added_at
                FROM favorite WHERE owner = \(user) ORDER BY position
                """, logger: logger
            ).decode((String, String, Double, Double, String?, String?, String?, Double).self).reduce(into: []) { $0.append($1) }
        }
        var summaries: [FavoriteSummary] = []
        summaries.reserveCapacity(rows.count)
        for (text, name, latitude, longitude, kind, address, note, added) in rows {
            do {
                summaries.append(
                    FavoriteSummary(
                        id: try PlaceID(parsing: text), name: name, coordinate: try Coordinate(latitude: latitude, longitude: longitude),
                        kind: kind, address: address, note: note, addedAt: Date(timeIntervalSince1970: added)))
            } catch {
                throw StoreError(.corruptRecord, path: location, detail: "favourite \(text): \(error)")
            }
        }
        return summaries
    }

    public func removeFavorite(_ id: PlaceID, of owner: UserID) async throws(StoreError) -> Bool {
        let logger = self.logger
        let (user, place) = (owner.rawValue, id.description)
        return try await run { client in
            try await client.query("DELETE FROM favorite WHERE owner = \(user) AND place_id = \(place) RETURNING 1", logger: logger).collect().count
        } > 0
    }

    private func favorites(_ query: PostgresQuery) async throws(StoreError) -> [Favorite] {
        let logger = self.logger
        let rows = try await run { client in
            try await client.query(query, logger: logger).decode((String, String?, String, Double, Double).self).reduce(into: []) { $0.append($1) }
        }
        let decoder = PlaceJSON.decoder()
        var favorites: [Favorite] = []
        for (id, note, json, added, updated) in rows {
            let place: Place
            do { place = try PlaceJSON.decode(json, with: decoder) } catch {
                throw StoreError(.corruptRecord, path: location, detail: "favourite \(id): \(error)")
            }
            favorites.append(
                Favorite(place: place, note: note, addedAt: Date(timeIntervalSince1970: added), updatedAt: Date(timeIntervalSince1970: updated)))
        }
        return favorites
    }
}
