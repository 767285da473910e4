import PlaceBytes
import PlaceCore

/// The candidates still in the race and those already dropped.
public struct RankingState: Sendable {
    /// The candidates still in, in their current order.
    public var candidates: [Candidate]
    /// The candidates dropped so far, in the order they were dropped.
    public var excluded: [Exclusion]
}

/// One step of a ``RankingPipeline``: filter, score, sort or cut.
public protocol RankingStage: Sendable {
    /// Changes `state`: drops, scores, reorders or cuts its candidates.
    func apply(to state: inout RankingState, context: RankingContext)
}

/// Drops candidates for a reason that can be shown: `--explain` lists what was left out and why.
public struct FilterStage: RankingStage {
    /// The stage's name, given to each ``Exclusion`` it makes: `coffee`, `walk`, `open`.
    public let name: String
    /// The reason to drop a candidate, or nil to keep it.
    public let reason: @Sendable (Candidate, RankingContext) -> String?

    /// A filter named `name` that drops every candidate `reason` gives a reason for.
    public init(_ name: String, reason: @escaping @Sendable (Candidate, RankingContext) -> String?) {
        self.name = name
        self.reason = reason
    }

    /// Moves the candidates ``reason`` gives a reason for to `state.excluded`; the others keep their order.
    public func apply(to state: inout RankingState, context: RankingContext) {
        var kept: [Candidate] = []
        for candidate in state.candidates {
            if let why = reason(candidate, context) {
                state.excluded.append(Exclusion(place: candidate.place, walk: candidate.walk, stage: name, reason: why))
            } else {
                kept.append(candidate)
            }
        }
        state.candidates = kept
    }
}

extension FilterStage {
    /// Drops what is a longer walk than `seconds`, saying by how much: every profile on foot has one.
    public static func walkingLimit(_ seconds: Double) -> FilterStage {
        FilterStage("walk") { candidate, _ in
            guard candidate.walk.seconds > seconds else { return nil }
            return "\(NumberText.fixed(candidate.walk.minutes, 1)) min walk, over the \(NumberText.fixed(seconds / 60, 0)) min limit"
        }
    }
}

/// A scorer and how much it counts.
public struct WeightedScorer: Sendable {
    /// What judges the candidates.
    public let scorer: any Scorer
    /// How much it counts, relative to the other scorers of its ``ScoreStage``; 0 or less leaves it out.
    public let weight: Double

    /// Pairs `scorer` with its `weight`.
    public init(_ scorer: any Scorer, weight: Double) {
        self.scorer = scorer
        self.weight = weight
    }
}

/// Runs every scorer and gives each candidate its components. Weights are normalised to add
/// up to 1, so a score is always in 0…1 and is the sum of its components.
public struct ScoreStage: RankingStage {
    /// The scorers with a positive weight, in the order they run.
    public let scorers: [WeightedScorer]

    /// A stage that runs `scorers`, leaving out those whose weight is 0 or less.
    public init(_ scorers: [WeightedScorer]) {
        self.scorers = scorers.filter { $0.weight > 0 }
    }

    /// Adds one ``ScoreComponent`` per scorer to every candidate: the value clamped to 0…1, the weight divided by the
    /// total. Does nothing when there are no scorers.
    public func apply(to state: inout RankingState, context: RankingContext) {
        let total = scorers.reduce(0) { $0 + $1.weight }
        guard total > 0 else { return }
        for weighted in scorers {
            let scores = weighted.scorer.score(state.candidates, context: context)
            for index in state.candidates.indices {
                let score = scores[index]
                state.candidates[index].components.append(
                    ScoreComponent(
                        name: weighted.scorer.name, value: min(1, max(0, score.value)), weight: weighted.weight / total,
                        detail: score.detail))
            }
        }
    }
}

/// Best score first; ties go to the shorter walk, then the name, then the id, so the order never
/// depends on which provider answered first.
public struct SortStage: RankingStage {
    /// A stage that sorts best score first.
    public init() {}

    /// Sorts the candidates best score first, ties going to the shorter walk, then the name, then the id.
    public func apply(to state: inout RankingState, context: RankingContext) {
        // Indices are sorted, not candidates: a candidate carries a whole place, and moving ten
        // thousand of them around a sort costs more than the comparisons.
        let candidates = state.candidates
        let scores = candidates.map(\.score)
        let order = candidates.indices.sorted { a, b in
            // Exact comparisons: a tolerance would make "equal" non-transitive and the order unstable.
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            let (walkA, walkB) = (candidates[a].walk.meters, candidates[b].walk.meters)
            if walkA != walkB { return walkA < walkB }
            return Self.byNameThenID(candidates[a].place, candidates[b].place)
        }
        state.candidates = order.map { candidates[$0] }
    }

    static func byNameThenID(_ a: Place, _ b: Place) -> Bool {
        let (nameA, nameB) = (TextFolding.fold(a.name), TextFolding.fold(b.name))
        if nameA != nameB { return nameA < nameB }
        return a.id < b.id
    }
}

/// Keeps the first `count` candidates.
public struct TopStage: RankingStage {
    /// How many candidates to keep; never negative.
    public let count: Int

    /// A stage that keeps the first `count` candidates; a negative count keeps none.
    public init(_ count: Int) { self.count = max(0, count) }

    /// Drops every candidate after the first ``count``.
    public func apply(to state: inout RankingState, context: RankingContext) {
        if state.candidates.count > count { state.candidates.removeSubrange(count...) }
    }
}

/// Sorts by a key of numbers compared in order (smaller first), then by score, name and id, so
/// that `--sort cost` and `--sort walk` are as stable as the score order.
public struct KeySortStage: RankingStage {
    /// The numbers to sort a candidate by, compared one after another, smaller first.
    public let key: @Sendable (Candidate) -> [Double]

    /// A stage that sorts by `key`.
    public init(_ key: @escaping @Sendable (Candidate) -> [Double]) { self.key = key }

    /// Sorts the candidates by ``key``, then best score first, then name and id.
    public func apply(to state: inout RankingState, context: RankingContext) {
        let candidates = state.candidates
        let keys = candidates.map(key)
        let scores = candidates.map(\.score)
        let order = candidates.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a].lexicographicallyPrecedes(keys[b]) }
            if scores[a] != scores[b] { return scores[a] > scores[b] }
            return SortStage.byNameThenID(candidates[a].place, candidates[b].place)
        }
        state.candidates = order.map { candidates[$0] }
    }
}
