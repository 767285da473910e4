/// What a scorer thinks of one candidate.
public struct Score: Sendable, Equatable {
    /// 0 (worst) … 1 (best); values outside are clamped.
    public let value: Double
    public let detail: String

    public init(_ value: Double, _ detail: String) {
        self.value = value
        self.detail = detail
    }
}

/// Judges candidates on one aspect.
///
/// Scorers see the whole list at once, because some judgements are relative to it: a missing
/// rating is given the list's mean, not a constant.
public protocol Scorer: Sendable {
    var name: String { get }
    /// One score per candidate, in the same order.
    func score(_ candidates: [Candidate], context: RankingContext) -> [Score]
}
