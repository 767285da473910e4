import Foundation
import GRDB
import GRDBSQLite
import PlaceBytes
public import PlaceCore

extension SQLitePlaceStore: ImportedPlacesStore {
    public func replaceImport(_ source: ImportSource, with places: ImportedPlaceList) throws(StoreError) -> ImportSummary {
        try replaceImport(source, with: places, progress: nil)
    }

    /// ``replaceImport(_:with:)``, telling `progress` how many of the places are written, out of
    /// how many, every thousandth of the way (a country's write takes tens of seconds).
    /// - Parameter beforeCommit: runs once the rows are in, inside the transaction: what it
    ///   throws rolls the import back (what else the import writes, such as its name index, that
    ///   could not be written on a full disk). Its error reaches the caller as the store's.
    public func replaceImport(
        _ source: ImportSource, with places: ImportedPlaceList, progress: ((Int, Int) -> Void)?, beforeCommit: () throws -> Void = {}
    ) throws(StoreError) -> ImportSummary {
        let (bounds, categories) = ImportRecord.extent(of: places)
        return try writing { db in
            try db.execute(
                sql: """
                    INSERT INTO import_source
                        (key, label, format, imported_at, count, attribution, licence, south, west, north, east, categories, number)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, (SELECT COALESCE(MAX(number), 0) + 1 FROM import_source))
                    ON CONFLICT(key) DO UPDATE SET label = excluded.label, format = excluded.format,
                        imported_at = excluded.imported_at, count = excluded.count,
                        attribution = excluded.attribution, licence = excluded.licence, south = excluded.south, west = excluded.west,
                        north = excluded.north, east = excluded.east, categories = excluded.categories
                    """,
                arguments: [
                    source.key, source.label, source.format, Date().timeIntervalSince1970, places.count, source.licence?.attribution,
                    source.licence?.licence, bounds?.south, bounds?.west, bounds?.north, bounds?.east,
                    StringArrayJSON.encode(categories.sorted()) ?? "[]",
                ])
            // The import's number, which its rows carry: kept when the file is imported again.
            let number = try Self.number(of: source.key, db)
            // What this file wrote last time and no longer has goes; rows it still has are
            // replaced below. Another file's rows with the same id change hands, never double.
            let previous = Set(try String.fetchAll(db, sql: "SELECT id FROM imported_place WHERE source = ?", arguments: [number]))
            try db.execute(sql: "DELETE FROM imported_place WHERE source = ?", arguments: [number])
            // The other imports' rows, from their kept counts: counting the table scanned a
            // country's index on every import beside it.
            let before = try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(count), 0) FROM import_source WHERE key <> ?", arguments: [source.key]) ?? 0
            // Rows that replaced an existing id added nothing to the count: counted as they go in,
            // rather than counting the table again after (a scan of a million index entries).
            let (written, replaced) = try Self.insert(places, source: number, besides: before, db, progress: progress)
            // Each import's count is kept here rather than counted when asked: every command
            // lists the imports, and counting a country's rows took it seconds. Without a taken
            // id, every row is this file's new one and nobody else's count moved; with one (a
            // place another file shares, or one id twice in this file), every count is taken again.
            if replaced == 0 {
                try db.execute(sql: "UPDATE import_source SET count = ? WHERE key = ?", arguments: [places.count, source.key])
            } else {
                try db.execute(sql: Self.recountImports)
            }
            // One look-up in the source index per import, not a walk of all of it (DISTINCT).
            try db.execute(
                sql: """
                    DELETE FROM import_source
                    WHERE key <> ? AND NOT EXISTS (SELECT 1 FROM imported_place p WHERE p.source = import_source.number)
                    """,
                arguments: [source.key])
            try db.execute(sql: "UPDATE import_state SET generation = generation + 1 WHERE id = 1")
            let removed = previous.subtracting(places.indices.lazy.map(places.id(at:))).count
            // The pages the import dirtied go to the WAL now, while the hook waits for what is
            // built beside the write: the commit then writes what is left, not every page after
            // the wait. A disk that fills here rolls the import back like the commit would.
            let flushed = sqlite3_db_cacheflush(db.sqliteConnection)
            guard flushed == SQLITE_OK else {
                throw DatabaseError(resultCode: ResultCode(rawValue: flushed), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            try beforeCommit()
            return ImportSummary(written: written, removed: removed, replaced: replaced)
        }
    }

    public func indexedNames() throws(StoreError) -> [NameRecord] {
        try reading { db in
            var records: [NameRecord] = []
            records.reserveCapacity(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM imported_place WHERE indexed = 1") ?? 0)
            let rows = try Row.fetchCursor(db, sql: Self.indexedNamesQuery)
            while let row = try rows.next() {
                records.append(Self.record(from: row))
            }
            return records
        }
    }

    public func forEachIndexedName(_ body: (NameRecord) throws -> Void) throws {
        try forEachIndexedName(sql: Self.indexedNamesQuery, arguments: [], body)
    }

    /// Hands `body` the record of each row `sql` (a refinement of ``indexedNamesQuery``) selects,
    /// stopping at the first error `body` throws.
    func forEachIndexedName(sql: String, arguments: StatementArguments, _ body: (NameRecord) throws -> Void) throws {
        var failure: (any Error)?
        try reading { db in
            let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments)
            while let row = try rows.next() {
                do {
                    try body(Self.record(from: row))
                } catch {
                    failure = error
                    return
                }
            }
        }
        if let failure { throw failure }
    }

    static let indexedNamesQuery = """
        SELECT id, name, kind, importance, latitude, longitude, detail, alternate_names, category, locality, country
        FROM imported_place WHERE indexed = 1
        """

    public func importedPlaces(in box: BoundingBox, categories: [String]) throws(StoreError) -> [ImportedPlace] {
        try reading { db in
            let (sql, arguments) = Self.areaSearch(box, categories: categories)
            return try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.place(from:))
        }
    }

