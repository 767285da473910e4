import Foundation
import PlaceBytes
public import PlaceCore

/// How a walker picks a recommendation (ReCrowd): as many points as possible, for as little walking.
///
/// Filters: not a recommendation (no points offer), expired at ``RankingContext/now``, and the
/// walking limit (default 30 minutes: a detour to a quieter spot, not an afternoon's hike).
///
/// Scores:
/// - points (``PointsScorer``) **0.4**: what the walker is here for, so the largest share; relative
///   to the best in the list, since feeds have no common scale.
/// - walk (``WalkScorer`` for the limit) **0.3**: full marks up to 2 minutes, one half at about 16
///   minutes with the default limit. The time it costs, judged as every other profile judges it.
/// - rate (``PointsRateScorer``) **0.3**: points per minute of walking (walks under 2 minutes count
///   as 2), relative to the best rate. The point of ReCrowd is a short detour that spreads a crowd,
///   and this is what makes a near recommendation beat a slightly richer far one: 50 points 2
///   minutes away scores 0.4 × 0.83 + 0.3 × 1 + 0.3 × 1 = 0.93, while 60 points 25 minutes away
///   scores 0.4 × 1 + 0.3 × 0.15 + 0.3 × 0.1 = 0.48. At the same rate the bigger reward wins:
///   100 points 10 minutes away (0.94) beat 20 points 2 minutes away (0.68), both 10 points/min.
///
/// Then best first and the top N.
public struct RecommendationsProfile: Sendable {
    /// The longest acceptable walk, in seconds.
    public var maximumWalkSeconds: Double
    /// How many places to keep, best first; nil keeps all.
    public var top: Int?
    /// The points' weight (``PointsScorer``), relative to the others.
    public var pointsWeight: Double
    /// The walk's weight (``WalkScorer``), relative to the others.
    public var walkWeight: Double
    /// The points rate's weight (``PointsRateScorer``), relative to the others.
    public var rateWeight: Double
    /// How distances become walks; it replaces the context's model in ``rank(_:context:)``.
    public var walking: WalkingModel

    /// A profile with these settings; by default a walk of at most 30 minutes and every place kept.
    public init(
        maximumWalkSeconds: Double = 30 * 60, top: Int? = nil, pointsWeight: Double = 0.4, walkWeight: Double = 0.3,
        rateWeight: Double = 0.3, walking: WalkingModel = WalkingModel()
    ) {
        self.maximumWalkSeconds = maximumWalkSeconds
        self.top = top
        self.pointsWeight = pointsWeight
        self.walkWeight = walkWeight
        self.rateWeight = rateWeight
        self.walking = walking
    }

    /// What can be walked within the limit, rounded up to 500 m: the radius to ask a provider for.
    public var searchRadius: Double {
        walking.searchRadius(forSeconds: maximumWalkSeconds, step: 500, minimum: 500)
    }

    /// The stages for these settings: the recommendation, expired and walk filters, the three scorers, best first and the
    /// top N. Walks shorter than the walk scorer's free time count as that long for the rate.
    public func pipeline() -> RankingPipeline {
        let limit = maximumWalkSeconds
        let walk = WalkScorer(limitSeconds: limit)
        var stages: [any RankingStage] = [
            FilterStage("recommendation") { candidate, _ in candidate.place.recommendation == nil ? "not a recommendation (no points)" : nil },
            FilterStage("expired") { candidate, context in
                guard let offer = candidate.place.recommendation, offer.hasExpired(at: context.now), let expires = offer.expires else { return nil }
                return "expired at \(ISO8601Text.format(expires))"
            },
            FilterStage.walkingLimit(limit),
        ]
        stages.append(
            ScoreStage([
                WeightedScorer(PointsScorer(), weight: pointsWeight),
                WeightedScorer(walk, weight: walkWeight),
                WeightedScorer(PointsRateScorer(minimumMinutes: walk.freeSeconds / 60), weight: rateWeight),
            ]))
        stages.append(SortStage())
        if let top { stages.append(TopStage(top)) }
        return RankingPipeline(stages)
    }

    /// Ranks `places` through ``pipeline()`` with this profile's ``walking``.
    public func rank(_ places: [Place], context: RankingContext) -> RankingResult {
        var context = context
        context.walking = walking
        return pipeline().rank(places, context: context)
    }
}
