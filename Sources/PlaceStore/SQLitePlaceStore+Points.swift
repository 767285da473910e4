import Foundation
import GRDB
import PlaceBytes
public import PlaceCore

// The points ledger, per owner.
//
// Awarding is exactly-once: replaying the same trace, or two `places follow` arriving at once,
// add a recommendation's points to an owner one time: the checks and the write are one
// transaction, on a key of (owner, feed, recommendation id) and on the walk's
// fingerprint, which no two awards share whoever sends them.
extension SQLitePlaceStore {
    /// - Parameter walk: a fingerprint of the fixes that arrived (nil: not checked); a walk already
    ///   used for an award, by anyone, earns nothing again and is recorded as a refusal.
    public func award(_ entry: PointsEntry, owner: UserID, walk: String?) throws(StoreError) -> AwardOutcome {
        guard entry.points >= 0 else {
            throw StoreError(.corruptRecord, path: path, detail: "\(entry.recommendationID) has \(entry.points) points; points cannot be negative")
        }
        return try writing { db in
            // The claim of the walk, the check and the write are one transaction: of two processes
            // sending the same walk, or awarding the same recommendation, the second finds the row
            // and adds nothing.
            if let walk {
                try db.execute(
                    sql: """
                        INSERT INTO walk (fingerprint, owner, feed, recommendation_id, sent_at) VALUES (?, ?, ?, ?, ?)
                        ON CONFLICT (fingerprint) DO NOTHING
                        """,
                    arguments: [walk, owner.rawValue, entry.feed, entry.recommendationID.description, entry.recordedAt.timeIntervalSince1970])
                if db.changesCount == 0 {
                    let first = try Row.fetchOne(db, sql: "SELECT owner, sent_at FROM walk WHERE fingerprint = ?", arguments: [walk])
                    let sentAt = Date(timeIntervalSince1970: first?["sent_at"] ?? entry.recordedAt.timeIntervalSince1970)
                    let byOwner = (first?["owner"] as Int64?) == owner.rawValue
                    let detail = "the same fixes were sent \(byOwner ? "by this account" : "by another account") at \(ISO8601Text.format(sentAt))"
                    try Self.insertRefusal(PointsRefusal(entry, reason: "same-walk", detail: detail), owner: owner, db)
                    return .sameWalk(firstSentAt: sentAt)
                }
            }
            try db.execute(
                sql: """
                    INSERT INTO points_entry (owner, feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (owner, feed, recommendation_id) DO NOTHING
                    """,
                arguments: [
                    owner.rawValue, entry.feed, entry.recommendationID.description, entry.name, entry.points,
                    entry.arrivedAt.timeIntervalSince1970, entry.recordedAt.timeIntervalSince1970,
                    entry.position?.latitude, entry.position?.longitude,
                ])
            if db.changesCount == 0 {
                let row = try Row.fetchOne(
                    db, sql: "\(Self.entryColumns) WHERE owner = ? AND feed = ? AND recommendation_id = ?",
                    arguments: [owner.rawValue, entry.feed, entry.recommendationID.description])
                if let row, let existing = try self.entry(from: row) { return .alreadyAwarded(existing) }
                throw StoreError(.corruptRecord, path: path, detail: "the ledger refused \(entry.recommendationID) but holds no entry for it")
            }
            return .awarded(balance: try Self.balance(owner, db))
        }
    }

    /// The sum of every entry of `owner`.
    public func pointsBalance(of owner: UserID) throws(StoreError) -> Int {
        try reading { db in try Self.balance(owner, db) }
    }

    /// Every entry of `owner`, oldest award first.
    public func pointsHistory(of owner: UserID) throws(StoreError) -> [PointsEntry] {
        try reading { db in
            try Row.fetchAll(db, sql: "\(Self.entryColumns) WHERE owner = ? ORDER BY seq", arguments: [owner.rawValue])
                .compactMap { try self.entry(from: $0) }
        }
    }

    /// Keeps an arrival that earned nothing, and why.
    public func recordRefusal(_ refusal: PointsRefusal, owner: UserID) throws(StoreError) {
        try writing { db in try Self.insertRefusal(refusal, owner: owner, db) }
    }

    /// Every refusal of `owner`, oldest first.
    public func refusals(of owner: UserID) throws(StoreError) -> [PointsRefusal] {
        try reading { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT reason, detail, feed, recommendation_id, name, arrived_at, recorded_at
                    FROM points_refusal WHERE owner = ? ORDER BY seq
                    """,
                arguments: [owner.rawValue])
            return try rows.map { row in
                let idText: String = row[3]
                guard let id = try? PlaceID(parsing: idText) else {
                    throw StoreError(.corruptRecord, path: path, detail: "the refusal of '\(idText)' has no valid recommendation id")
                }
                return PointsRefusal(
                    reason: row[0], detail: row[1], feed: row[2], recommendationID: id, name: row[4],
                    arrivedAt: (row[5] as Double?).map(Date.init(timeIntervalSince1970:)), recordedAt: Date(timeIntervalSince1970: row[6]))
            }
        }
    }

    private static func insertRefusal(_ refusal: PointsRefusal, owner: UserID, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO points_refusal (owner, feed, recommendation_id, name, reason, detail, arrived_at, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                owner.rawValue, refusal.feed, refusal.recommendationID.description, refusal.name, refusal.reason, refusal.detail,
                refusal.arrivedAt?.timeIntervalSince1970, refusal.recordedAt.timeIntervalSince1970,
            ])
    }

    private static func balance(_ owner: UserID, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COALESCE(SUM(points), 0) FROM points_entry WHERE owner = ?", arguments: [owner.rawValue]) ?? 0
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

/// The CLI's single person: the ``UserID/local`` account, and no walk check (its traces are its own).
extension SQLitePlaceStore {
    /// Awards `entry` to the ``UserID/local`` account, with no walk check.
    public func award(_ entry: PointsEntry) throws(StoreError) -> AwardOutcome { try award(entry, owner: .local, walk: nil) }
    /// The ``UserID/local`` account's balance: the sum of its entries.
    public func pointsBalance() throws(StoreError) -> Int { try pointsBalance(of: .local) }
    /// The ``UserID/local`` account's entries, oldest award first.
    public func pointsHistory() throws(StoreError) -> [PointsEntry] { try pointsHistory(of: .local) }
}
