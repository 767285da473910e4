import Foundation
import GRDB
public import PlaceSearch

extension SQLitePlaceStore: PointsLedger {
    public func award(_ entry: PointsEntry) throws(StoreError) -> AwardOutcome {
        guard entry.points >= 0 else {
            throw StoreError(.corruptRecord, path: path, detail: "\(entry.recommendationID) has \(entry.points) points; points cannot be negative")
        }
        return try writing { db in
            // The check and the write are one statement inside one write transaction: of two
            // processes awarding the same recommendation, the second finds the row and adds nothing.
            try db.execute(
                sql: """
                    INSERT INTO points_entry (feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (feed, recommendation_id) DO NOTHING
                    """,
                arguments: [
                    entry.feed, entry.recommendationID.description, entry.name, entry.points,
                    entry.arrivedAt.timeIntervalSince1970, entry.recordedAt.timeIntervalSince1970,
                    entry.position?.latitude, entry.position?.longitude,
                ])
            if db.changesCount == 0 {
                let row = try Row.fetchOne(
                    db, sql: "\(Self.entryColumns) WHERE feed = ? AND recommendation_id = ?",
                    arguments: [entry.feed, entry.recommendationID.description])
                if let row, let existing = try self.entry(from: row) { return .alreadyAwarded(existing) }
                throw StoreError(.corruptRecord, path: path, detail: "the ledger refused \(entry.recommendationID) but holds no entry for it")
            }
            return .awarded(balance: try Self.balance(db))
        }
    }

    public func pointsBalance() throws(StoreError) -> Int {
        try reading { db in try Self.balance(db) }
    }

    public func pointsHistory() throws(StoreError) -> [PointsEntry] {
        try reading { db in
            try Row.fetchAll(db, sql: "\(Self.entryColumns) ORDER BY seq").compactMap { try self.entry(from: $0) }
        }
    }

    private static func balance(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(points), 0) FROM points_entry") ?? 0
    }

    private static let entryColumns =
        "SELECT feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude FROM points_entry"

    private func entry(from row: Row) throws -> PointsEntry? {
        let idText: String = row[1]
        guard let id = try? PlaceID(parsing: idText) else {
            throw StoreError(.corruptRecord, path: path, detail: "the points entry '\(idText)' has no valid recommendation id")
        }
        var position: Coordinate?
        if let latitude = row[6] as Double?, let longitude = row[7] as Double? {
            position = try? Coordinate(latitude: latitude, longitude: longitude)
        }
        return PointsEntry(
            feed: row[0], recommendationID: id, name: row[2], points: row[3],
            arrivedAt: Date(timeIntervalSince1970: row[4]), recordedAt: Date(timeIntervalSince1970: row[5]), position: position)
    }
}
