public import PlaceCore
import Foundation
import PostgresNIO

extension PostgresStore {
    public func setting(_ key: String) async throws(StoreError) -> String? {
        let logger = self.logger
        return try await run { client in
            try await client.query("SELECT value FROM setting WHERE key = \(key)", logger: logger).decode(String.self).first { _ in true }
        }
    }

    public func setSetting(_ key: String, to value: String?) async throws(StoreError) {
        let logger = self.logger
        let now = Date().timeIntervalSince1970
        _ = try await run { client in
            if let value {
                try await client.query(
                    """
                    INSERT INTO setting (key, value, updated_at) VALUES (\(key), \(value), \(now))
                    ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                    """, logger: logger
                ).collect().count
            } else {
                try await client.query("DELETE FROM setting WHERE key = \(key)", logger: logger).collect().count
            }
        }
    }

    public func settings() async throws(StoreError) -> [String: String] {
        let logger = self.logger
        return try await run { client in
            var settings: [String: String] = [:]
            for try await (key, value) in try await client.query("SELECT key, value FROM setting", logger: logger).decode((String, String).self) {
                settings[key] = value
            }
            return settings
        }
    }
}
