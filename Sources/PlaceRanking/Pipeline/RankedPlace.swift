public import PlaceCore

/// One part of a place's score: what a scorer thought of it and how much that counts.
public struct ScoreComponent: Sendable, Equatable, Codable {
    /// The scorer's name: `rating`, `walk`, `coffee`.
    public let name: String
    /// The scorer's verdict, 0 (worst) to 1 (best).
    public let value: Double
    /// This scorer's share of the total; the shares of a pipeline add up to 1.
    public let weight: Double
    /// Why, in words: "8.7/10 from 312 ratings".
    public let detail: String

    /// What this component adds to the score.
    public var contribution: Double { value * weight }
}

/// A place while it moves through the pipeline.
public struct Candidate: Sendable {
    /// The place being ranked.
    public let place: Place
    /// The walk to it from the focus.
    public let walk: Walk
    /// Its score so far, one component per scorer; filled in by ``ScoreStage``.
    public internal(set) var components: [ScoreComponent] = []

    /// A candidate for `place`, reached by `walk`, with no score yet.
    public init(place: Place, walk: Walk) {
        self.place = place
        self.walk = walk
    }

    /// The sum of the components' contributions, so an explanation always adds up.
    public var score: Double { components.reduce(0) { $0 + $1.contribution } }
}

/// A place in the final list, with everything needed to explain its position.
public struct RankedPlace: Sendable {
    /// Its position in the list, from 1.
    public let rank: Int
    /// The place ranked.
    public let place: Place
    /// The walk to it from the focus.
    public let walk: Walk
    /// The sum of the components' contributions, 0…1 (0 when nothing scored it).
    public let score: Double
    /// The parts of ``score``, one per scorer, in the order the scorers ran.
    public let components: [ScoreComponent]
    /// Open at the ranking's moment: true, false, or nil when unknown.
    public let isOpen: Bool?
}

/// A place a filter left out, and why.
public struct Exclusion: Sendable {
    /// The place left out.
    public let place: Place
    /// The walk to it from the focus.
    public let walk: Walk
    /// The stage that dropped it: `coffee`, `walk`, `open`.
    public let stage: String
    /// Why, in words: "tea house, not coffee", "opening hours unknown".
    public let reason: String
}

/// What a pipeline made of a list of places: the ranked ones, those left out and why.
public struct RankingResult: Sendable {
    /// The places every filter kept, in the pipeline's final order.
    public let ranked: [RankedPlace]
    /// In the order they were dropped.
    public let excluded: [Exclusion]
    /// How many places went in.
    public let candidateCount: Int
    /// How the profile set its weights for these places, for `--explain`.
    public var notes: [String] = []
}
