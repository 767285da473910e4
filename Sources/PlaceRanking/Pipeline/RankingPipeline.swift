public import PlaceCore

/// Stages applied in order to a list of places: typically filters, a score stage, a sort and a cut.
public struct RankingPipeline: Sendable {
    /// The stages, applied in this order.
    public var stages: [any RankingStage]

    /// A pipeline that applies `stages` in order.
    public init(_ stages: [any RankingStage]) { self.stages = stages }

    /// Ranks `places`: works out each one's walk from the focus (routed where `context` has a distance), runs every stage
    /// and numbers what is left from 1. The result's notes are empty.
    public func rank(_ places: [Place], context: RankingContext) -> RankingResult {
        let candidates = places.map { place in
            Candidate(
                place: place,
                walk: context.walking.walk(
                    from: context.focus, to: place.coordinate, routedMeters: context.routedMeters[place.id],
                    ends: context.walkEnds[place.id]))
        }
        var state = RankingState(candidates: candidates, excluded: [])
        for stage in stages { stage.apply(to: &state, context: context) }
        let ranked = state.candidates.enumerated().map { index, candidate in
            RankedPlace(
                rank: index + 1, place: candidate.place, walk: candidate.walk, score: candidate.score,
                components: candidate.components, isOpen: context.isOpen(candidate.place))
        }
        return RankingResult(ranked: ranked, excluded: state.excluded, candidateCount: places.count)
    }
}
