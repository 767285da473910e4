import Foundation
import PlaceBytes
import PlaceCore

/// Scores the rating, shrunk towards the list so that a 10 from three people does not beat a
/// 9.2 from three hundred, and a place nobody rated is neither a 0 nor a 10.
///
/// A rated place gets the Bayesian average `(n·r + m·C) / (n + m)`: `r` its rating, `n` its number
/// of ratings (unknown counts weigh as much as the prior), `m` = ``priorWeight``, and `C` the mean
/// rating of the rated candidates — people judge a rating against the list they see (Lv et al.,
/// SIGIR 2012). A place without a rating is counted at the lower quartile of the rated candidates:
/// an unknown place is a gamble, and someone on foot prefers a known good café to it, but it is no
/// worse than the usual weaker place either. With nothing rated, ``fallbackPrior`` stands in.
/// The estimate maps to 0…1 linearly from ``floor`` (and below) to 10.
public struct RatingScorer: Scorer {
    /// The component's name.
    public let name = "rating"
    /// `m`: how many ratings the mean counts as, and what a rating with an unknown count weighs.
    public var priorWeight: Double
    /// The rating (0–10) that stands in for the mean and for unrated places when nothing is rated.
    public var fallbackPrior: Double
    /// The estimate (0–10) that scores 0; below it scores 0 too.
    public var floor: Double

    /// A scorer with this prior weight, fallback rating and floor.
    public init(priorWeight: Double = 10, fallbackPrior: Double = 7, floor: Double = 5) {
        self.priorWeight = priorWeight
        self.fallbackPrior = fallbackPrior
        self.floor = floor
    }

    /// Each place's estimate mapped to 0…1 by ``normalise(_:)``; the detail shows the rating, its count and the mean.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        let rated = candidates.compactMap { $0.place.rating?.value }.sorted()
        let mean = rated.isEmpty ? fallbackPrior : rated.reduce(0, +) / Double(rated.count)
        let unknown = rated.isEmpty ? fallbackPrior : Self.quantile(rated, 0.25)
        let population = "\(rated.count) rated place\(rated.count == 1 ? "" : "s")"
        let unknownText =
            rated.isEmpty
            ? "no rating; counted as \(format(unknown)), the default (nothing here is rated)"
            : "no rating; counted as \(format(unknown)), the lower quartile of \(population)"
        return candidates.map { candidate in
            guard let rating = candidate.place.rating else { return Score(normalise(unknown), unknownText) }
            let votes = rating.count.map(Double.init) ?? priorWeight
            let estimate = (votes * rating.value + priorWeight * mean) / (votes + priorWeight)
            let source = "\(format(rating.sourceValue))/\(format(rating.sourceScale))"
            let countText = rating.count.map { "from \($0) rating\($0 == 1 ? "" : "s")" } ?? "count unknown"
            return Score(
                normalise(estimate), "\(source) \(countText); \(format(estimate)) after shrinking to the mean \(format(mean)) of \(population)")
        }
    }

    /// An estimate on the 0–10 scale as a score: 0 at ``floor`` and below, 1 at 10.
    public func normalise(_ estimate: Double) -> Double { min(1, max(0, (estimate - floor) / (10 - floor))) }

    /// Linear interpolation between closest ranks, on sorted values.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard let first = sorted.first else { return 0 }
        guard sorted.count > 1 else { return first }
        let position = q * Double(sorted.count - 1)
        let lower = Int(position.rounded(.down))
        let upper = min(sorted.count - 1, lower + 1)
        return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
    }

    private func format(_ value: Double) -> String {
        value.rounded() == value ? NumberText.fixed(value, 0) : NumberText.fixed(value, 1)
    }
}
