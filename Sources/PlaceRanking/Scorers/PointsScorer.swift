import PlaceCore

/// Scores a recommendation's points against the best on offer in the list: the best scores 1,
/// half as many points 0.5. Relative, because points have no absolute scale (one feed gives 5,
/// another 500). A place without points, or a list where nothing is worth any, scores 0.
public struct PointsScorer: Scorer {
    /// The component's name.
    public let name = "points"

    /// A scorer; it has no settings.
    public init() {}

    /// Each place's points divided by the most in the list.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        let best = candidates.compactMap { $0.place.recommendation?.points }.max() ?? 0
        return candidates.map { candidate in
            guard let points = candidate.place.recommendation?.points else { return Score(0, "no points") }
            guard best > 0 else { return Score(0, "\(points) points; nothing here is worth any") }
            return Score(Double(points) / Double(best), "\(points) points; the best here is \(best)")
        }
    }
}
