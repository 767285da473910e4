import Foundation
public import PlaceSearch
import PlaceStore

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
        let opened = try store.writing()
        let change = try StoreAccess.run { () throws(StoreError) in try opened.addFavorite(favorite, owner: owner) }
        return (change, place)
    }

    /// Every favourite of `owner`, oldest first; none when there is no store yet.
    public func favorites(owner: UserID = .local) throws(PlacesError) -> [FavoriteSummary] {
        guard let opened = try store.reading() else { return [] }
        return try StoreAccess.run { () throws(StoreError) in try opened.favoriteSummaries(of: owner) }
    }

    /// One favourite of `owner`, with the place as it was kept; nil when it is none of theirs.
    public func favorite(_ id: PlaceID, owner: UserID = .local) throws(PlacesError) -> Favorite? {
        guard let opened = try store.reading() else { return nil }
        return try StoreAccess.run { () throws(StoreError) in try opened.favorite(id, of: owner) }
    }

    /// Checks every id first, so that a typo in the third leaves the first two kept; then removes
    /// them one by one, reporting each (false: it was gone already, removed meanwhile).
    public func removeFavorites(_ ids: [PlaceID], owner: UserID = .local, each: (PlaceID, Bool) throws(PlacesError) -> Void) throws(PlacesError) {
        guard let opened = try store.reading() else {
            throw PlacesError(.notFound, "\(ids.first?.description ?? "it") is not a favourite (there are none yet in \(store.path))")
        }
        for id in ids where try StoreAccess.run({ () throws(StoreError) in try opened.favorite(id, of: owner) }) == nil {
            throw PlacesError(.notFound, "\(id) is not a favourite; see 'places favorites list'")
        }
        let writer = try store.writing()
        for id in ids { try each(id, try StoreAccess.run { () throws(StoreError) in try writer.removeFavorite(id, of: owner) }) }
    }

    /// Removes one favourite of `owner`.
    /// - Returns: false when it is none of theirs (nothing changed).
    public func removeFavorite(_ id: PlaceID, owner: UserID) throws(PlacesError) -> Bool {
        guard try store.reading() != nil else { return false }
        let writer = try store.writing()
        return try StoreAccess.run { () throws(StoreError) in try writer.removeFavorite(id, of: owner) }
    }

    /// The points balance and every award of `owner`, oldest first.
    public func points(owner: UserID = .local) throws(PlacesError) -> (balance: Int, history: [PointsEntry]) {
        guard let opened = try store.reading() else { return (0, []) }
        let history = try StoreAccess.run { () throws(StoreError) in try opened.pointsHistory(of: owner) }
        let balance = try StoreAccess.run { () throws(StoreError) in try opened.pointsBalance(of: owner) }
        return (balance, history)
    }

    /// The arrivals of `owner` that earned nothing, and why, oldest first.
    public func pointsRefusals(owner: UserID = .local) throws(PlacesError) -> [PointsRefusal] {
        guard let opened = try store.reading() else { return [] }
        return try StoreAccess.run { () throws(StoreError) in try opened.refusals(of: owner) }
    }
}
