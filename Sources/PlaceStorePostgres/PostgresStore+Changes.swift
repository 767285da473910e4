import Foundation
public import PlaceCore
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
    static func keep(_ change: KeptChange?, of key: String, location: String, _ connection: PostgresConnection, _ logger: Logger) async throws {
        guard let change else {
            try await connection.query("DELETE FROM import_change WHERE source = \(key)", logger: logger)
            try await connection.query("DELETE FROM import_change_manifest WHERE source = \(key)", logger: logger)
            return
        }
        let manifest = String(decoding: change.manifest, as: UTF8.self)
        // Compare and set: another change kept for this import since this one was read means these
        // places lack it. The transaction is rolled back, and the change can be applied again.
        let swapped: Int
        if let replacing = change.replacing.map({ String(decoding: $0, as: UTF8.self) }) {
            swapped = try await connection.query(
                "UPDATE import_change_manifest SET manifest = \(manifest) WHERE source = \(key) AND manifest = \(replacing) RETURNING 1",
                logger: logger
            ).collect().count
        } else {
            swapped = try await connection.query(
                "INSERT INTO import_change_manifest (source, manifest) VALUES (\(key), \(manifest)) ON CONFLICT (source) DO NOTHING RETURNING 1",
                logger: logger
            ).collect().count
        }
        guard swapped == 1 else {
            throw StoreError(
                .changedMeanwhile, path: location, detail: "another change was applied to \(key) while this one was read; apply this one again")
        }
        try await connection.query(
            """
            INSERT INTO import_change (source, name, bytes) VALUES (\(key), \(change.name), \(change.bytes))
            ON CONFLICT (source, name) DO UPDATE SET bytes = excluded.bytes
            """, logger: logger)
    }

}
