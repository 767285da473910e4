import Foundation
import GRDB
import PlaceCore
import PlaceSearchTesting
import Testing

@testable import PlaceStore

/// An area search (offline coffee, parking, reverse) reads the strips of latitude its box covers
/// (schema v11), not the whole band of latitude across every import: what it finds must still be
/// exactly what lies in the box, at the strips' edges, south of the equator and around it, where
/// SQLite's `CAST` and Swift's `Int(_:)` both truncate towards zero.
struct AreaSearchTests {
    static let categories = ["amenity=cafe", "amenity=parking", "shop=bakery"]

    /// Places near strip edges (a hundredth of a degree) and on them, in both hemispheres.
    static func places(using random: inout SeededRandom) -> [ImportedPlace] {
        let centres = [52.37, 0.0, -33.87, -0.015, 89.5]
        return (0..<600).map { number in
            let centre = centres[number % centres.count]
            let edge = (centre * 100).rounded() / 100 + Double(Int(random.next() % 9) - 4) / 100
            let offsets = [0, 1e-9, -1e-9, 0.004_999, Double(random.next() % 1_000) / 100_000 - 0.005]
            let latitude = min(90, max(-90, edge + offsets[Int(random.next() % UInt64(offsets.count))]))
            let longitude = 4.89 + Double(random.next() % 2_000) / 100_000 - 0.01
            let category = categories[Int(random.next() % UInt64(categories.count))]
            return ImportedPlace(
                record: NameRecord(
                    id: "osm:node/\(number + 1)", name: "Place \(number)", kind: .poi, importance: 0.2,
                    coordinate: try? Coordinate(latitude: latitude, longitude: longitude)),
                category: category, tags: ["name": "Place \(number)"])
        }
    }

    @Test func findsExactlyWhatLiesInTheBox() throws {
        var random = SeededRandom(printingSeedFor: "AreaSearchTests.findsExactlyWhatLiesInTheBox")
        let folder = TemporaryFolder()
        let store = try SQLitePlaceStore.openForWriting(at: folder.storePath)
        let places = Self.places(using: &random)
        _ = try store.replaceImport(
            ImportSource(key: "/data/strips.osm", label: "strips.osm", format: "osm-xml"), with: ImportedPlaceList(places))
        for _ in 0..<300 {
            let anchor = places[Int(random.next() % UInt64(places.count))].record.coordinate!
            // Edges on a place (inclusive), on a strip's edge, or anywhere within 3 km.
            let south = [anchor.latitude, (anchor.latitude * 100).rounded(.down) / 100, anchor.latitude - Double(random.next() % 3_000) / 111_000][
                Int(random.next() % 3)]
            let north = max(south, [anchor.latitude, south + Double(random.next() % 5_000) / 111_000][Int(random.next() % 2)])
            let box = BoundingBox(south: south, west: 4.88 + Double(random.next() % 1_000) / 100_000, north: north, east: 4.9)
            let wanted = random.next() % 2 == 0 ? [] : [Self.categories[Int(random.next() % 3)]]
            let expected = places.filter { place in
                let position = place.record.coordinate!
                return position.latitude >= box.south && position.latitude <= box.north
                    && position.longitude >= min(box.west, box.east) && position.longitude <= max(box.west, box.east)
                    && (wanted.isEmpty || wanted.contains(place.record.category ?? ""))
            }
            let found = try store.importedPlaces(in: box, categories: wanted)
            #expect(
                Set(found.map(\.record.id)) == Set(expected.map(\.record.id)),
                "box \(box.south)…\(box.north), \(box.west)…\(box.east) \(wanted), seed \(random.seed)")
        }
    }

    /// The plan SQLite makes for a search of a kilometre: the index by strip, each strip a range
    /// of longitude; a box wider than the strips allow is read through the table.
    @Test func readsTheStripsOfTheBoxNotItsBand() throws {
        let folder = TemporaryFolder()
        let path = folder.storePath
        _ = try SQLitePlaceStore.openForWriting(at: path)
        let plan = { (box: BoundingBox) throws -> String in
            let (sql, arguments) = SQLitePlaceStore.areaSearch(box, categories: ["amenity=cafe", "shop=coffee"])
            return try DatabaseQueue(path: path).read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments).map { $0["detail"] as String }
                    .joined(separator: "\n")
            }
        }
        let near = try plan(BoundingBox(center: Coordinate(52.37, 4.89), radius: 1_000))
        #expect(near.contains("USING INDEX imported_place_position (<expr>=? AND longitude>? AND longitude<?)"), "\(near)")
        #expect(SQLitePlaceStore.positionStrips(south: 52.361, north: 52.379) == 5236...5237)
        #expect(SQLitePlaceStore.positionStrips(south: -0.015, north: 0.015) == -1...1)
        #expect(SQLitePlaceStore.positionStrips(south: -60, north: 60) == nil)
        let world = try plan(BoundingBox(south: -90, west: -180, north: 90, east: 180))
        #expect(!world.contains("<expr>"), "\(world)")
    }

    /// A store written before v11 gets the index by strip when it is opened, and finds its places.
    @Test func aStoreFromBeforeGetsTheIndexByStrip() throws {
        let folder = TemporaryFolder()
        let path = folder.storePath
        try StoreFixtures.store(at: path, upTo: "v10: imported places name their import by number")
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: """
                    INSERT INTO import_source (key, label, format, imported_at, count, number) VALUES ('/data/a.osm', 'a.osm', 'osm-xml', 1, 1, 1);
                    INSERT INTO imported_place (id, source, kind, name, latitude, longitude, importance, category, indexed, tags_json)
                        VALUES ('osm:node/1', 1, 1, 'Zwarte Kat', 52.3731, 4.8926, 0.2, 'amenity=cafe', 1, '{"amenity":"cafe"}');
                    """)
        }
        let store = try SQLitePlaceStore.openForWriting(at: path)
        let index = try DatabaseQueue(path: path).read { db in
            try String.fetchOne(db, sql: "SELECT sql FROM sqlite_master WHERE name = 'imported_place_position'")
        }
        #expect(index?.contains(SQLitePlaceStore.positionStrip) == true, "\(index ?? "no index")")
        let found = try store.importedPlaces(in: BoundingBox(center: Coordinate(52.3731, 4.8926), radius: 100), categories: ["amenity=cafe"])
        #expect(found.map(\.record.id) == ["osm:node/1"])
    }
}
