/// The favourites part of the local store.
///
/// Implementations keep every write in a transaction: a crash or a concurrent `places` never
/// loses a favourite, and adding one twice never doubles it.
public protocol FavoritesStore: Sendable {
    /// Adds `favorite`, or refreshes it when its place is one already: the note is replaced only
    /// when the new one is not nil, and the first date of adding is kept.
    func addFavorite(_ favorite: Favorite) throws(StoreError) -> FavoriteChange
    /// Every favourite, in the order they were first added.
    func favorites() throws(StoreError) -> [Favorite]
    /// The same list without decoding the stored places: what listing needs, fast.
    func favoriteSummaries() throws(StoreError) -> [FavoriteSummary]
    func favorite(_ id: PlaceID) throws(StoreError) -> Favorite?
    /// - Returns: false when `id` was not a favourite (nothing changed).
    func removeFavorite(_ id: PlaceID) throws(StoreError) -> Bool
}

/// Settings that belong to the person rather than to a machine's config file: the default centre,
/// and later the enabled providers and ranking weights. Keys are dotted words (`center`).
public protocol SettingsStore: Sendable {
    func setting(_ key: String) throws(StoreError) -> String?
    /// Sets `key`, or removes it when `value` is nil.
    func setSetting(_ key: String, to value: String?) throws(StoreError)
    /// Every setting, by key.
    func settings() throws(StoreError) -> [String: String]
}
