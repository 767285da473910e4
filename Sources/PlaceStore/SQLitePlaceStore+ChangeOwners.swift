import GRDB
package import PlaceCore

/// Which imports hold given places: what tells the import a change file belongs to when the
/// change has no node positions to go by (only deletions, or ways and relations).
extension SQLitePlaceStore {
    /// How many of `ids` (`osm:node/1`) each import holds, by its key.
    package func importsHolding(_ ids: [String]) throws(StoreError) -> [String: Int] {
        try reading { db in
            var counts: [String: Int] = [:]
            // In slices, under SQLite's limit on bound values.
            for start in stride(from: 0, to: ids.count, by: 500) {
                let slice = Array(ids[start..<min(start + 500, ids.count)])
                let marks = databaseQuestionMarks(count: slice.count)
                let rows = try Row.fetchAll(
                    db,
                    sql:
                        "SELECT s.key AS source, COUNT(*) AS n FROM imported_place p JOIN import_source s ON s.number = p.source WHERE p.id IN (\(marks)) GROUP BY s.key",
                    arguments: StatementArguments(slice))
                for row in rows { counts[row["source"], default: 0] += row["n"] as Int }
            }
            return counts
        }
    }
}
