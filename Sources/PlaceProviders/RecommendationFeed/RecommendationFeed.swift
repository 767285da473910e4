import Foundation
public import PlaceCore

/// A recommendation feed as read: its name, the recommendations it offers and the entries that
/// could not be used.
public struct RecommendationFeed: Sendable, Equatable {
    /// The feed's own `name`, else its ``FeedSource/location`` (absolute path or URL). Every
    /// place's ``RecommendationOffer/feed`` is this, so that ids stay scoped to their feed.
    public var name: String
    /// In feed order; each has a ``Place/recommendation`` and an id `feed:<id>`.
    public var places: [Place]
    /// Entries left out, in feed order.
    public var skipped: [FeedIssue]

    /// A feed named `name`, with its usable places and the entries left out.
    public init(name: String, places: [Place], skipped: [FeedIssue] = []) {
        self.name = name
        self.places = places
        self.skipped = skipped
    }

    /// The recommendation with this id, written as the feed has it (`rec-1`) or as a place id (`feed:rec-1`).
    public func recommendation(_ id: String) -> Place? {
        let wanted = id.trimmingCharacters(in: .whitespaces)
        if let place = places.first(where: { $0.id.nativeID == wanted }) { return place }
        let prefix = "\(RecommendationFeedProvider.providerID):"
        guard wanted.hasPrefix(prefix) else { return nil }
        let native = wanted.dropFirst(prefix.count)
        return places.first { $0.id.nativeID == native }
    }
}

/// An entry of a feed that was left out, and why.
public struct FeedIssue: Sendable, Equatable, CustomStringConvertible {
    /// 1-based, in document order.
    public var position: Int
    /// The entry's id or key, when it has one.
    public var id: String?
    /// What is wrong: `no latitude`, `latitude 95 is out of range (-90…90)`.
    public var reason: String

    /// The entry at `position` (1-based), with its id when it has one, and what is wrong with it.
    public init(position: Int, id: String?, reason: String) {
        self.position = position
        self.id = id
        self.reason = reason
    }

    /// `entry 3 (rec-x): no latitude`
    public var description: String {
        "entry \(position)" + (id.map { " (\($0))" } ?? "") + ": \(reason)"
    }
}
