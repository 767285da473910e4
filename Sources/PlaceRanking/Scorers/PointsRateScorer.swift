import PlaceBytes
import PlaceCore

/// Scores points per minute of walking against the best rate in the list: what a walk earns for
/// the time it takes. Walks shorter than ``minimumMinutes`` count as that long (nobody minds two
/// minutes, and a recommendation next door should not earn an unbounded rate).
public struct PointsRateScorer: Scorer {
    public let name = "rate"
    public var minimumMinutes: Double

    public init(minimumMinutes: Double = 2) {
        self.minimumMinutes = max(0.5, minimumMinutes)
    }

    public func rate(points: Int, minutes: Double) -> Double {
        Double(points) / max(minimumMinutes, minutes)
    }

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
