public import Foundation

/// What the instances of `places serve` share: accounts and their hashed tokens, favourites per
/// account, the points ledger and settings. One contract, two backends: the local SQLite file
/// (one machine, the embedded default) and PostgreSQL (several instances as one service).
///
/// Every requirement is `async` so that a networked database never blocks a thread while it
/// answers; a store that answers synchronously (SQLite) meets them with its plain methods.
/// Each operation is one transaction: what it returns is committed, or it throws and nothing is.
public protocol SharedStore: Sendable {
    /// Where the store is, for messages and `/health`: a path, or a URL with its password redacted.
    var location: String { get }

    /// Answers when the store can be reached, throws `.unavailable` when it cannot.
    func checkReachable() async throws(StoreError)

    // MARK: Accounts and tokens

    /// Adds an account; nil when the name is taken (names are unique).
    func addAccount(named name: String, at date: Date) async throws(StoreError) -> Account?
    /// The account with this name, or nil when there is none.
    func account(named name: String) async throws(StoreError) -> Account?
    /// Every account, in the order they were added.
    func accounts() async throws(StoreError) -> [Account]
    /// Keeps a token's hash (never the token).
    func addToken(_ token: TokenRecord) async throws(StoreError)
    /// The account of a token that is known and not revoked.
    func account(forTokenHash hash: String) async throws(StoreError) -> Account?
    /// An account's tokens, revoked ones included, oldest first.
    func tokens(of owner: UserID) async throws(StoreError) -> [TokenRecord]
    /// Revokes the owner's live tokens whose hint starts with `hint` (all of them when nil).
    /// - Returns: how many were revoked.
    func revokeTokens(of owner: UserID, hint: String?, at date: Date) async throws(StoreError) -> Int

    // MARK: Favourites

    /// Keeps `favorite` for `owner`, or refreshes it (keeping when it was first added and its note
    /// unless a new one is given). Of many concurrent adders of one place exactly one sees `.added`.
    func addFavorite(_ favorite: Favorite, owner: UserID) async throws(StoreError) -> FavoriteChange
    /// Every favourite of `owner`, in the order they were first added.
    func favorites(of owner: UserID) async throws(StoreError) -> [Favorite]
    /// The same list without decoding the stored places: what listing needs.
    func favoriteSummaries(of owner: UserID) async throws(StoreError) -> [FavoriteSummary]
    /// The favourite of `owner` with `id`, or nil when the place is not one of theirs.
    func favorite(_ id: PlaceID, of owner: UserID) async throws(StoreError) -> Favorite?
    /// Removes `id` from `owner`'s favourites; false when it was not one of them (nothing changed).
    func removeFavorite(_ id: PlaceID, of owner: UserID) async throws(StoreError) -> Bool

    // MARK: The points ledger

    /// Awards `entry` once per (owner, feed, recommendation), and a walk (by the fingerprint of its
    /// fixes) once for everyone; the database's unique keys decide, so two instances racing with the
    /// same arrival award once.
    func award(_ entry: PointsEntry, owner: UserID, walk: String?) async throws(StoreError) -> AwardOutcome
    /// The sum of every entry of `owner`.
    func pointsBalance(of owner: UserID) async throws(StoreError) -> Int
    /// Every entry of `owner`, oldest award first.
    func pointsHistory(of owner: UserID) async throws(StoreError) -> [PointsEntry]
    /// Keeps an arrival of `owner`'s that earned nothing, and why.
    func recordRefusal(_ refusal: PointsRefusal, owner: UserID) async throws(StoreError)
    /// Every refusal of `owner`, oldest first.
    func refusals(of owner: UserID) async throws(StoreError) -> [PointsRefusal]

    // MARK: Settings

    /// The value of `key`, or nil when it is not set.
    func setting(_ key: String) async throws(StoreError) -> String?
    /// Sets `key`, or removes it when `value` is nil.
    func setSetting(_ key: String, to value: String?) async throws(StoreError)
    /// Every setting, by key.
    func settings() async throws(StoreError) -> [String: String]
}
