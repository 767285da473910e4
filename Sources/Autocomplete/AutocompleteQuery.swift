public import PlaceSearch

/// What the user has typed so far, and how to complete it.
public struct AutocompleteQuery: Sendable {
    /// The text as typed. Folded like the names (case, diacritics, punctuation); every word but the
    /// last must match a whole word of a name, the last a prefix of one.
    public var text: String
    /// Where the user is: names near it rank higher (see ``SuggestionRanking``).
    public var focus: Coordinate?
    /// How many suggestions at most; clamped to 0…100.
    public var limit: Int
    /// Only these kinds; nil for all.
    public var kinds: Set<NameKind>?
    /// Whether words may match with typos (thresholds in ``TypoMatcher``, ``TypoMatcher/rule``).
    public var typoTolerance: Bool

    public init(
        _ text: String, focus: Coordinate? = nil, limit: Int = 10, kinds: Set<NameKind>? = nil,
        typoTolerance: Bool = true
    ) {
        self.text = text
        self.focus = focus
        self.limit = limit
        self.kinds = kinds
        self.typoTolerance = typoTolerance
    }
}

/// How a name matched the query.
public enum MatchQuality: Sendable, Hashable, CustomStringConvertible {
    /// The whole name, word for word, without typos ("dam" → "Dam").
    case exact
    /// Every query word found (the last as a prefix) without typos ("damr" → "Damrak").
    case prefix
    /// Found, with this many edits in total (Damerau: a transposition is one).
    case typo(edits: Int)

    public var description: String {
        switch self {
        case .exact: "exact"
        case .prefix: "prefix"
        case .typo(let edits): "typo(\(edits))"
        }
    }
}

/// The parts of a suggestion's score, for `--explain`.
public struct ScoreComponents: Sendable, Hashable {
    /// From the match: 1 for exact, 0.6 for words at the start in the query's order, 0.4 elsewhere,
    /// +0.1 when the last word is complete, −0.3 per edit, −0.1 through an alternate name.
    public var text: Double
    /// ``SuggestionRanking/importanceWeight`` × importance.
    public var importance: Double
    /// ``SuggestionRanking/focusWeight`` × decay(distance); 0 without a focus.
    public var proximity: Double
}

/// One completion.
public struct Suggestion: Sendable {
    /// The place: its own (main) name, position and detail. (Its alternate names are not
    /// repeated here; ``matchedName`` is the one typed towards.)
    public var record: NameRecord
    public var match: MatchQuality
    /// Higher is better: `components.text + components.importance + components.proximity`.
    public var score: Double
    /// Metres from the focus, when there is a focus and the record has a position.
    public var distance: Double?
    public var components: ScoreComponents
    /// The alternate name the query matched ("München" for Munich), nil when it matched the
    /// place's own name.
    public var matchedName: String?
    /// The ids of every record this suggestion stands for, the shown one first: an OpenStreetMap
    /// node and a GeoNames row of the same city are one suggestion.
    public var sources: [String]

    public init(
        record: NameRecord, match: MatchQuality, score: Double, distance: Double?, components: ScoreComponents,
        matchedName: String? = nil,
        sources: [String]? = nil
    ) {
        self.record = record
        self.match = match
        self.score = score
        self.distance = distance
        self.components = components
        self.matchedName = matchedName
        self.sources = sources ?? [record.id]
    }

    /// One line for `--explain`: `Damrak [street] prefix score 3.12 = text 0.70 + importance 1.00 + proximity 1.42 (412 m)`.
    public var explanation: String {
        func format(_ value: Double) -> String { NumberText.trimmed(value, 2) }
        let shown = matchedName.map { "\($0) (\(record.name))" } ?? record.name
        var line = "\(shown) [\(record.kind)] \(match) score \(format(score)) = text \(format(components.text))"
        line += " + importance \(format(components.importance)) + proximity \(format(components.proximity))"
        if let distance { line += " (\(Int(distance.rounded())) m)" }
        return line
    }
}
