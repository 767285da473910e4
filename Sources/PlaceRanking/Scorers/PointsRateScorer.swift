import PlaceBytes
import PlaceCore

/// Scores points per minute of walking against the best rate in the list: what a walk earns for
/// the time it takes. Walks shorter than ``minimumMinutes`` count as that long (nobody minds two
/// minutes, and a recommendation next door should not earn an unbounded rate).
public struct PointsRateScorer: Scorer {
    /// The component's name.
    public let name = "rate"
    /// The shortest walk a rate is worked out for, in minutes; at least 0.5.
    public var minimumMinutes: Double

    /// A scorer that counts walks under `minimumMinutes` (raised to at least 0.5) as that long.
    public init(minimumMinutes: Double = 2) {
        self.minimumMinutes = max(0.5, minimumMinutes)
    }

    /// Points per minute of walking, a walk under ``minimumMinutes`` counting as that long.
    public func rate(points: Int, minutes: Double) -> Double {
        Double(points) / max(minimumMinutes, minutes)
    }

    /// Each rate divided by the best in the list; 0 for a place without points, or for all when no rate is above 0.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        let rates = candidates.map { candidate in
            candidate.place.recommendation.map { rate(points: $0.points, minutes: candidate.walk.minutes) }
        }
        let best = rates.compactMap { $0 }.max() ?? 0
        return zip(candidates, rates).map { candidate, rate in
            guard let rate, let points = candidate.place.recommendation?.points else { return Score(0, "no points") }
            let minutes = max(minimumMinutes, candidate.walk.minutes)
            let text = "\(points) points for \(NumberText.fixed(minutes, 1)) min: \(NumberText.fixed(rate, 1)) points/min"
            guard best > 0 else { return Score(0, text) }
            return Score(rate / best, "\(text); the best here is \(NumberText.fixed(best, 1))")
        }
    }
}