    /// The places in `box` with one of `categories` (any with none), exactly: the strips the box
    /// covers are read from the position index (schema v11: by strip of latitude, then longitude)
    /// as longitude ranges, and each candidate's position is checked against the box. Leading
    /// with latitude, a search read its whole latitude band across every import; by strip, it
    /// reads little more than its box, however wide the imported country.
    static func areaSearch(_ box: BoundingBox, categories: [String]) -> (sql: String, arguments: StatementArguments) {
        var sql = """
            SELECT id, name, kind, importance, latitude, longitude, detail, category, indexed, tags_json, alternate_names,
                locality, country
            FROM imported_place WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ?
            """
        var arguments: StatementArguments = [box.south, box.north, min(box.west, box.east), max(box.west, box.east)]
        if let strips = positionStrips(south: box.south, north: box.north) {
            sql += " AND \(positionStrip) IN (\(databaseQuestionMarks(count: strips.count)))"
            arguments += StatementArguments(Array(strips))
        }
        if !categories.isEmpty {
            sql += " AND category IN (\(databaseQuestionMarks(count: categories.count)))"
            arguments += StatementArguments(categories)
        }
        return (sql, arguments)
    }

    /// A place's strip of latitude, 0.01° (1.1 km) high: the position index's first column
    /// (``StoreSchema``, v11), and what a search must name, in the same words, for SQLite to read
    /// the index by it.
    static let positionStrip = "CAST(latitude * 100 AS INTEGER)"

    /// The strips from `south` to `north`, as SQLite numbers them (`CAST` truncates towards zero,
    /// as Swift's `Int(_:)` does); nil for a box of more than 1,000 strips (10°), which is read
    /// through the table instead: it holds much of it anyway.
    static func positionStrips(south: Double, north: Double) -> ClosedRange<Int>? {
        guard south.isFinite, north.isFinite, south <= north else { return nil }
        // Clamped alike, so the order holds: a box past a pole keeps the pole's strip.
        let clamped = { (latitude: Double) in min(90, max(-90, latitude)) }
        let strips = Int(clamped(south) * 100)...Int(clamped(north) * 100)
        return strips.count <= 1_000 ? strips : nil
    }

