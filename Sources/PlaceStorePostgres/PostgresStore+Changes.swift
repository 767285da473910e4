public import Foundation
public import PlaceSearch
import PostgresNIO

extension PostgresStore {
    /// The change files applied to the import `source` and their manifest; nil when none is.
    public func keptChanges(of source: String) async throws(StoreError) -> KeptChanges? {
        let logger = self.logger
        return try await run { client in
            let manifest = try await client.query("SELECT manifest FROM import_change_manifest WHERE source = \(source)", logger: logger)
                .decode(String.self).first { _ in true }
            guard let manifest else { return nil }
            var files: [String: Data] = [:]
            let rows = try await client.query("SELECT name, bytes FROM import_change WHERE source = \(source)", logger: logger)
            for try await (name, bytes) in rows.decode((String, Data).self) { files[name] = bytes }
            return KeptChanges(manifest: Data(manifest.utf8), files: files)
        }
    }

    /// How many of the places `ids` each import holds, by the import's key.
    public func importsHolding(_ ids: [String]) async throws(StoreError) -> [String: Int] {
        let logger = self.logger
        return try await run { client in
            var counts: [String: Int] = [:]
            let rows = try await client.query(
                "SELECT source, count(*) FROM imported_place WHERE id = ANY(\(ids)::text[]) GROUP BY source", logger: logger)
            for try await (source, count) in rows.decode((String, Int).self) { counts[source] = count }
            return counts
        }
    }

    /// Inside an import's transaction: the change kept beside those before, with the manifest
    /// that now describes them; without one (the extract imported afresh) every kept change goes.
    static func keep(_ change: KeptChange?, of key: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard let change else {
            try await connection.query("DELETE FROM import_change WHERE source = \(key)", logger: logger)
            try await connection.query("DELETE FROM import_change_manifest WHERE source = \(key)", logger: logger)
            return
        }
        let manifest = String(decoding: change.manifest, as: UTF8.self)
        try await connection.query(
            """
            INSERT INTO import_change (source, name, bytes) VALUES (\(key), \(change.name), \(change.bytes))
            ON CONFLICT (source, name) DO UPDATE SET bytes = excluded.bytes
            """, logger: logger)
        try await connection.query(
            """
            INSERT INTO import_change_manifest (source, manifest) VALUES (\(key), \(manifest))
            ON CONFLICT (source) DO UPDATE SET manifest = excluded.manifest
            """, logger: logger)
    }
}
