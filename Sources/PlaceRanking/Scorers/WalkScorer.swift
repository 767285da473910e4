import Foundation
import PlaceBytes
import PlaceCore

/// Scores the walk: full marks up to ``freeSeconds`` (nobody minds two minutes), then a Gaussian
/// decay that reaches one half ``halfScoreSeconds`` further on — the shape of Elasticsearch's
/// `gauss` decay with offset, scale and decay 0.5.
public struct WalkScorer: Scorer {
    /// The component's name.
    public let name = "walk"
    /// The longest walk that still gets full marks, in seconds.
    public var freeSeconds: Double
    /// How far beyond ``freeSeconds`` the score falls to one half, in seconds; at least 1.
    public var halfScoreSeconds: Double

    /// A scorer with full marks up to `freeSeconds` and one half `halfScoreSeconds` (at least 1) after that.
    public init(freeSeconds: Double = 120, halfScoreSeconds: Double = 390) {
        self.freeSeconds = freeSeconds
        self.halfScoreSeconds = max(1, halfScoreSeconds)
    }

    /// For a walking limit: the score halves midway between the free minutes and the limit.
    public init(limitSeconds: Double, freeSeconds: Double = 120) {
        self.init(freeSeconds: freeSeconds, halfScoreSeconds: max(60, (limitSeconds - freeSeconds) / 2))
    }

    /// The score for a walk of `seconds`: 1 up to ``freeSeconds``, then the Gaussian decay.
    public func value(forSeconds seconds: Double) -> Double {
        let beyond = max(0, seconds - freeSeconds)
        // gauss: exp(-x² / 2σ²) with σ² chosen so that the value is 0.5 at x = halfScoreSeconds.
        let sigmaSquared = halfScoreSeconds * halfScoreSeconds / (2 * log(2))
        return exp(-(beyond * beyond) / (2 * sigmaSquared))
    }

    /// Each place's walk time as a score; the detail gives the distance, the minutes and where the distance came from.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        candidates.map { candidate in
            let walk = candidate.walk
            let detail: String
            if walk.isRouted {
                let factor = walk.straightLineMeters > 0 ? walk.meters / walk.straightLineMeters : 1
                detail =
                    "routed \(Int(walk.meters.rounded())) m, \(NumberText.fixed(walk.minutes, 1)) min "
                    + "(straight \(Int(walk.straightLineMeters.rounded())) m × \(NumberText.fixed(factor, 2)))"
            } else {
                let how = "\(Int(walk.straightLineMeters.rounded())) m straight × \(NumberText.fixed(context.walking.detourFactor, 1))"
                detail = "\(Int(walk.meters.rounded())) m on foot, \(NumberText.fixed(walk.minutes, 1)) min (\(how))"
            }
            return Score(value(forSeconds: walk.seconds), detail)
        }
    }
}
