public import Foundation
import PlaceBytes
public import PlaceCore
import PostgresNIO

extension PostgresStore: SharedImportStore {
    /// Rows go over as JSON documents of `batchSize` places each, unpacked by `jsonb_to_recordset`:
    /// one statement per batch instead of one per place.
    static let batchSize = 5000

    public func replaceImport(_ source: ImportSource, with places: ImportedPlaceList) async throws(StoreError) -> ImportSummary {
        try await replaceImport(source, with: places, walkingGraph: nil)
    }

    public func replaceImport(_ source: ImportSource, with places: ImportedPlaceList, walkingGraph: (bytes: Data, formatVersion: Int)?)
        async throws(StoreError) -> ImportSummary
    {
        try await replaceImport(source, with: places, walkingGraph: walkingGraph, keeping: nil)
    }

    /// Replaces what `source` imported with `places` and its walking graph, in one transaction.
    /// - Parameter change: the change file these places apply, kept with the import beside the
    ///   ones kept before; nil for the extract imported afresh, which drops the changes kept.
    public func replaceImport(
        _ source: ImportSource, with places: ImportedPlaceList, walkingGraph: (bytes: Data, formatVersion: Int)?, keeping change: KeptChange?
    ) async throws(StoreError) -> ImportSummary {
        var written: [NameKind: Int] = [:]
        for place in places { written[place.record.kind, default: 0] += 1 }
        // The last of several rows with one id wins, as in the SQLite store (INSERT OR REPLACE);
        // PostgreSQL's upsert refuses to touch a row twice in one statement.
        var last: [String: Int] = [:]
        for (index, place) in places.enumerated() { last[place.record.id] = index }
        let rows = places.enumerated().filter { last[$0.element.record.id] == $0.offset }.map { ImportRow($0.element, source: source.key) }
        var batches: [String] = []
        do {
            let encoder = JSONEncoder()
            for start in stride(from: 0, to: rows.count, by: Self.batchSize) {
                batches.append(String(decoding: try encoder.encode(Array(rows[start..<min(start + Self.batchSize, rows.count)])), as: UTF8.self))
            }
        } catch {
            throw StoreError(.corruptRecord, path: location, detail: "the places of \(source.label) cannot be written: \(error)")
        }
        let newIDs = Set(rows.map(\.id))
        let (documents, kinds, graph, change, storeLocation) = (batches, written, walkingGraph, change, location)
        let (key, label, format, count) = (source.key, source.label, source.format, places.count)
        let (attribution, licence, now) = (source.licence?.attribution, source.licence?.licence, Date().timeIntervalSince1970)
        let (bounds, kept) = ImportRecord.extent(of: places)
        let (south, west, north, east) = (bounds?.south, bounds?.west, bounds?.north, bounds?.east)
        let categories = JSONValue.array(kept.sorted().map { .string($0) }).serialized()
        return try await transaction { connection, logger in
            try await connection.query(
                """
                INSERT INTO import_source (key, label, format, imported_at, count, attribution, licence, south, west, north, east, categories)
                VALUES (\(key), \(label), \(format), \(now), \(count), \(attribution), \(licence), \(south), \(west), \(north), \(east),
                    \(categories)::jsonb)
                ON CONFLICT (key) DO UPDATE SET label = excluded.label, format = excluded.format, imported_at = excluded.imported_at,
                    count = excluded.count, attribution = excluded.attribution, licence = excluded.licence, south = excluded.south,
                    west = excluded.west, north = excluded.north, east = excluded.east, categories = excluded.categories
                """, logger: logger)
            // What this source wrote last time and no longer has goes; another source's rows with
            // the same id change hands.
            let previous = try await connection.query("DELETE FROM imported_place WHERE source = \(key) RETURNING id", logger: logger)
                .decode(String.self).reduce(into: Set<String>()) { $0.insert($1) }
            let before = try await Self.count(connection, logger)
            for batch in documents {
                try await connection.query(
                    """
                    INSERT INTO imported_place
                        (id, source, kind, name, latitude, longitude, position, importance, detail, category, indexed, tags, alternate_names,
                        locality, country)
                    SELECT id, source, kind, name, latitude, longitude,
                        CASE WHEN latitude IS NULL OR longitude IS NULL THEN NULL
                            ELSE ST_SetSRID(ST_MakePoint(longitude, latitude), 4326)::geography END,
                        importance, detail, category, indexed, tags, alternate_names, locality, country
                    FROM jsonb_to_recordset(\(batch)::jsonb) AS r(
                        id text, source text, kind smallint, name text, latitude double precision, longitude double precision,
                        importance double precision, detail text, category text, indexed boolean, tags jsonb, alternate_names jsonb,
                        locality text, country text)
                    ON CONFLICT (id) DO UPDATE SET
                        source = excluded.source, kind = excluded.kind, name = excluded.name, latitude = excluded.latitude,
                        longitude = excluded.longitude, position = excluded.position, importance = excluded.importance,
                        detail = excluded.detail, category = excluded.category, indexed = excluded.indexed, tags = excluded.tags,
                        alternate_names = excluded.alternate_names, locality = excluded.locality, country = excluded.country
                    """, logger: logger)
            }
            let after = try await Self.count(connection, logger)
            // A source left with neither places nor a walking graph is gone.
            try await connection.query(
                """
                DELETE FROM import_source WHERE key <> \(key)
                    AND NOT EXISTS (SELECT 1 FROM imported_place p WHERE p.source = import_source.key)
                    AND NOT EXISTS (SELECT 1 FROM walking_graph g WHERE g.source = import_source.key)
                """, logger: logger)
            let generation =
                try await connection.query(
                    "UPDATE import_state SET generation = generation + 1 WHERE id = 1 RETURNING generation", logger: logger
                ).decode(Int.self).first { _ in true } ?? 0
            try await Self.replaceWalkingGraph(of: key, with: graph, generation: generation, connection, logger)
            try await Self.keep(change, of: key, location: storeLocation, connection, logger)
            // Rows that replaced an existing id (or an earlier row of this source) added nothing to the count.
            return ImportSummary(written: kinds, removed: previous.subtracting(newIDs).count, replaced: before + count - after)
        }
    }

