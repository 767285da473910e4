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

/// What ``PointsLedger/award(_:owner:walk:)`` did.
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

/// The points part of the store, per owner.
///
/// Awarding is exactly-once: replaying the same trace, or two `places follow` arriving at once,
/// add a recommendation's points to an owner one time. Implementations make the checks and the
/// write one transaction, on a key of (owner, feed, recommendation id) and on the walk's
/// fingerprint, which no two awards share whoever sends them.
public protocol PointsLedger: Sendable {
    /// - Parameter walk: a fingerprint of the fixes that arrived (nil: not checked); a walk already
    ///   used for an award, by anyone, earns nothing again and is recorded as a refusal.
    func award(_ entry: PointsEntry, owner: UserID, walk: String?) throws(StoreError) -> AwardOutcome
    /// The sum of every entry of `owner`.
    func pointsBalance(of owner: UserID) throws(StoreError) -> Int
    /// Every entry of `owner`, oldest award first.
    func pointsHistory(of owner: UserID) throws(StoreError) -> [PointsEntry]
    /// Keeps an arrival that earned nothing, and why.
    func recordRefusal(_ refusal: PointsRefusal, owner: UserID) throws(StoreError)
    /// Every refusal of `owner`, oldest first.
    func refusals(of owner: UserID) throws(StoreError) -> [PointsRefusal]
}

// MARK: - Default implementations

/// The CLI's single person: the ``UserID/local`` account, and no walk check (its traces are its own).
extension PointsLedger {
    /// Awards `entry` to the ``UserID/local`` account, with no walk check.
    public func award(_ entry: PointsEntry) throws(StoreError) -> AwardOutcome { try award(entry, owner: .local, walk: nil) }
    /// The ``UserID/local`` account's balance: the sum of its entries.
    public func pointsBalance() throws(StoreError) -> Int { try pointsBalance(of: .local) }
    /// The ``UserID/local`` account's entries, oldest award first.
    public func pointsHistory() throws(StoreError) -> [PointsEntry] { try pointsHistory(of: .local) }
}
