public import Foundation
public import PlaceBytes
public import PlaceProviders
public import PlaceRanking
import PlaceCore

/// `recommendations`: recommendations worth walking to, from a feed.
public struct RecommendationsQuery: Sendable {
    /// Where the walker is: a point or a name; nil for the saved centre.
    public var near: PositionInput?
    /// A file, an http(s) URL or a name from `[feeds]`; nil for the configured `[feed]`.
    public var feed: String?
    /// Answers at most.
    public var top: Int
    /// The longest walk accepted, above 0 and at most 3 hours.
    public var maxWalk: StatedDuration

    /// Recommendations of `feed` within `maxWalk` of `near`.
    public init(near: PositionInput? = nil, feed: String? = nil, top: Int = 10, maxWalk: StatedDuration = StatedDuration(seconds: 1800)) {
        self.near = near
        self.feed = feed
        self.top = top
        self.maxWalk = maxWalk
    }

    /// Checks the feed, the number of answers and the walk.
    /// - Throws: ``PlacesError`` of kind usage, naming the parameter.
    public func validate() throws(PlacesError) {
        if let feed, feed.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PlacesError(.usage, "needs a file, an http(s) URL or a name from [feeds] in the config", parameter: "feed")
        }
        try Check.top(top)
        try Check.walk(maxWalk, parameter: "max-walk", limit: 3 * 3600, example: "30 or 20m")
    }
}

/// Ranked recommendations, with the feed they came from.
public struct RecommendationsResult: Sendable {
    /// The point the walks are measured from.
    public let focus: ResolvedPosition
    /// The feed as read.
    public let feed: RecommendationFeed
    /// Where the feed came from (a file, a URL, a recording).
    public let source: FeedSource
    /// The recommendations in order, and those left out with why.
    public let ranking: RankingResult
    /// The query as the feed's documents say it.
    public let query: JSONValue
    /// Where the walker is: the zone expiry times are shown in.
    public let timeZone: TimeZone
}

extension PlacesService {
    /// Reads the feed and ranks its recommendations by their points for the walk to each.
    /// - Throws: ``PlacesError``: usage for a query out of bounds; badData or notFound for a feed that
    ///   cannot be read.
    public func recommendations(_ query: RecommendationsQuery) async throws(PlacesError) -> RecommendationsResult {
        try query.validate()
        let provider = try feed(query.feed)
        let focus = try await position(query.near)
        let feed = try await loadFeed(provider)
        warnIfPlacesClocksAreUnknown()
        let profile = RecommendationsProfile(maximumWalkSeconds: query.maxWalk.seconds, top: query.top)
        let routed = routedWalks(from: focus.coordinate, to: feed.places, maximumWalkSeconds: query.maxWalk.seconds)
        let ranking = profile.rank(
            feed.places, context: RankingContext(focus: focus.coordinate, now: now, routedMeters: routed.metres, walkEnds: routed.ends))
        if ranking.ranked.isEmpty {
            let expired = ranking.excluded.filter { $0.stage == "expired" }.count
            let note = expired > 0 ? " (\(expired) of \(feed.places.count) expired)" : ""
            notices.say(
                "no match: no recommendation within \(Int((query.maxWalk.seconds / 60).rounded())) min walk of \(focus.coordinate)\(note); try a longer "
                    + wording.parameter("max-walk") + " or another " + wording.parameter("near"))
        }
        let echo: JSONValue = [
            "category": "recommendations",
            "feed": .string(provider.source.description),
            "near": DocumentParts.position(focus),
            "max_walk_min": DocumentParts.number(query.maxWalk.seconds / 60, places: 2),
            "top": JSONValue(query.top),
            "at": .string(ISO8601Text.format(now)),
        ]
        return RecommendationsResult(
            focus: focus, feed: feed, source: provider.source, ranking: ranking, query: echo,
            timeZone: TimeZoneMap.zone(at: focus.coordinate))
    }
}
