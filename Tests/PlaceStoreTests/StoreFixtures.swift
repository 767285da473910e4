import Foundation
import GRDB
import PlaceCore
@testable import PlaceStore

/// Stores as older versions of places left them: the migrations up to one, run on a new file.
enum StoreFixtures {
    static func store(at path: String, upTo migration: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: path)
        try StoreSchema.migrator.migrate(queue, upTo: migration)
    }

    /// A favourite written into v1's table (no owner), as places before accounts wrote it.
    static func insertV1Favorite(_ path: String, _ favorite: Favorite, position: Int = 1) throws {
        let place = favorite.place
        let json = try PlaceJSON.encode(place)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO favorite (place_id, name, latitude, longitude, kind, address, note, place_json, added_at, updated_at, position)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    place.id.description, place.name, place.coordinate.latitude, place.coordinate.longitude, place.categories.first?.name,
                    place.address?.fullText, favorite.note, json, favorite.addedAt.timeIntervalSince1970, favorite.updatedAt.timeIntervalSince1970,
                    position,
                ])
        }
    }

    /// An award written into v3's ledger (no owner).
    static func insertV3Award(_ path: String, feed: String, id: String, points: Int, at date: Date) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(
                sql: "INSERT INTO points_entry (feed, recommendation_id, name, points, arrived_at, recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [feed, "feed:\(id)", "Rec \(id)", points, date.timeIntervalSince1970, date.timeIntervalSince1970])
        }
    }
}
