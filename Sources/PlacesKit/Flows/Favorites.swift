public import Foundation
public import PlaceSearch
import PlaceStore

extension PlacesService {
    /// Keeps the place `id` names (asking its provider for it), or refreshes it when it is kept
    /// already. One transaction per place: a run cut short has kept exactly what it reported.
    public func addFavorite(_ id: PlaceID, as text: String? = nil, note: String?, offline: Bool = false) async throws(PlacesError)
        -> (FavoriteChange, Place)
    {
        let place = try await details(for: id, as: text, offline: offline)
        let trimmed = note?.trimmingCharacters(in: .whitespacesAndNewlines)
        let favorite = Favorite(place: place, note: trimmed?.isEmpty == true ? nil : trimmed, addedAt: now)
        let opened = try store.writing()
        let change = try StoreAccess.run { () throws(StoreError) in try opened.addFavorite(favorite) }
        return (change, place)
    }

    /// Every favourite, oldest first; none when there is no store yet.
    public func favorites() throws(PlacesError) -> [FavoriteSummary] {
        guard let opened = try store.reading() else { return [] }
        return try StoreAccess.run { () throws(StoreError) in try opened.favoriteSummaries() }
    }

    /// Checks every id first, so that a typo in the third leaves the first two kept; then removes
    /// them one by one, reporting each (false: it was gone already, removed meanwhile).
    public func removeFavorites(_ ids: [PlaceID], each: (PlaceID, Bool) throws(PlacesError) -> Void) throws(PlacesError) {
        guard let opened = try store.reading() else {
            throw PlacesError(.notFound, "\(ids.first?.description ?? "it") is not a favourite (there are none yet in \(store.path))")
        }
        for id in ids where try StoreAccess.run({ () throws(StoreError) in try opened.favorite(id) }) == nil {
            throw PlacesError(.notFound, "\(id) is not a favourite; see 'places favorites list'")
        }
        let writer = try store.writing()
        for id in ids { try each(id, try StoreAccess.run { () throws(StoreError) in try writer.removeFavorite(id) }) }
    }

    /// The points balance and every award, oldest first.
    public func points() throws(PlacesError) -> (balance: Int, history: [PointsEntry]) {
        guard let opened = try store.reading() else { return (0, []) }
        let history = try StoreAccess.run { () throws(StoreError) in try opened.pointsHistory() }
        let balance = try StoreAccess.run { () throws(StoreError) in try opened.pointsBalance() }
        return (balance, history)
    }
}
