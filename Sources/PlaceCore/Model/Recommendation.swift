public import Foundation

/// What makes a place a recommendation (ReCrowd): the points it is worth when reached, how near
/// counts as reached, and until when it holds.
public struct RecommendationOffer: Sendable, Equatable, Codable {
    /// Points awarded once, on arrival.
    public var points: Int
    /// Metres from the place within which the walker has arrived; nil for the default (50 m,
    /// ReCrowd's hard-coded reach).
    public var radius: Double?
    /// After this moment it no longer counts; nil for never.
    public var expires: Date?
    /// The feed it came from (its name, URL or file), which scopes its id in the points ledger.
    public var feed: String

    /// Makes an offer of `points` from `feed`; without a `radius` the reach is ``defaultRadius``, and without `expires` it never expires.
    public init(points: Int, radius: Double? = nil, expires: Date? = nil, feed: String) {
        self.points = points
        self.radius = radius
        self.expires = expires
        self.feed = feed
    }

    /// ReCrowd's reach: `distance(from: destination) <= 50`.
    public static let defaultRadius = 50.0

    /// Metres from the place within which the walker has arrived: ``radius``, else ``defaultRadius``.
    public var arrivalRadius: Double { radius ?? Self.defaultRadius }

    /// Whether the offer no longer counts at `moment`: only after ``expires``, and never when there is none.
    public func hasExpired(at moment: Date) -> Bool { expires.map { moment > $0 } ?? false }
}
