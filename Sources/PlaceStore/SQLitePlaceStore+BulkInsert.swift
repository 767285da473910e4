import GRDB
import GRDBSQLite
import PlaceCore

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
    static func insert(
        _ places: ImportedPlaceList, source: Int64, besides others: Int, _ db: Database, progress: ((Int, Int) -> Void)? = nil
    ) throws -> (
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
        // Every thousandth of the rows; making the dropped indexes again follows the last.
        let step = max(1, places.count / 1000)
        var done = 0
        progress?(0, places.count)
        for number in places.idOrder() {
            // Bound where the list holds the place's bytes, for both statements: no strings made;
            // the tags go from the bytes to JSON.
            let outcome = places.withFields(at: number) { fields in
                Result { () throws -> (kind: NameKind, replaced: Bool) in
                    binding.encodeTags(of: fields)
                    // The id is taken: this row replaces that one (a NOT NULL failure fails again
                    // there), deleting it: the primary key is the table's only unique constraint.
                    if try binding.run(insert, fields, db: db, allowConstraintFailure: true) { return (fields.kind, false) }
                    _ = try binding.run(replace, fields, db: db, allowConstraintFailure: false)
                    return (fields.kind, true)
                }
            }
            let (kind, wasReplaced) = try outcome.get()
            if wasReplaced { replaced += 1 }
            written[Int(kind.rawValue)] += 1
            done += 1
            if done % step == 0 { progress?(done, places.count) }
        }
        // The last rows are heard too: a failure after them is not said to be among them.
        if done % step != 0 { progress?(done, places.count) }
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
/// A row's texts are bound as static where the list holds them (SQLite reads them there until
/// the step), and its tags' JSON from one buffer kept for the whole import. Made into a record's
/// strings and copied into a buffer first, they cost 0.5–1 s of the 7 s store step of a country
/// of 930k rows (`PLACES_IMPORT_TRACE=1`, 100 tiles). A nil is bound as NULL rather than clearing
/// every binding after each row, and the source, the same for every row, is bound once.
private struct RowBinding: ~Copyable {
    /// SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
    /// SQLite reads the bytes where they are, until the statement is stepped again or reset.
    private static let `static` = unsafeBitCast(0, to: sqlite3_destructor_type.self)

    /// The JSON of the tags of the row being written.
    private var tags: [UInt8] = []

    init(source: Int64, statements: [Statement]) {
        tags.reserveCapacity(4_096)
        for statement in statements { sqlite3_bind_int64(statement.sqliteStatement, 2, source) }
    }

    /// Writes the tags of `fields` as the row's JSON, for the ``run(_:_:db:allowConstraintFailure:)`` that follow.
    mutating func encodeTags(of fields: PlaceFields) {
        tags.removeAll(keepingCapacity: true)
        TagsJSON.append(tagsOf: fields, to: &tags)
    }

    /// Binds the row of `fields` (its tags as ``encodeTags(of:)`` wrote them) to the statement's
    /// fourteen parameters (the source is bound already) and runs it.
    /// - Returns: false when the row broke a constraint and `allowConstraintFailure` (nothing was written).
    func run(_ statement: Statement, _ fields: PlaceFields, db: Database, allowConstraintFailure: Bool) throws -> Bool {
        // The tags' bytes stay where they are until the step, inside this call.
        try tags.withUnsafeBufferPointer { tags throws -> Bool in
            try Self.run(statement, fields, tags: tags, db: db, allowConstraintFailure: allowConstraintFailure)
        }
    }

    private static func run(
        _ statement: Statement, _ fields: PlaceFields, tags: UnsafeBufferPointer<UInt8>, db: Database, allowConstraintFailure: Bool
    ) throws -> Bool {
        let handle = statement.sqliteStatement
        func text(_ position: Int32, _ value: UnsafeBufferPointer<UInt8>?) {
            guard let value else {
                sqlite3_bind_null(handle, position)
                return
            }
            guard let start = value.baseAddress, !value.isEmpty else {
                _ = sqlite3_bind_text(handle, position, "", 0, Self.transient)
                return
            }
            _ = sqlite3_bind_text(handle, position, UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self), Int32(value.count), Self.static)
        }
        defer { sqlite3_reset(handle) }
        text(1, fields.id)
        sqlite3_bind_int64(handle, 3, Int64(fields.kind.rawValue))
        text(4, fields.name)
        if let coordinate = fields.coordinate {
            sqlite3_bind_double(handle, 5, coordinate.latitude)
            sqlite3_bind_double(handle, 6, coordinate.longitude)
        } else {
            sqlite3_bind_null(handle, 5)
            sqlite3_bind_null(handle, 6)
        }
        sqlite3_bind_double(handle, 7, Double(fields.importance))
        text(8, fields.detail)
        text(9, fields.category)
        sqlite3_bind_int64(handle, 10, fields.isIndexed ? 1 : 0)
        text(11, tags)
        // Few places have alternate names: those are made into strings, and SQLite keeps a copy.
        if fields.alternateNameCount > 0, let alternateNames = StringArrayJSON.encode(fields.alternateNames()) {
            copiedText(handle, 12, alternateNames)
        } else {
            sqlite3_bind_null(handle, 12)
        }
        text(13, fields.locality)
        text(14, fields.countryCode)
        let result = sqlite3_step(handle)
        if result == SQLITE_DONE { return true }
        if result & 0xFF == SQLITE_CONSTRAINT, allowConstraintFailure { return false }
        throw DatabaseError(
            resultCode: ResultCode(rawValue: result), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
    }

    /// Binds a text that SQLite keeps its own copy of.
    private static func copiedText(_ handle: OpaquePointer?, _ position: Int32, _ value: String) {
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
