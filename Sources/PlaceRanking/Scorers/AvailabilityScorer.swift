import Foundation
import PlaceCore

/// Scores the chance of finding a place: `1 − e^(−free / scale)`, so 5 free places score 0.39,
/// 20 score 0.86 and 50 nearly 1 (a count can be minutes old and others are driving there too).
/// Where nobody counts (a street meter, a sensor error) the score is ``unknownValue``: unknown
/// is not full.
public struct AvailabilityScorer: Scorer {
    /// The component's name.
    public let name = "availability"
    /// The free places at which the score reaches 0.63 (1 − 1/e); at least 1.
    public var scale: Double
    /// The score when the free places are not counted or the count is unknown.
    public var unknownValue: Double

    /// A scorer with this `scale` (raised to at least 1) and `unknownValue`.
    public init(scale: Double = 10, unknownValue: Double = 0.6) {
        self.scale = max(1, scale)
        self.unknownValue = unknownValue
    }

    /// 0 when full, ``unknownValue`` when nobody counts or the count is unknown, else `1 − e^(−free / scale)`.
    public func score(_ candidates: [Candidate], context: RankingContext) -> [Score] {
        candidates.map { candidate in
            guard let availability = candidate.place.parking?.availability else {
                return Score(unknownValue, "not counted (street parking)")
            }
            switch availability.state {
            case .full: return Score(0, "full")
            case .unknown: return Score(unknownValue, "unknown: the count is not available")
            case .available:
                guard let free = availability.free else { return Score(unknownValue, "open, count unknown") }
                return Score(1 - exp(-Double(free) / scale), availability.text)
            }
        }
    }
}
