import GRDB
import GRDBSQLite
import PlaceSearch

extension SQLitePlaceStore {
    /// Writes an import's rows inside its transaction, as a bulk load: a failure anywhere rolls
    /// the whole import back with the transaction.
    ///
    /// - Each row is a plain `INSERT`, and only a row whose id is taken (another file's place, or
    ///   the same id twice in one file) is retried as `INSERT OR REPLACE`. A REPLACE statement may
    ///   delete rows, so with foreign keys on SQLite gives each one a statement journal: a copy
    ///   of every page it touches in a temporary file (strace: three 4 KB `pwrite64` per row, 2.5
    ///   million for 800k rows, most of the import's time in the kernel). A plain single-row
    ///   insert either fails before it writes or writes once, and needs none.
    /// - Rows go in id order, so the id B-tree is appended to rather than split all over.
    /// - When the import is at least as large as what stays of the other imports, the source and
    ///   position indexes are dropped and created again after the rows (one sort, pages written
    ///   once) instead of taking a million inserts at random places; their definitions are read
    ///   from the schema, so they come back as they were.
    /// - Parameter others: rows of other imports already in the table.
    static func insert(_ places: [ImportedPlace], source: String, besides others: Int, _ db: Database) throws -> [NameKind: Int] {
        // With SQLite's 2 MB page cache the transaction spills dirty pages to the WAL over and over;
        // a cache that holds the import's pages (up to 256 MB, taken only as pages are touched)
        // writes each page once, at commit.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = -262144")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        let rebuilt = places.count >= 10_000 && places.count >= others ? try dropSecondaryIndexes(db) : []
        let columns =
            "(id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags_json, alternate_names, locality, country)"
        let values = "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let insert = try db.makeStatement(sql: "INSERT INTO imported_place \(columns) \(values)")
        let replace = try db.makeStatement(sql: "INSERT OR REPLACE INTO imported_place \(columns) \(values)")
        var written: [NameKind: Int] = [:]
        for number in idOrder(places) {
            let place = places[number]
            // The id is taken: this row replaces that one (a NOT NULL failure fails again there).
            if try !RowBinding.run(insert, place, source: source, db: db, allowConstraintFailure: true) {
                _ = try RowBinding.run(replace, place, source: source, db: db, allowConstraintFailure: false)
            }
            written[place.record.kind, default: 0] += 1
        }
        for sql in rebuilt { try db.execute(sql: sql) }
        return written
    }

    /// The places' positions sorted by id, near enough to SQLite's order for the id B-tree to be
    /// filled front to back (String's order is the UTF-8 bytes' for ASCII ids, compared with
    /// memcmp; comparing the UTF-8 views byte by byte was a third of the store write in perf); the
    /// same id twice keeps the file's order, so that the later row replaces the earlier as before.
    /// The order decides nothing else: every row goes in either way.
    private static func idOrder(_ places: [ImportedPlace]) -> [Int] {
        places.indices.sorted { a, b in
            let left = places[a].record.id
            let right = places[b].record.id
            if left == right { return a < b }
            return left < right
        }
    }

    /// The positions of the rows of `places` that `insert` leaves in the table, in the order the
    /// table holds them (rowid order, the order ``forEachIndexedName(_:)`` reads): each row goes in
    /// in ``idOrder(_:)``, and a row whose id is taken replaces the earlier one, going in after
    /// the others. SQLite compares ids by their bytes, Swift by canonical equivalence: two ids
    /// equal to Swift but spelled differently are both kept, as the table keeps both.
    static func keptOrder(_ places: [ImportedPlace]) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(places.count)
        // Where the run of ids equal to Swift (next to each other in id order) starts in `kept`.
        var run = 0
        for number in idOrder(places) {
            let id = places[number].record.id
            if let last = kept.last, places[last].record.id == id {
                if let same = kept[run...].firstIndex(where: { places[$0].record.id.utf8.elementsEqual(id.utf8) }) {
                    kept.remove(at: same)
                }
            } else {
                run = kept.count
            }
            kept.append(number)
        }
        return kept
    }

    /// Drops imported_place's secondary indexes and hands back the statements that create them.
    private static func dropSecondaryIndexes(_ db: Database) throws -> [String] {
        let indexes = try Row.fetchAll(
            db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'imported_place' AND sql IS NOT NULL")
        var creates: [String] = []
        for index in indexes {
            let name: String = index["name"]
            try db.execute(sql: "DROP INDEX \(name.quotedDatabaseIdentifier)")
            creates.append(index["sql"])
        }
        return creates
    }
}

/// One imported_place row bound straight to a prepared statement through SQLite's C API: GRDB's
/// `StatementArguments` built an array of boxed values per row, a quarter of the write's CPU.
private enum RowBinding {
    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds `place` to the statement's fourteen parameters and runs it.
    /// - Returns: false when the row broke a constraint and `allowConstraintFailure` (nothing was written).
    static func run(_ statement: Statement, _ place: ImportedPlace, source: String, db: Database, allowConstraintFailure: Bool) throws
        -> Bool
    {
        let handle = statement.sqliteStatement
        let record = place.record
        defer {
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        text(handle, 1, record.id)
        text(handle, 2, source)
        sqlite3_bind_int64(handle, 3, Int64(record.kind.rawValue))
        text(handle, 4, record.name)
        if let coordinate = record.coordinate {
            sqlite3_bind_double(handle, 5, coordinate.latitude)
            sqlite3_bind_double(handle, 6, coordinate.longitude)
        }
        sqlite3_bind_double(handle, 7, Double(record.importance))
        text(handle, 8, record.detail)
        text(handle, 9, place.category)
        sqlite3_bind_int64(handle, 10, place.isIndexed ? 1 : 0)
        text(handle, 11, place.tags.isEmpty ? "{}" : TagsJSON.encode(place.tags))
        text(handle, 12, StringArrayJSON.encode(record.alternateNames))
        text(handle, 13, record.locality)
        text(handle, 14, record.countryCode)
        let result = sqlite3_step(handle)
        if result == SQLITE_DONE { return true }
        if result & 0xFF == SQLITE_CONSTRAINT, allowConstraintFailure { return false }
        throw DatabaseError(
            resultCode: ResultCode(rawValue: result), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
    }

    /// Binds a text, or NULL for nil (an unbound parameter is NULL).
    private static func text(_ handle: OpaquePointer?, _ position: Int32, _ value: String?) {
        guard var value else { return }
        value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                if let start = characters.baseAddress {
                    sqlite3_bind_text(handle, position, start, Int32(characters.count), transient)
                } else {
                    sqlite3_bind_text(handle, position, "", 0, transient)
                }
            }
        }
    }
}