    public func importedPlace(id: String) throws(StoreError) -> ImportedPlace? {
        try reading { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT id, name, kind, importance, latitude, longitude, detail, category, indexed, tags_json, alternate_names,
                    locality, country
                    FROM imported_place WHERE id = ?
                    """,
                arguments: [id]
            ).map(Self.place(from:))
        }
    }

    public func imports() throws(StoreError) -> [ImportRecord] {
        try reading { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.key, s.label, s.format, s.imported_at, s.attribution, s.licence, s.south, s.west, s.north, s.east,
                        s.categories, s.count
                    FROM import_source s ORDER BY s.imported_at
                    """
            ).map { row in
                let attribution: String? = row["attribution"]
                let licence: String? = row["licence"]
                let terms = attribution.flatMap { attribution in licence.map { DataLicence(attribution: attribution, licence: $0) } }
                let south: Double? = row["south"]
                let west: Double? = row["west"]
                let north: Double? = row["north"]
                let east: Double? = row["east"]
                let bounds = south.flatMap { south in
                    west.flatMap { west in north.flatMap { north in east.map { BoundingBox(south: south, west: west, north: north, east: $0) } } }
                }
                return ImportRecord(
                    source: ImportSource(key: row["key"], label: row["label"], format: row["format"], licence: terms),
                    importedAt: row["imported_at"], count: row["count"], bounds: bounds,
                    categories: Set(StringArrayJSON.decode(row["categories"])))
            }
        }
    }

    public func removeImport(_ key: String) throws(StoreError) -> Int? {
        try writing { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM import_source WHERE key = ?", arguments: [key]) ?? 0 > 0 else { return nil }
            try db.execute(sql: "DELETE FROM imported_place WHERE source = ?", arguments: [try Self.number(of: key, db)])
            let removed = db.changesCount
            try db.execute(sql: "DELETE FROM import_source WHERE key = ?", arguments: [key])
            try db.execute(sql: "UPDATE import_state SET generation = generation + 1 WHERE id = 1")
            return removed
        }
    }

    /// Sets every import's count to the rows it holds.
    static let recountImports = "UPDATE import_source SET count = (SELECT COUNT(*) FROM imported_place p WHERE p.source = import_source.number)"

    /// The number the rows of the import `key` carry (`imported_place.source`).
    static func number(of key: String, _ db: Database) throws -> Int64 {
        guard let number = try Int64.fetchOne(db, sql: "SELECT number FROM import_source WHERE key = ?", arguments: [key]) else {
            throw StoreError(.corruptRecord, path: db.description, detail: "the import \(key) has no number")
        }
        return number
    }

    public func importGeneration() throws(StoreError) -> Int {
        try reading { db in
            try Int.fetchOne(db, sql: "SELECT generation FROM import_state WHERE id = 1") ?? 0
        }
    }

    static func record(from row: Row) -> NameRecord {
        let latitude: Double? = row["latitude"]
        let longitude: Double? = row["longitude"]
        let coordinate = latitude.flatMap { latitude in longitude.flatMap { try? Coordinate(latitude: latitude, longitude: $0) } }
        let kindValue: Int = row["kind"]
        let importance: Double = row["importance"]
        return NameRecord(
            id: row["id"], name: row["name"], kind: NameKind(rawValue: UInt8(clamping: kindValue)) ?? .poi, importance: Float(importance),
            coordinate: coordinate, detail: row["detail"], alternateNames: StringArrayJSON.decode(row["alternate_names"]),
            locality: row["locality"], countryCode: row["country"], category: row["category"])
    }

    private static func place(from row: Row) -> ImportedPlace {
        let indexed: Int = row["indexed"]
        return ImportedPlace(record: record(from: row), isIndexed: indexed != 0, tags: TagsJSON.decode(row["tags_json"]))
    }
}

/// A list of strings (alternate names, an import's categories) as a JSON array (NULL for none):
/// readable with `sqlite3`'s JSON functions.
enum StringArrayJSON {
    static func encode(_ names: [String]) -> String? {
        guard !names.isEmpty else { return nil }
        return JSONValue.array(names.map { .string($0) }).serialized()
    }

    static func decode(_ text: String?) -> [String] {
        guard let text, let value = try? JSONValue.parse(text), let names = value.arrayValue else { return [] }
        return names.compactMap(\.stringValue)
    }
}

/// Tags as a JSON object with sorted keys: readable with `sqlite3`, stable between imports.
enum TagsJSON {
    /// A place's tags, written from their bytes in the list (kept in the keys' order): no
    /// dictionary made, no keys sorted, no string joined per tag.
    static func encode(tagsOf position: Int, in places: ImportedPlaceList) -> String {
        var json: [UInt8] = []
        places.withFields(at: position) { append(tagsOf: $0, to: &json) }
        return String(decoding: json, as: UTF8.self)
    }

    /// Appends the JSON object of the tags of `fields` to `json`.
    static func append(tagsOf fields: PlaceFields, to json: inout [UInt8]) {
        json.append(UInt8(ascii: "{"))
        var first = true
        fields.forEachTag { key, value in
            if !first { json.append(UInt8(ascii: ",")) }
            first = false
            quoted(key, into: &json)
            json.append(UInt8(ascii: ":"))
            quoted(value, into: &json)
        }
        json.append(UInt8(ascii: "}"))
    }

    /// A JSON string of UTF-8 bytes: a byte of a multi-byte character is never below 0x80, so
    /// escaping bytes escapes the same characters as escaping scalars.
    private static func quoted(_ text: UnsafeBufferPointer<UInt8>, into json: inout [UInt8]) {
        json.append(UInt8(ascii: "\""))
        if !text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            json.append(contentsOf: text)
        } else {
            for byte in text {
                switch byte {
                case UInt8(ascii: "\""): json.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): json.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): json.append(contentsOf: Array("\\n".utf8))
                case UInt8(ascii: "\r"): json.append(contentsOf: Array("\\r".utf8))
                case UInt8(ascii: "\t"): json.append(contentsOf: Array("\\t".utf8))
                case ..<0x20: json.append(contentsOf: Array(String(format: "\\u%04x", byte).utf8))
                default: json.append(byte)
                }
            }
        }
        json.append(UInt8(ascii: "\""))
    }

    static func decode(_ text: String) -> [String: String] {
        guard text != "{}", let value = try? JSONValue.parse(text), let object = value.objectValue else { return [:] }
        var tags: [String: String] = [:]
        for member in object.members { tags[member.key] = member.value.stringValue }
        return tags
    }
}
