public import Foundation

/// Points awarded for reaching a recommendation, as the ledger keeps them.
public struct PointsEntry: Sendable, Equatable, Codable {
    /// The feed the recommendation came from; with ``recommendationID`` the entry's identity:
    /// one recommendation of one feed is awarded at most once.
    public var feed: String
    public var recommendationID: PlaceID
    public var name: String
    public var points: Int
    /// When the walker arrived (the fix's time, not the clock's).
    public var arrivedAt: Date
    /// When the award was written.
    public var recordedAt: Date
    /// Where the walker was when they arrived.
    public var position: Coordinate?

    public init(
        feed: String, recommendationID: PlaceID, name: String, points: Int, arrivedAt: Date, recordedAt: Date, position: Coordinate? = nil
    ) {
        self.feed = feed
        self.recommendationID = recommendationID
        self.name = name
        self.points = points
        self.arrivedAt = arrivedAt
        self.recordedAt = recordedAt
        self.position = position
    }
}

/// What ``PointsLedger/award(_:)`` did.
public enum AwardOutcome: Sendable, Equatable {
    /// The points were added; the balance after.
    case awarded(balance: Int)
    /// This recommendation was awarded before (by an earlier run, or by another `places` at the
    /// same moment); nothing was added. The entry that holds it.
    case alreadyAwarded(PointsEntry)
}

/// The points part of the local store.
///
/// Awarding is exactly-once: replaying the same trace, or two `places follow` arriving at once,
/// add a recommendation's points one time. Implementations make the check and the write one
/// transaction on a key of (feed, recommendation id).
public protocol PointsLedger: Sendable {
    func award(_ entry: PointsEntry) throws(StoreError) -> AwardOutcome
    /// The sum of every entry.
    func pointsBalance() throws(StoreError) -> Int
    /// Every entry, oldest award first.
    func pointsHistory() throws(StoreError) -> [PointsEntry]
}
