import GRDB
public import PlaceCore

/// What `places config` shows about the store: where it is and how much it holds.
public struct StoreInfo: Sendable, Equatable {
    /// The path as given.
    public let path: String
    /// `PRAGMA user_version` of the file; nil when there is no store at the path yet.
    public let schemaVersion: Int?
    /// How many favourites the store holds for the CLI's own account; 0 when there is no store.
    public let favoriteCount: Int
    /// How many settings the store holds; 0 when there is no store.
    public let settingCount: Int

    /// Info as ``read(at:)`` or ``SQLitePlaceStore/info()`` gives it; for tests.
    public init(path: String, schemaVersion: Int?, favoriteCount: Int, settingCount: Int) {
        self.path = path
        self.schemaVersion = schemaVersion
        self.favoriteCount = favoriteCount
        self.settingCount = settingCount
    }

    /// Looks at the store at `path` without creating it.
    public static func read(at path: String) throws(StoreError) -> StoreInfo {
        guard let store = try SQLitePlaceStore.openForReading(at: path) else {
            return StoreInfo(path: path, schemaVersion: nil, favoriteCount: 0, settingCount: 0)
        }
        return try store.info()
    }
}

extension SQLitePlaceStore {
    /// Where this store is and how much it holds.
    public func info() throws(StoreError) -> StoreInfo {
        try reading { db in
            StoreInfo(
                path: path,
                schemaVersion: try Int.fetchOne(db, sql: "PRAGMA user_version"),
                favoriteCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorite WHERE owner = ?", arguments: [UserID.local.rawValue]) ?? 0,
                settingCount: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM setting") ?? 0)
        }
    }
}
