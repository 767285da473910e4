import GRDB
import PlaceCore

/// The store's tables and how a file gets them.
///
/// Every change to the schema is a new migration appended to ``migrator``, never an edit of an
/// old one: a store on disk records which migrations it has (table `grdb_migrations`), and a
/// build that finds one it does not know refuses the file instead of guessing.
enum StoreSchema {
    /// `PRAGMA application_id`: "PLCS". Marks the file as a places store, so that another
    /// program's SQLite database given to `--store` is refused instead of having tables added to it.
    static let applicationID: Int32 = 0x504C_4353

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        register("v1: favourites and settings", in: &migrator) { db in
            // Plain columns for everything a list shows, so that listing never decodes
            // `place_json`. `position` keeps the order of first adding: rowids of a table
            // without an INTEGER PRIMARY KEY may be renumbered by VACUUM. Dates are seconds
            // since 1970. `user_version` numbers the schema for tools that read the file without
            // GRDB; each migration sets its own number.
            try db.execute(
                sql: """
                    CREATE TABLE favorite (
                        place_id TEXT NOT NULL PRIMARY KEY,
                        name TEXT NOT NULL,
                        latitude REAL NOT NULL,
                        longitude REAL NOT NULL,
                        kind TEXT,
                        address TEXT,
                        note TEXT,
                        place_json TEXT NOT NULL,
                        added_at REAL NOT NULL,
                        updated_at REAL NOT NULL,
                        position INTEGER NOT NULL UNIQUE
                    );
                    -- Listing reads this index alone, never the rows with their place_json: ten
                    -- thousand favourites are a few hundred kilobytes of index, not megabytes of table.
                    CREATE INDEX favorite_listing
                        ON favorite (position, place_id, name, latitude, longitude, kind, address, note, added_at);
                    CREATE TABLE setting (
                        key TEXT NOT NULL PRIMARY KEY,
                        value TEXT NOT NULL,
                        updated_at REAL NOT NULL
                    );
                    PRAGMA application_id = \(applicationID);
                    PRAGMA user_version = 1;
                    """)
        }
        register("v2: imported places", in: &migrator) { db in
            // One row per imported place: an OSM element (`osm:node/1`), a street made of ways
            // (`osm:way/<its first way>`), a name-list row (`names:<file>#<line>`). `source` is
            // the file that wrote it last, so that importing a file again replaces its rows.
            // `kind` is NameKind's raw value; `indexed` = 0 keeps unnamed car parks out of
            // completion. Positions may be null: name lists without coordinates.
            try db.execute(
                sql: """
                    CREATE TABLE import_source (
                        key TEXT NOT NULL PRIMARY KEY,
                        label TEXT NOT NULL,
                        format TEXT NOT NULL,
                        imported_at REAL NOT NULL,
                        count INTEGER NOT NULL
                    );
                    CREATE TABLE imported_place (
                        id TEXT NOT NULL PRIMARY KEY,
                        source TEXT NOT NULL REFERENCES import_source(key),
                        kind INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        latitude REAL,
                        longitude REAL,
                        importance REAL NOT NULL,
                        detail TEXT,
                        category TEXT,
                        indexed INTEGER NOT NULL,
                        tags_json TEXT NOT NULL
                    );
                    CREATE INDEX imported_place_source ON imported_place (source);
                    -- An area search reads a latitude band from this index and checks longitude in it.
                    CREATE INDEX imported_place_position ON imported_place (latitude, longitude, category)
                        WHERE latitude IS NOT NULL;
                    -- One row: bumped by every import, recorded in the name index built from it.
                    CREATE TABLE import_state (
                        id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                        generation INTEGER NOT NULL
                    );
                    INSERT INTO import_state (id, generation) VALUES (1, 0);
                    PRAGMA user_version = 2;
                    """)
        }
        register("v3: points ledger", in: &migrator) { db in
            // One row per recommendation reached. UNIQUE (feed, recommendation_id) is what makes
            // awarding exactly-once: a replayed trace or a second `places follow` arriving at the
            // same moment inserts nothing. `seq` is an explicit INTEGER PRIMARY KEY, which VACUUM
            // keeps, so the history's order is the order of awarding.
            try db.execute(
                sql: """
                    CREATE TABLE points_entry (
                        seq INTEGER PRIMARY KEY,
                        feed TEXT NOT NULL,
                        recommendation_id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        points INTEGER NOT NULL CHECK (points >= 0),
                        arrived_at REAL NOT NULL,
                        recorded_at REAL NOT NULL,
                        latitude REAL,
                        longitude REAL,
                        UNIQUE (feed, recommendation_id)
                    );
                    PRAGMA user_version = 3;
                    """)
        }
        register("v4: import licences", in: &migrator) { db in
            // Whose data each import is and on what terms, shown where its places are. Imports made
            // before were OpenStreetMap files (ODbL) or name lists of unknown origin: the first get
            // their licence, the others none ("not recorded") rather than a guess.
            try db.execute(
                sql: """
                    ALTER TABLE import_source ADD COLUMN attribution TEXT;
                    ALTER TABLE import_source ADD COLUMN licence TEXT;
                    UPDATE import_source SET attribution = '© OpenStreetMap contributors', licence = 'ODbL'
                        WHERE format IN ('osm-xml', 'osm-pbf', 'overpass-json');
                    PRAGMA user_version = 4;
                    """)
        }
        register("v5: alternate names", in: &migrator) { db in
            // The other names a place is found by (GeoNames' alternatenames, OpenStreetMap's
            // name:*, alt_name, old_name, official_name): a JSON array of strings, NULL for none.
            // A new column on the existing table, so every stored row stays as it is.
            try db.execute(
                sql: """
                    ALTER TABLE imported_place ADD COLUMN alternate_names TEXT;
                    PRAGMA user_version = 5;
                    """)
        }
        // v6, not v5's neighbour by accident: v5 (alternate names) and v6 (accounts) were written on
        // branches side by side. GRDB runs what a file lacks in the order registered, so a store that
        // got v6 first still gets v5 later; the two touch different tables, and the file keeps the
        // highest number it has (see register).
        register("v6: accounts, per-owner favourites and points", in: &migrator) { db in
            try StoreSchema.accounts(db)
        }
        register("v7: localities and countries", in: &migrator) { db in
            // The town a place lies in and its country (ISO 3166-1 alpha-2), for queries such as
            // "Senaatintori, Helsinki": new columns, so every stored row stays as it is (NULL: not
            // known; the name index then takes the nearest town it knows).
            try db.execute(
                sql: """
                    ALTER TABLE imported_place ADD COLUMN locality TEXT;
                    ALTER TABLE imported_place ADD COLUMN country TEXT;
                    PRAGMA user_version = 7;
                    """)
        }
        register("v8: import extents", in: &migrator) { db in
            // Each import's box and the main tags of its places, so that an answer can say whether
            // the imported data covers a point and holds such places, and credit only the imports
            // that could answer. Filled in for the imports already stored.
            try db.execute(
                sql: """
                    ALTER TABLE import_source ADD COLUMN south REAL;
                    ALTER TABLE import_source ADD COLUMN west REAL;
                    ALTER TABLE import_source ADD COLUMN north REAL;
                    ALTER TABLE import_source ADD COLUMN east REAL;
                    ALTER TABLE import_source ADD COLUMN categories TEXT;
                    UPDATE import_source SET
                        south = (SELECT MIN(latitude) FROM imported_place p WHERE p.source = import_source.key),
                        west = (SELECT MIN(longitude) FROM imported_place p WHERE p.source = import_source.key),
                        north = (SELECT MAX(latitude) FROM imported_place p WHERE p.source = import_source.key),
                        east = (SELECT MAX(longitude) FROM imported_place p WHERE p.source = import_source.key),
                        categories = (SELECT json_group_array(category) FROM (SELECT DISTINCT category FROM imported_place p
                            WHERE p.source = import_source.key AND category IS NOT NULL));
                    PRAGMA user_version = 8;
                    """)
        }
        register("v9: import counts kept", in: &migrator) { db in
            // `import_source.count` is kept true by every import from now on (it was the file's
            // row count, stale once another file took some of its places): taken again once here.
            // The rows name their import by its key before v10 and by its number after (a store
            // that lost only this migration's mark has both).
            let numbered = try db.columns(in: "import_source").contains { $0.name == "number" }
            try db.execute(
                sql: numbered
                    ? SQLitePlaceStore.recountImports
                    : "UPDATE import_source SET count = (SELECT COUNT(*) FROM imported_place p WHERE p.source = import_source.key)")
            try db.execute(sql: "PRAGMA user_version = 9")
        }
        register("v10: imported places name their import by number", in: &migrator) { db in
            // Every row carried its import's key, the file's absolute path (60 bytes for a file in
            // a project folder), twice with the source index: a quarter of a country's store and
            // of the time SQLite took to write it. A number says the same in a byte or two. SQLite
            // cannot change a column's reference in place, so the table is made again, its rows
            // in the order they had (the name index is read in that order).
            try db.execute(
                sql: """
                    ALTER TABLE import_source ADD COLUMN number INTEGER;
                    UPDATE import_source SET number = rowid;
                    CREATE UNIQUE INDEX import_source_number ON import_source (number);
                    CREATE TABLE imported_place_numbered (
                        id TEXT NOT NULL PRIMARY KEY,
                        source INTEGER NOT NULL REFERENCES import_source(number),
                        kind INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        latitude REAL,
                        longitude REAL,
                        importance REAL NOT NULL,
                        detail TEXT,
                        category TEXT,
                        indexed INTEGER NOT NULL,
                        tags_json TEXT NOT NULL,
                        alternate_names TEXT,
                        locality TEXT,
                        country TEXT
                    );
                    INSERT INTO imported_place_numbered
                        (id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags_json,
                         alternate_names, locality, country)
                    SELECT p.id, s.number, p.kind, p.name, p.latitude, p.longitude, p.importance, p.detail, p.category, p.indexed,
                        p.tags_json, p.alternate_names, p.locality, p.country
                    FROM imported_place p JOIN import_source s ON s.key = p.source ORDER BY p.rowid;
                    DROP TABLE imported_place;
                    ALTER TABLE imported_place_numbered RENAME TO imported_place;
                    CREATE INDEX imported_place_source ON imported_place (source);
                    CREATE INDEX imported_place_position ON imported_place (latitude, longitude, category)
                        WHERE latitude IS NOT NULL;
                    PRAGMA user_version = 10;
                    """)
        }
        register("v11: area searches read a strip of the country, not a band across it", in: &migrator) { db in
            // The position index led with latitude, so a search read every place in its latitude
            // band from one end of the imports to the other and checked each one's longitude: 298k
            // entries for the cafés within a kilometre in the middle of a 36M-node country (25 ms).
            // Leading with the 0.01° strip (1.1 km) of latitude, a search reads a longitude range
            // in each strip it covers, what lies within about a kilometre of its box.
            try db.execute(
                sql: """
                    DROP INDEX imported_place_position;
                    CREATE INDEX imported_place_position
                        ON imported_place (CAST(latitude * 100 AS INTEGER), longitude, category, latitude)
                        WHERE latitude IS NOT NULL;
                    PRAGMA user_version = 11;
                    """)
        }
        return migrator
    }()

    /// What a file holds, as far as this build can tell.
    enum State: Equatable {
        /// No places tables yet (a new or 0-byte file, or one another process is migrating).
        case fresh
        /// Every migration this build knows, and no other.
        case current
        /// Written by an older places: some migrations are still to run.
        case needsUpgrade
    }

    /// Reads the file's marks without writing anything.
    /// - Parameter path: for the errors.
    /// - Throws: `.notADatabase` for another program's database, `.newerSchema` naming the
    ///   migrations this build does not know; SQLite's own errors for a file that is no database.
    static func inspect(_ db: Database, path: String) throws -> State {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID != Self.applicationID {
            // A store between its `grdb_migrations` table and its first migration has no mark yet.
            let otherObjects =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM sqlite_master
                        WHERE name <> 'grdb_migrations' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                        """) ?? 0
            if applicationID != 0 || otherObjects > 0 {
                throw StoreError(.notADatabase, path: path, detail: "it is an SQLite database of another program")
            }
        }
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(migrator.migrations).sorted()
        if !unknown.isEmpty {
            throw StoreError(
                .newerSchema, path: path,
                detail: "it has schema changes this version does not know: \(unknown.joined(separator: ", "))")
        }
        if applied.isEmpty { return .fresh }
        return try migrator.hasCompletedMigrations(db) ? .current : .needsUpgrade
    }

    /// Brings the store up to date. Safe when many processes open a new store at the same moment:
    /// each migration checks, inside its own write transaction, that no one ran it meanwhile.
    /// - Parameter upgrading: called once before a store an older places wrote is upgraded (not
    ///   for a new store), so that a caller can say why this open takes a while.
    static func migrate(_ queue: DatabaseQueue, path: String, upgrading: (() -> Void)? = nil) throws {
        var said = false
        // One more round than there are migrations: each lost race means another process applied one.
        for _ in 0...migrator.migrations.count {
            let state = try queue.read({ try inspect($0, path: path) })
            if state == .current { return }
            if state == .needsUpgrade, !said {
                upgrading?()
                said = true
            }
            do {
                try migrator.migrate(queue)
                try compactAfterCopy(queue)
                return
            } catch is AppliedConcurrently {
                continue
            }
        }
        throw StoreError(.busy, path: path, detail: "other processes kept changing the schema")
    }

    /// A migration that made a table again (v10) leaves the old table's pages free in the file:
    /// a country's store would stay twice its size until imports filled them. Past 64 MB of free
    /// pages the file is written again without them, once, after the migrations' transactions.
    private static func compactAfterCopy(_ queue: DatabaseQueue) throws {
        let (free, pageSize) = try queue.read { db in
            (try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0, try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        if free * pageSize > 64 << 20 { try queue.vacuum() }
    }

    /// Another process applied the migration between our look and our write lock.
    private struct AppliedConcurrently: Error {}

    /// Registers a migration that first makes sure it is still needed. GRDB decides what to run
    /// from a read made before it takes the write lock, so two processes migrating a new file at
    /// once would otherwise both create the tables and one would fail.
    private static func register(
        _ identifier: String, in migrator: inout DatabaseMigrator, _ body: @escaping @Sendable (Database) throws -> Void
    ) {
        migrator.registerMigration(identifier) { db in
            let done = try Bool.fetchOne(
                db, sql: "SELECT EXISTS(SELECT 1 FROM grdb_migrations WHERE identifier = ?)", arguments: [identifier])
            if done == true { throw AppliedConcurrently() }
            let before = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            try body(db)
            // Branches number their migrations apart (v5 may land after a store has v6): a migration
            // run late must not take the number back, so the file says the highest it has.
            let after = max(before, number(of: identifier) ?? 0, try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)
            try db.execute(sql: "PRAGMA user_version = \(after)")
        }
    }

    /// N of a migration named `vN: …`.
    private static func number(of identifier: String) -> Int? {
        guard identifier.first == "v", let colon = identifier.firstIndex(of: ":") else { return nil }
        return Int(identifier[identifier.index(after: identifier.startIndex)..<colon])
    }

    /// `PRAGMA user_version` of a store with every migration this build knows: its highest number.
    static var version: Int { migrator.migrations.compactMap(number(of:)).max() ?? 0 }

    /// How many migrations this build knows: the rows of `grdb_migrations` in a current store.
    static var migrationCount: Int { migrator.migrations.count }
}