    public func indexedNames() async throws(StoreError) -> [NameRecord] {
        try await places("\(unescaped: Self.columns) WHERE indexed").map(\.record)
    }

    public func importedPlaces(in box: BoundingBox, categories: [String]) async throws(StoreError) -> [ImportedPlace] {
        let (south, north, west, east) = (box.south, box.north, min(box.west, box.east), max(box.west, box.east))
        // The GiST index finds the candidates (`&&` on the geography's bounding box); the plain
        // columns then keep exactly what lies inside, as the SQLite store does. A geography box
        // cannot span 180° of longitude (its edges are great circles), so a box that wide, which
        // holds most places anyway, is read without the index.
        // Written as literals: finite numbers, nothing a caller could turn into SQL.
        let corners = [west, south, east, north]
        let spatial =
            east - west < 90 && corners.allSatisfy(\.isFinite)
            ? "position && ST_MakeEnvelope(\(corners.map { "\($0)" }.joined(separator: ", ")), 4326)::geography AND" : ""
        return try await places(
            """
            \(unescaped: Self.columns) WHERE \(unescaped: spatial)
                latitude BETWEEN \(south) AND \(north) AND longitude BETWEEN \(west) AND \(east)
                AND (cardinality(\(categories)::text[]) = 0 OR category = ANY(\(categories)::text[]))
            """)
    }

    public func importedPlace(id: String) async throws(StoreError) -> ImportedPlace? {
        try await places("\(unescaped: Self.columns) WHERE id = \(id)").first
    }

    public func imports() async throws(StoreError) -> [ImportRecord] {
        let logger = self.logger
        return try await run { client in
            var records: [ImportRecord] = []
            let rows = try await client.query(
                """
                SELECT s.key, s.label, s.format, s.imported_at, s.attribution, s.licence,
                    (SELECT count(*) FROM imported_place p WHERE p.source = s.key), s.south, s.west, s.north, s.east, s.categories::text
                FROM import_source s ORDER BY s.imported_at
                """, logger: logger)
            for try await (key, label, format, at, attribution, licence, count, south, west, north, east, categories) in rows.decode(
                (String, String, String, Double, String?, String?, Int, Double?, Double?, Double?, Double?, String?).self)
            {
                let terms = attribution.flatMap { attribution in licence.map { DataLicence(attribution: attribution, licence: $0) } }
                let bounds = south.flatMap { south in
                    west.flatMap { west in north.flatMap { north in east.map { BoundingBox(south: south, west: west, north: north, east: $0) } } }
                }
                let kinds = categories.flatMap { try? JSONValue.parse($0).arrayValue?.compactMap(\.stringValue) } ?? []
                records.append(
                    ImportRecord(
                        source: ImportSource(key: key, label: label, format: format, licence: terms), importedAt: at, count: count,
                        bounds: bounds, categories: Set(kinds)))
            }
            return records
        }
    }

