import Foundation
import PlaceBytes
public import PlaceCore

/// How a person on foot picks a coffee place: good coffee, not far, actually coffee, and
/// (when asked) open now.
///
/// Filters: coffee (see ``CoffeeClassifier``), the walking limit, and open-now when required
/// (a place whose hours are unknown is left out then: the person asked to be sure).
/// Scores: rating (``RatingScorer``) 0.5, walk (``WalkScorer``) 0.4, coffee focus
/// (``CoffeeFocusScorer``) 0.1. When no place is rated (offline, OpenStreetMap has no ratings)
/// the rating's share goes to the walk: every place would get the same rating score, and the
/// coffee focus would then outweigh a walk five times as long. Then best first and the top N.
public struct CoffeeProfile: Sendable {
    /// The longest acceptable walk, in seconds.
    public var maximumWalkSeconds: Double
    /// Leave out every place not known to be open now: closed ones and those whose hours are unknown.
    public var requireOpen: Bool
    /// How many places to keep, best first; nil keeps all.
    public var top: Int?
    /// The rating's weight (``RatingScorer``), relative to the others; it goes to the walk when no place is rated.
    public var ratingWeight: Double
    /// The walk's weight (``WalkScorer``), relative to the others.
    public var walkWeight: Double
    /// The coffee focus's weight (``CoffeeFocusScorer``), relative to the others.
    public var focusWeight: Double
    /// How distances become walks; it replaces the context's model in ``rank(_:context:)``.
    public var walking: WalkingModel

    /// A profile with these settings; by default a walk of at most 15 minutes, places open or not, and every place kept.
    public init(
        maximumWalkSeconds: Double = 15 * 60, requireOpen: Bool = false, top: Int? = nil, ratingWeight: Double = 0.5,
        walkWeight: Double = 0.4, focusWeight: Double = 0.1, walking: WalkingModel = WalkingModel()
    ) {
        self.maximumWalkSeconds = maximumWalkSeconds
        self.requireOpen = requireOpen
        self.top = top
        self.ratingWeight = ratingWeight
        self.walkWeight = walkWeight
        self.focusWeight = focusWeight
        self.walking = walking
    }

    /// The radius worth asking providers about: what can be walked within the limit, rounded up
    /// to 500 m and at least 1 km, so that every limit up to the default 15 minutes sends the same
    /// request (one cassette answers them all) and the walking filter does the rest.
    public var searchRadius: Double {
        walking.searchRadius(forSeconds: maximumWalkSeconds, step: 500, minimum: 1000)
    }

    /// The stages for these settings: the coffee, walk and (with ``requireOpen``) open filters, the three scorers, best first
    /// and the top N. The weights are used as they are: ``rank(_:context:)`` moves the rating's share when nothing is rated.
    public func pipeline() -> RankingPipeline {
        let classifier = CoffeeClassifier()
        let limit = maximumWalkSeconds
        var stages: [any RankingStage] = [
            FilterStage("coffee") { candidate, _ in classifier.exclusionReason(for: candidate.place) },
            FilterStage.walkingLimit(limit),
        ]
        if requireOpen {
            stages.append(
                FilterStage("open") { candidate, context in
                    switch context.isOpen(candidate.place) {
                    case true?: return nil
                    case false?:
                        let status = candidate.place.openingStatus(at: context.now)
                        return status ?? "closed now"
                    case nil: return "opening hours unknown"
                    }
                })
        }
        stages.append(
            ScoreStage([
                WeightedScorer(RatingScorer(), weight: ratingWeight),
                WeightedScorer(WalkScorer(limitSeconds: limit), weight: walkWeight),
                WeightedScorer(CoffeeFocusScorer(), weight: focusWeight),
            ]))
        stages.append(SortStage())
        if let top { stages.append(TopStage(top)) }
        return RankingPipeline(stages)
    }

    /// Ranks `places` with this profile's ``walking``, giving the rating's weight to the walk when no place is rated. The
    /// result's notes say which weights were used.
    public func rank(_ places: [Place], context: RankingContext) -> RankingResult {
        var context = context
        context.walking = walking
        let weights =
            "rating \(NumberText.fixed(ratingWeight, 2)), walk \(NumberText.fixed(walkWeight, 2)), coffee \(NumberText.fixed(focusWeight, 2))"
        guard !places.contains(where: { $0.rating != nil }) else {
            var result = pipeline().rank(places, context: context)
            result.notes = ["weights: \(weights)"]
            return result
        }
        var unrated = self
        unrated.walkWeight += ratingWeight
        unrated.ratingWeight = 0
        var result = unrated.pipeline().rank(places, context: context)
        result.notes = [
            "weights: no place here is rated, so the walk decides: walk \(NumberText.fixed(unrated.walkWeight, 2)), "
                + "coffee \(NumberText.fixed(focusWeight, 2)) (with ratings: \(weights))"
        ]
        return result
    }
}
