import Foundation
public import PlaceCore

/// Favourites and points, written once for every edge: the CLI keeps them in the store file under
/// its own account, a server in the store its instances share under each caller's account
/// (``PlacesService/keepingPersonal(in:)``).
extension PlacesService {
    /// Keeps the place `id` names (asking its provider for it), or refreshes it when it is kept
    /// already. One transaction per place: a run cut short has kept exactly what it reported.
    /// - Parameters:
    ///   - owner: whose favourite; the CLI's own account unless a server says.
    ///   - offline: from the imported data only, without the network.
    public func addFavorite(_ id: PlaceID, as text: String? = nil, note: String?, offline: Bool = false, owner: UserID = .local)
        async throws(PlacesError) -> (FavoriteChange, Place)
    {
        let place = try await details(for: id, as: text, offline: offline)
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let favorite = Favorite(place: place, note: trimmed?.isEmpty == true ? nil : trimmed, addedAt: now)
        let change = try await store.personal(.write) { store throws(StoreError) in try await store.addFavorite(favorite, owner: owner) }
        // A store is always there once created.
        return (change ?? .added, place)
    }

    /// Every favourite of `owner`, oldest first; none when there is no store yet.
    public func favorites(owner: UserID = .local) async throws(PlacesError) -> [FavoriteSummary] {
        try await store.personal(.read) { store throws(StoreError) in try await store.favoriteSummaries(of: owner) } ?? []
    }

    /// One favourite of `owner`, with the place as it was kept; nil when it is none of theirs.
    public func favorite(_ id: PlaceID, owner: UserID = .local) async throws(PlacesError) -> Favorite? {
        try await store.personal(.read) { store throws(StoreError) in try await store.favorite(id, of: owner) } ?? nil
    }

    /// Checks every id first, so that a typo in the third leaves the first two kept; then removes
    /// them one by one, reporting each (false: it was gone already, removed meanwhile).
    public func removeFavorites(_ ids: [PlaceID], owner: UserID = .local, each: (PlaceID, Bool) throws(PlacesError) -> Void)
        async throws(PlacesError)
    {
        // Nil: there is no store yet; .some(nil): every id is a favourite.
        let firstUnknown = try await store.personal(.read) { store throws(StoreError) -> PlaceID? in
            for id in ids where try await store.favorite(id, of: owner) == nil { return id }
            return nil
        }
        guard let firstUnknown else {
            throw PlacesError(.notFound, "\(ids.first?.description ?? "it") is not a favourite (there are none yet in \(store.path))")
        }
        if let unknown = firstUnknown { throw PlacesError(.notFound, "\(unknown) is not a favourite; see 'places favorites list'") }
        for id in ids {
            let removed = try await store.personal(.change) { store throws(StoreError) in try await store.removeFavorite(id, of: owner) }
            try each(id, removed ?? false)
        }
    }

    /// Removes one favourite of `owner`.
    /// - Returns: false when it is none of theirs (nothing changed).
    public func removeFavorite(_ id: PlaceID, owner: UserID) async throws(PlacesError) -> Bool {
        try await store.personal(.change) { store throws(StoreError) in try await store.removeFavorite(id, of: owner) } ?? false
    }

    /// The points balance and every award of `owner`, oldest first.
    public func points(owner: UserID = .local) async throws(PlacesError) -> (balance: Int, history: [PointsEntry]) {
        try await store.personal(.read) { store throws(StoreError) in
            (try await store.pointsBalance(of: owner), try await store.pointsHistory(of: owner))
        } ?? (0, [])
    }

    /// The arrivals of `owner` that earned nothing, and why, oldest first.
    public func pointsRefusals(owner: UserID = .local) async throws(PlacesError) -> [PointsRefusal] {
        try await store.personal(.read) { store throws(StoreError) in try await store.refusals(of: owner) } ?? []
    }
}