    public func removeImport(_ key: String) async throws(StoreError) -> Int? {
        try await transaction { connection, logger in
            let known = try await connection.query("SELECT 1 FROM import_source WHERE key = \(key) FOR UPDATE", logger: logger).collect().count
            guard known > 0 else { return nil }
            let removed = try await connection.query("DELETE FROM imported_place WHERE source = \(key) RETURNING 1", logger: logger).collect().count
            try await connection.query("DELETE FROM import_source WHERE key = \(key)", logger: logger)
            try await connection.query("UPDATE import_state SET generation = generation + 1 WHERE id = 1", logger: logger)
            return removed
        }
    }

    public func importGeneration() async throws(StoreError) -> Int {
        let logger = self.logger
        return try await run { client in
            try await client.query("SELECT generation FROM import_state WHERE id = 1", logger: logger).decode(Int.self).first { _ in true } ?? 0
        }
    }

    // MARK: Rows

    private static let columns = """
        SELECT id, name, kind, importance, latitude, longitude, detail, category, indexed, tags::text, alternate_names::text,
            locality, country FROM imported_place
        """

    private static func count(_ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        try await connection.query("SELECT count(*) FROM imported_place", logger: logger).decode(Int.self).first { _ in true } ?? 0
    }

    private typealias PlaceRow = (String, String, Int16, Double, Double?, Double?, String?, String?, Bool, String, String?, String?, String?)

    private func places(_ query: PostgresQuery) async throws(StoreError) -> [ImportedPlace] {
        let logger = self.logger
        let rows = try await run { client in
            try await client.query(query, logger: logger).decode(PlaceRow.self).reduce(into: []) { $0.append($1) }
        }
        let decoder = JSONDecoder()
        return rows.map { row in
            let (id, name, kind, importance, latitude, longitude, detail, category, indexed, tags, alternates, locality, country) = row
            let coordinate = latitude.flatMap { latitude in longitude.flatMap { try? Coordinate(latitude: latitude, longitude: $0) } }
            let names = alternates.flatMap { try? decoder.decode([String].self, from: Data($0.utf8)) } ?? []
            return ImportedPlace(
                record: NameRecord(
                    id: id, name: name, kind: NameKind(rawValue: UInt8(clamping: kind)) ?? .poi, importance: Float(importance),
                    coordinate: coordinate, detail: detail, alternateNames: names, locality: locality, countryCode: country),
                isIndexed: indexed, category: category, tags: (try? decoder.decode([String: String].self, from: Data(tags.utf8))) ?? [:])
        }
    }
}

/// One imported place as `jsonb_to_recordset` reads it.
private struct ImportRow: Encodable {
    let id: String
    let source: String
    let kind: Int
    let name: String
    let latitude: Double?
    let longitude: Double?
    let importance: Double
    let detail: String?
    let category: String?
    let indexed: Bool
    let tags: [String: String]
    let alternate_names: [String]?
    let locality: String?
    let country: String?

    init(_ place: ImportedPlace, source: String) {
        let record = place.record
        id = record.id
        self.source = source
        kind = Int(record.kind.rawValue)
        name = record.name
        latitude = record.coordinate?.latitude
        longitude = record.coordinate?.longitude
        importance = Double(record.importance)
        detail = record.detail
        category = place.category
        indexed = place.isIndexed
        tags = place.tags
        alternate_names = record.alternateNames.isEmpty ? nil : record.alternateNames
        locality = record.locality
        country = record.countryCode
    }

    /// Nil members are written as null, which `jsonb_to_recordset` reads as NULL.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(source, forKey: .source)
        try container.encode(kind, forKey: .kind)
        try container.encode(name, forKey: .name)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(importance, forKey: .importance)
        try container.encode(detail, forKey: .detail)
        try container.encode(category, forKey: .category)
        try container.encode(indexed, forKey: .indexed)
        try container.encode(tags, forKey: .tags)
        try container.encode(alternate_names, forKey: .alternate_names)
        try container.encode(locality, forKey: .locality)
        try container.encode(country, forKey: .country)
    }

    private enum CodingKeys: String, CodingKey {
        case id, source, kind, name, latitude, longitude, importance, detail, category, indexed, tags, alternate_names, locality, country
    }
}
