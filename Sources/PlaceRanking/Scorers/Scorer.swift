/// What a scorer thinks of one candidate.
public struct Score: Sendable, Equatable {
    /// 0 (worst) … 1 (best); values outside are clamped.
    public let value: Double
    /// Why, in words; it becomes the component's ``ScoreComponent/detail``.
    public let detail: String

    /// A score of `value` explained by `detail`.
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
    /// The name its components get: `rating`, `walk`, `coffee`.
    var name: String { get }
    /// One score per candidate, in the same order.
    func score(_ candidates: [Candidate], context: RankingContext) -> [Score]
}
