import Foundation
import GRDB
public import PlaceCore

extension SQLitePlaceStore {
    /// Adds `favorite`, or refreshes it when its place is one already: the note is replaced only
    /// when the new one is not nil, and the first date of adding is kept.
    public func addFavorite(_ favorite: Favorite, owner: UserID) throws(StoreError) -> FavoriteChange {
        let place = favorite.place
        let json: String
        do {
            json = try PlaceJSON.encode(place)
        } catch {
            throw StoreError(.corruptRecord, path: path, detail: "favourite \(place.id) cannot be written: \(error)")
        }
        let arguments: StatementArguments = [
            owner.rawValue, place.id.description, place.name, place.coordinate.latitude, place.coordinate.longitude,
            place.categories.first?.name,
            // The full line: favourites are spread over towns, unlike the results of one search.
            place.address?.fullText,
            favorite.note, json, favorite.addedAt.timeIntervalSince1970, favorite.updatedAt.timeIntervalSince1970,
        ]
        return try writing { db in
            // Decided inside the write transaction: no other writer can add this place between
            // the look and the upsert, so exactly one of many concurrent adders sees `.added`.
            let existed =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS(SELECT 1 FROM favorite WHERE owner = ? AND place_id = ?)",
                    arguments: [owner.rawValue, place.id.description])
                ?? false
            try db.execute(sql: Self.upsertFavorite, arguments: arguments)
            return existed ? .updated : .added
        }
    }

    /// Re-adding refreshes what the place is and keeps when and in what order it was first added;
    /// a nil note means "no new note", not "erase the note".
    private static let upsertFavorite = """
        INSERT INTO favorite
            (owner, place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM favorite))
        ON CONFLICT(owner, place_id) DO UPDATE SET
            name = excluded.name,
            latitude = excluded.latitude,
            longitude = excluded.longitude,
            kind = excluded.kind,
            address = excluded.address,
            note = COALESCE(excluded.note, favorite.note),
            place_json = excluded.place_json,
            updated_at = excluded.updated_at
        """

    /// Every favourite of `owner`, in the order they were first added.
    public func favorites(of owner: UserID) throws(StoreError) -> [Favorite] {
        try reading { db in
            let decoder = PlaceJSON.decoder()
            let rows = try Row.fetchCursor(
                db, sql: "SELECT place_id, note, place_json, added_at, updated_at FROM favorite WHERE owner = ? ORDER BY position",
                arguments: [owner.rawValue])
            return try Array(rows.map { row in try self.favorite(from: row, decoder: decoder) })
        }
    }

    /// The favourite of `owner` with `id`, or nil when the place is not one of theirs.
    public func favorite(_ id: PlaceID, of owner: UserID) throws(StoreError) -> Favorite? {
        try reading { db in
            let row = try Row.fetchOne(
                db, sql: "SELECT place_id, note, place_json, added_at, updated_at FROM favorite WHERE owner = ? AND place_id = ?",
                arguments: [owner.rawValue, id.description])
            return try row.map { row in try self.favorite(from: row, decoder: PlaceJSON.decoder()) }
        }
    }

    /// The same list without decoding the stored places: what listing needs, fast.
    public func favoriteSummaries(of owner: UserID) throws(StoreError) -> [FavoriteSummary] {
        try reading { db in
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT place_id, name, latitude, longitude, kind, address, note, added_at
                    FROM favorite WHERE owner = ? ORDER BY position
                    """,
                arguments: [owner.rawValue])
            return try Array(rows.map { row in try self.summary(from: row) })
        }
    }

    /// - Returns: false when `id` was not a favourite of `owner` (nothing changed).
    public func removeFavorite(_ id: PlaceID, of owner: UserID) throws(StoreError) -> Bool {
        try writing { db in
            try db.execute(sql: "DELETE FROM favorite WHERE owner = ? AND place_id = ?", arguments: [owner.rawValue, id.description])
            return db.changesCount > 0
        }
    }

    // MARK: Rows

    private func favorite(from row: Row, decoder: JSONDecoder) throws -> Favorite {
        let id: String = row["place_id"]
        let place: Place
        do {
            place = try PlaceJSON.decode(row["place_json"], with: decoder)
        } catch {
            throw StoreError(.corruptRecord, path: path, detail: "favourite \(id): \(error)")
        }
        return Favorite(
            place: place, note: row["note"], addedAt: Date(timeIntervalSince1970: row["added_at"]),
            updatedAt: Date(timeIntervalSince1970: row["updated_at"]))
    }

    /// Reads columns by position, in the order of the SELECT in ``favoriteSummaries()``: a lookup
    /// by name per column and row adds up over ten thousand rows.
    private func summary(from row: Row) throws -> FavoriteSummary {
        let text: String = row[0]
        do {
            return FavoriteSummary(
                id: try PlaceID(parsing: text), name: row[1],
                coordinate: try Coordinate(latitude: row[2], longitude: row[3]),
                kind: row[4], address: row[5], note: row[6],
                addedAt: Date(timeIntervalSince1970: row[7]))
        } catch {
            throw StoreError(.corruptRecord, path: path, detail: "favourite \(text): \(error)")
        }
    }
}

/// The CLI's single person: the ``UserID/local`` account.
extension SQLitePlaceStore {
    /// Adds or refreshes `favorite` for the ``UserID/local`` account.
    public func addFavorite(_ favorite: Favorite) throws(StoreError) -> FavoriteChange { try addFavorite(favorite, owner: .local) }
    /// Every favourite of the ``UserID/local`` account, in the order they were first added.
    public func favorites() throws(StoreError) -> [Favorite] { try favorites(of: .local) }
    /// The ``UserID/local`` account's favourites as summaries, without decoding the stored places.
    public func favoriteSummaries() throws(StoreError) -> [FavoriteSummary] { try favoriteSummaries(of: .local) }
    /// The ``UserID/local`` account's favourite with `id`, or nil when the place is not one.
    public func favorite(_ id: PlaceID) throws(StoreError) -> Favorite? { try favorite(id, of: .local) }
    /// Removes `id` from the ``UserID/local`` account's favourites; false when it was not one of them.
    public func removeFavorite(_ id: PlaceID) throws(StoreError) -> Bool { try removeFavorite(id, of: .local) }
}
