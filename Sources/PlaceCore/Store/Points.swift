public import Foundation

/// Points awarded for reaching a recommendation, as the ledger keeps them.
public struct PointsEntry: Sendable, Equatable, Codable {
    /// The feed the recommendation came from; with ``recommendationID`` (and the owner) the entry's
    /// identity: one recommendation of one feed is awarded to an owner at most once.
    public var feed: String
    /// The id of the recommendation's place.
    public var recommendationID: PlaceID
    /// The recommendation's name, for the history.
    public var name: String
    /// The points awarded.
    public var points: Int
    /// When the walker arrived (the fix's time, not the clock's).
    public var arrivedAt: Date
    /// When the award was written.
    public var recordedAt: Date
    /// Where the walker was when they arrived.
    public var position: Coordinate?

    /// Makes an entry from its feed, recommendation, name, points and times, and where the walker was when known.
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

/// An arrival that earned nothing, and why: what the ledger keeps so that a refusal can be
/// explained (and a farm recognised) later.
public struct PointsRefusal: Sendable, Equatable {
    /// Why, as a word a program can count: `not-live`, `replayed`, `too-fast`, `too-regular`,
    /// `same-walk`, `out-of-order`, `expired`, ….
    public var reason: String
    /// Why, in words.
    public var detail: String
    /// The feed the recommendation came from.
    public var feed: String
    /// The id of the recommendation's place.
    public var recommendationID: PlaceID
    /// The recommendation's name.
    public var name: String
    /// When the walk said it arrived.
    public var arrivedAt: Date?
    /// When the refusal was recorded.
    public var recordedAt: Date

    /// Makes a refusal from its reason and detail, the recommendation it was for and its times.
    public init(
        reason: String, detail: String, feed: String, recommendationID: PlaceID, name: String, arrivedAt: Date?, recordedAt: Date
    ) {
        self.reason = reason
        self.detail = detail
        self.feed = feed
        self.recommendationID = recommendationID
        self.name = name
        self.arrivedAt = arrivedAt
        self.recordedAt = recordedAt
    }

    /// The refusal of `entry`'s arrival.
    public init(_ entry: PointsEntry, reason: String, detail: String) {
        self.init(
            reason: reason, detail: detail, feed: entry.feed, recommendationID: entry.recommendationID, name: entry.name,
            arrivedAt: entry.arrivedAt, recordedAt: entry.recordedAt)
    }
}

/// What an award did (``SharedStore/award(_:owner:walk:)``).
public enum AwardOutcome: Sendable, Equatable {
    /// The points were added; the owner's balance after.
    case awarded(balance: Int)
    /// This recommendation was awarded to this owner before (by an earlier run, or by another
    /// `places` at the same moment); nothing was added. The entry that holds it.
    case alreadyAwarded(PointsEntry)
    /// The same walk (the same fixes) was sent before, by this owner or another; nothing was added,
    /// and the refusal is in the ledger. When it was first sent.
    case sameWalk(firstSentAt: Date)
}
