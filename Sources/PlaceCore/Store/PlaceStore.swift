/// The favourites part of the local store, per owner.
///
/// Implementations keep every write in a transaction: a crash or a concurrent `places` never
/// loses a favourite, and adding one twice never doubles it. One owner's favourites are invisible
/// to every other owner: asking for another's by its id finds nothing.
public protocol FavoritesStore: Sendable {
    /// Adds `favorite`, or refreshes it when its place is one already: the note is replaced only
    /// when the new one is not nil, and the first date of adding is kept.
    func addFavorite(_ favorite: Favorite, owner: UserID) throws(StoreError) -> FavoriteChange
    /// Every favourite of `owner`, in the order they were first added.
    func favorites(of owner: UserID) throws(StoreError) -> [Favorite]
    /// The same list without decoding the stored places: what listing needs, fast.
    func favoriteSummaries(of owner: UserID) throws(StoreError) -> [FavoriteSummary]
    /// The favourite of `owner` with `id`, or nil when the place is not one of theirs.
    func favorite(_ id: PlaceID, of owner: UserID) throws(StoreError) -> Favorite?
    /// - Returns: false when `id` was not a favourite of `owner` (nothing changed).
    func removeFavorite(_ id: PlaceID, of owner: UserID) throws(StoreError) -> Bool
}

// MARK: - Default implementations

/// The CLI's single person: the ``UserID/local`` account.
extension FavoritesStore {
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

/// Settings that belong to the person rather than to a machine's config file: the default centre,
/// and later the enabled providers and ranking weights. Keys are dotted words (`center`).
public protocol SettingsStore: Sendable {
    /// The value of `key`, or nil when it is not set.
    func setting(_ key: String) throws(StoreError) -> String?
    /// Sets `key`, or removes it when `value` is nil.
    func setSetting(_ key: String, to value: String?) throws(StoreError)
    /// Every setting, by key.
    func settings() throws(StoreError) -> [String: String]
}
