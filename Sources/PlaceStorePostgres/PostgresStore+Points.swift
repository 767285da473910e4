import Foundation
import PlaceBytes
public import PlaceCore
import PostgresNIO

extension PostgresStore {
    public func award(_ entry: PointsEntry, owner: UserID, walk: String?) async throws(StoreError) -> AwardOutcome {
        guard entry.points >= 0 else {
            throw StoreError(
                .corruptRecord, path: location, detail: "\(entry.recommendationID) has \(entry.points) points; points cannot be negative")
        }
        let user = owner.rawValue
        let (feed, id, name, points) = (entry.feed, entry.recommendationID.description, entry.name, entry.points)
        let (arrived, recorded) = (entry.arrivedAt.timeIntervalSince1970, entry.recordedAt.timeIntervalSince1970)
        let (latitude, longitude) = (entry.position?.latitude, entry.position?.longitude)
        let location = self.location
        // The claim of the walk and the award are one transaction, decided by unique keys: of two
        // instances sending the same arrival, the second's insert waits for the first to commit and
        // then adds nothing (READ COMMITTED's ON CONFLICT DO NOTHING), wherever it runs.
        let outcome: Outcome = try await transaction { connection, logger in
            if let walk {
                let claimed = try await connection.query(
                    """
                    INSERT INTO walk (fingerprint, owner, feed, recommendation_id, sent_at) VALUES (\(walk), \(user), \(feed), \(id), \(recorded))
                    ON CONFLICT (fingerprint) DO NOTHING RETURNING 1
                    """, logger: logger
                ).collect().count
                if claimed == 0 {
                    let first = try await connection.query("SELECT owner, sent_at FROM walk WHERE fingerprint = \(walk)", logger: logger)
                        .decode((Int64, Double).self).first { _ in true }
                    let sentAt = Date(timeIntervalSince1970: first?.1 ?? recorded)
                    let byOwner = first?.0 == user
                    let detail = "the same fixes were sent \(byOwner ? "by this account" : "by another account") at \(ISO8601Text.format(sentAt))"
                    try await Self.insertRefusal(PointsRefusal(entry, reason: "same-walk", detail: detail), owner: user, connection, logger)
                    return .sameWalk(sentAt)
                }
            }
            let inserted = try await connection.query(
                """
                INSERT INTO points_entry (owner, feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude)
                VALUES (\(user), \(feed), \(id), \(name), \(points), \(arrived), \(recorded), \(latitude), \(longitude))
                ON CONFLICT (owner, feed, recommendation_id) DO NOTHING RETURNING 1
                """, logger: logger
            ).collect().count
            if inserted == 0 {
                let rows = try await connection.query(
                    "\(unescaped: Self.entryColumns) WHERE owner = \(user) AND feed = \(feed) AND recommendation_id = \(id)", logger: logger)
                guard let row = try await rows.decode(EntryRow.self).first(where: { _ in true }) else { return .missing }
                return .already(row)
            }
            return .awarded(try await Self.balance(user, connection, logger))
        }
        switch outcome {
        case .awarded(let balance): return .awarded(balance: balance)
        case .sameWalk(let first): return .sameWalk(firstSentAt: first)
        case .already(let row): return .alreadyAwarded(try Self.entry(row, location: location))
        case .missing:
            throw StoreError(.corruptRecord, path: location, detail: "the ledger refused \(entry.recommendationID) but holds no entry for it")
        }
    }

    public func pointsBalance(of owner: UserID) async throws(StoreError) -> Int {
        let user = owner.rawValue
        return try await transaction { connection, logger in try await Self.balance(user, connection, logger) }
    }

