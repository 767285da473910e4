import PlaceSearch

/// The candidates still in the race and those already dropped.
public struct RankingState: Sendable {
    public var candidates: [Candidate]
    public var excluded: [Exclusion]
}

/// One step of a ``RankingPipeline``: filter, score, sort or cut.
public protocol RankingStage: Sendable {
    func apply(to state: inout RankingState, context: RankingContext)
}

/// Drops candidates for a reason that can be shown: `--explain` lists what was left out and why.
public struct FilterStage: RankingStage {
    public let name: String
    /// The reason to drop a candidate, or nil to keep it.
    public let reason: @Sendable (Candidate, RankingContext) -> String?

    public init(_ name: String, reason: @escaping @Sendable (Candidate, RankingContext) -> String?) {
        self.name = name
        self.reason = reason
    }

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

/// A scorer and how much it counts.
public struct WeightedScorer: Sendable {
    public let scorer: any Scorer
    public let weight: Double

    public init(_ scorer: any Scorer, weight: Double) {
        self.scorer = scorer
        self.weight = weight
    }
}

/// Runs every scorer and gives each candidate its components. Weights are normalised to add
/// up to 1, so a score is always in 0…1 and is the sum of its components.
public struct ScoreStage: RankingStage {
    public let scorers: [WeightedScorer]

    public init(_ scorers: [WeightedScorer]) {
        self.scorers = scorers.filter { $0.weight > 0 }
    }

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
    public init() {}

    public func apply(to state: inout RankingState, context: RankingContext) {
        state.candidates.sort { a, b in
            // Exact comparisons: a tolerance would make "equal" non-transitive and the order unstable.
            let (scoreA, scoreB) = (a.score, b.score)
            if scoreA != scoreB { return scoreA > scoreB }
            if a.walk.meters != b.walk.meters { return a.walk.meters < b.walk.meters }
            let (nameA, nameB) = (TextFolding.fold(a.place.name), TextFolding.fold(b.place.name))
            if nameA != nameB { return nameA < nameB }
            return a.place.id < b.place.id
        }
    }
}

/// Keeps the first `count` candidates.
public struct TopStage: RankingStage {
    public let count: Int

    public init(_ count: Int) { self.count = max(0, count) }

    public func apply(to state: inout RankingState, context: RankingContext) {
        if state.candidates.count > count { state.candidates.removeSubrange(count...) }
    }
}

/// Sorts by a key of numbers compared in order (smaller first), then by score, name and id, so
/// that `--sort cost` and `--sort walk` are as stable as the score order.
public struct KeySortStage: RankingStage {
    public let key: @Sendable (Candidate) -> [Double]

    public init(_ key: @escaping @Sendable (Candidate) -> [Double]) { self.key = key }

    public func apply(to state: inout RankingState, context: RankingContext) {
        let keyed = state.candidates.map { (key($0), $0) }
        state.candidates = keyed.sorted { a, b in
            if a.0 != b.0 { return a.0.lexicographicallyPrecedes(b.0) }
            if a.1.score != b.1.score { return a.1.score > b.1.score }
            let (nameA, nameB) = (TextFolding.fold(a.1.place.name), TextFolding.fold(b.1.place.name))
            if nameA != nameB { return nameA < nameB }
            return a.1.place.id < b.1.place.id
        }.map(\.1)
    }
}
