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
    /// - Returns: the rows written by kind, and how many of them replaced a row already there.
    static func insert(_ places: ImportedPlaceList, source: String, besides others: Int, _ db: Database) throws -> (
        written: [NameKind: Int], replaced: Int
    ) {
        // With SQLite's 2 MB page cache the transaction spills dirty pages to the WAL over and over;
        // a cache that holds the import's pages (up to 256 MB, or an eighth of the memory the
        // process may use; taken only as pages are touched) writes each page once, at commit.
        let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
        try db.execute(sql: "PRAGMA cache_size = -\(MemoryRoom.budget() / 1024)")
        defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
        let rebuilt = places.count >= 10_000 && places.count >= others ? try dropSecondaryIndexes(db) : []
        let columns =
            "(id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags_json, alternate_names, locality, country)"
        let values = "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        let insert = try db.makeStatement(sql: "INSERT INTO imported_place \(columns) \(values)")
        let replace = try db.makeStatement(sql: "INSERT OR REPLACE INTO imported_place \(columns) \(values)")
        var binding = RowBinding(source: source, statements: [insert, replace])
        var written = Array(repeating: 0, count: NameKind.allCases.count)
        var replaced = 0
        for number in places.idOrder() {
            // Made from its bytes once, for both statements; the tags go from the bytes to JSON.
            let row = PlaceRow(
                record: places.record(at: number), isIndexed: places.isIndexed(at: number), tags: TagsJSON.encode(tagsOf: number, in: places))
            // The id is taken: this row replaces that one (a NOT NULL failure fails again there),
            // deleting it: the primary key is the table's only unique constraint.
            if try !binding.run(insert, row, db: db, allowConstraintFailure: true) {
                _ = try binding.run(replace, row, db: db, allowConstraintFailure: false)
                replaced += 1
            }
            written[Int(row.record.kind.rawValue)] += 1
        }
        for sql in rebuilt { try db.execute(sql: sql) }
        var counts: [NameKind: Int] = [:]
        for kind in NameKind.allCases where written[Int(kind.rawValue)] > 0 { counts[kind] = written[Int(kind.rawValue)] }
        return (counts, replaced)
    }

    /// The positions of the rows of `places` that `insert` leaves in the table, in the order the
    /// table holds them (rowid order, the order ``forEachIndexedName(_:)`` reads). Rows go in in
    /// id order, byte for byte as SQLite compares them (``ImportedPlaceList/idOrder()``), which
    /// fills the id B-tree front to back; the same id twice keeps the file's order, and the later
    /// row replaces the earlier, going in after it. Two ids equal to Swift but spelled with other
    /// bytes are two rows, as the table keeps them.
    static func keptOrder(_ places: ImportedPlaceList) -> [Int] {
        var kept: [Int] = []
        kept.reserveCapacity(places.count)
        for number in places.idOrder() {
            if let last = kept.last, places.sameID(last, number) { kept.removeLast() }
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
///
/// A row's texts are copied end to end into one buffer kept for the whole import and bound as
/// static (SQLite reads them where they are until the step): bound as transient, SQLite made a
/// copy of each in memory it allocated and freed. A nil is bound as NULL rather than clearing
/// every binding after each row, and the source, the same for every row, is bound once.
/// What one imported_place row holds: the record, whether it is indexed, and its tags as JSON.
private struct PlaceRow {
    var record: NameRecord
    var isIndexed: Bool
    var tags: String
}

private struct RowBinding: ~Copyable {
    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// SQLite reads the bytes where they are, until the statement is stepped again or reset.
    private static let `static` = unsafeBitCast(0, to: sqlite3_destructor_type.self)

    private var texts: UnsafeMutablePointer<UInt8>
    private var capacity = 4_096

    init(source: String, statements: [Statement]) {
        texts = .allocate(capacity: capacity)
        for statement in statements { Self.text(statement.sqliteStatement, 2, source) }
    }

    deinit { texts.deallocate() }

    /// Binds `row` to the statement's fourteen parameters (the source is bound already) and runs it.
    /// - Returns: false when the row broke a constraint and `allowConstraintFailure` (nothing was written).
    mutating func run(_ statement: Statement, _ row: PlaceRow, db: Database, allowConstraintFailure: Bool) throws -> Bool {
        let handle = statement.sqliteStatement
        let record = row.record
        let tags = row.tags
        let alternateNames = StringArrayJSON.encode(record.alternateNames)
        // Room for every text before any is bound: the buffer must not move under a bound one.
        let needed =
            record.id.utf8.count + record.name.utf8.count + (record.detail?.utf8.count ?? 0) + (record.category?.utf8.count ?? 0)
            + tags.utf8.count + (alternateNames?.utf8.count ?? 0) + (record.locality?.utf8.count ?? 0) + (record.countryCode?.utf8.count ?? 0)
        if needed > capacity {
            texts.deallocate()
            capacity = max(needed, capacity * 2)
            texts = .allocate(capacity: capacity)
        }
        var offset = 0
        func text(_ position: Int32, _ value: String?) {
            guard var value else {
                sqlite3_bind_null(handle, position)
                return
            }
            let base = texts + offset
            let count = value.withUTF8 { bytes in
                if let start = bytes.baseAddress { base.update(from: start, count: bytes.count) }
                return bytes.count
            }
            offset += count
            base.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) { characters in
                _ = sqlite3_bind_text(handle, position, characters, Int32(count), Self.static)
            }
        }
        defer { sqlite3_reset(handle) }
        text(1, record.id)
        sqlite3_bind_int64(handle, 3, Int64(record.kind.rawValue))
        text(4, record.name)
        if let coordinate = record.coordinate {
            sqlite3_bind_double(handle, 5, coordinate.latitude)
            sqlite3_bind_double(handle, 6, coordinate.longitude)
        } else {
            sqlite3_bind_null(handle, 5)
            sqlite3_bind_null(handle, 6)
        }
        sqlite3_bind_double(handle, 7, Double(record.importance))
        text(8, record.detail)
        text(9, record.category)
        sqlite3_bind_int64(handle, 10, row.isIndexed ? 1 : 0)
        text(11, tags)
        text(12, alternateNames)
        text(13, record.locality)
        text(14, record.countryCode)
        let result = sqlite3_step(handle)
        if result == SQLITE_DONE { return true }
        if result & 0xFF == SQLITE_CONSTRAINT, allowConstraintFailure { return false }
        throw DatabaseError(
            resultCode: ResultCode(rawValue: result), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
    }

    /// Binds a text that stays bound for every row (SQLite keeps its own copy).
    private static func text(_ handle: OpaquePointer?, _ position: Int32, _ value: String) {
        var value = value
        value.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                if let start = characters.baseAddress {
                    _ = sqlite3_bind_text(handle, position, start, Int32(characters.count), transient)
                } else {
                    _ = sqlite3_bind_text(handle, position, "", 0, transient)
                }
            }
        }
    }
}
