import Foundation
import GRDB
public import PlaceCore

extension SQLitePlaceStore {
    /// The value of `key`, or nil when it is not set.
    public func setting(_ key: String) throws(StoreError) -> String? {
        try reading { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [key])
        }
    }

    /// Sets `key`, or removes it when `value` is nil.
    public func setSetting(_ key: String, to value: String?) throws(StoreError) {
        try writing { db in
            if let value {
                try db.execute(
                    sql: """
                        INSERT INTO setting (key, value, updated_at) VALUES (?, ?, ?)
                        ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                        """,
                    arguments: [key, value, Date().timeIntervalSince1970])
            } else {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            }
        }
    }

    /// Every setting, by key.
    public func settings() throws(StoreError) -> [String: String] {
        try reading { db in
            var settings: [String: String] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT key, value FROM setting")
            while let row = try rows.next() { settings[row["key"]] = row["value"] }
            return settings
        }
    }
}