    public func pointsHistory(of owner: UserID) async throws(StoreError) -> [PointsEntry] {
        let (logger, user, location) = (self.logger, owner.rawValue, self.location)
        let rows = try await run { client in
            try await client.query("\(unescaped: Self.entryColumns) WHERE owner = \(user) ORDER BY seq", logger: logger)
                .decode(EntryRow.self).reduce(into: []) { $0.append($1) }
        }
        var entries: [PointsEntry] = []
        for row in rows { entries.append(try Self.entry(row, location: location)) }
        return entries
    }

    public func recordRefusal(_ refusal: PointsRefusal, owner: UserID) async throws(StoreError) {
        let user = owner.rawValue
        try await transaction { connection, logger in try await Self.insertRefusal(refusal, owner: user, connection, logger) }
    }

    public func refusals(of owner: UserID) async throws(StoreError) -> [PointsRefusal] {
        let (logger, user) = (self.logger, owner.rawValue)
        let rows = try await run { client in
            try await client.query(
                """
                SELECT reason, detail, feed, recommendation_id, name, arrived_at, recorded_at
                FROM points_refusal WHERE owner = \(user) ORDER BY seq
                """, logger: logger
            ).decode((String, String, String, String, String, Double?, Double).self).reduce(into: []) { $0.append($1) }
        }
        var refusals: [PointsRefusal] = []
        for (reason, detail, feed, idText, name, arrived, recorded) in rows {
            guard let id = try? PlaceID(parsing: idText) else {
                throw StoreError(.corruptRecord, path: location, detail: "the refusal of '\(idText)' has no valid recommendation id")
            }
            refusals.append(
                PointsRefusal(
                    reason: reason, detail: detail, feed: feed, recommendationID: id, name: name,
                    arrivedAt: arrived.map(Date.init(timeIntervalSince1970:)), recordedAt: Date(timeIntervalSince1970: recorded)))
        }
        return refusals
    }

    // MARK: Rows

    private enum Outcome: Sendable {
        case awarded(Int)
        case sameWalk(Date)
        case already(EntryRow)
        case missing
    }

    private typealias EntryRow = (String, String, String, Int, Double, Double, Double?, Double?)

    private static let entryColumns =
        "SELECT feed, recommendation_id, name, points, arrived_at, recorded_at, latitude, longitude FROM points_entry"

    private static func entry(_ row: EntryRow, location: String) throws(StoreError) -> PointsEntry {
        let (feed, idText, name, points, arrived, recorded, latitude, longitude) = row
        guard let id = try? PlaceID(parsing: idText) else {
            throw StoreError(.corruptRecord, path: location, detail: "the points entry '\(idText)' has no valid recommendation id")
        }
        var position: Coordinate?
        if let latitude, let longitude { position = try? Coordinate(latitude: latitude, longitude: longitude) }
        return PointsEntry(
            feed: feed, recommendationID: id, name: name, points: points, arrivedAt: Date(timeIntervalSince1970: arrived),
            recordedAt: Date(timeIntervalSince1970: recorded), position: position)
    }

    private static func balance(_ owner: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws -> Int {
        // SUM of integers is numeric in PostgreSQL; the cast brings it back to a bigint.
        try await connection.query("SELECT COALESCE(SUM(points), 0)::bigint FROM points_entry WHERE owner = \(owner)", logger: logger)
            .decode(Int.self).first { _ in true } ?? 0
    }

    private static func insertRefusal(_ refusal: PointsRefusal, owner: Int64, _ connection: PostgresConnection, _ logger: Logger) async throws {
        let (feed, id, name, reason, detail) = (refusal.feed, refusal.recommendationID.description, refusal.name, refusal.reason, refusal.detail)
        let (arrived, recorded) = (refusal.arrivedAt?.timeIntervalSince1970, refusal.recordedAt.timeIntervalSince1970)
        try await connection.query(
            """
            INSERT INTO points_refusal (owner, feed, recommendation_id, name, reason, detail, arrived_at, recorded_at)
            VALUES (\(owner), \(feed), \(id), \(name), \(reason), \(detail), \(arrived), \(recorded))
            """, logger: logger)
    }
}
