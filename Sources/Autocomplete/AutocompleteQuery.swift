import PlaceBytes
public import PlaceCore

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
    /// Only places of these kinds: OpenStreetMap tags (`tourism=hotel`) or bare keys (`aeroway`)
    /// their category must be; nil for any.
    public var categories: [String]?
    /// Only places in this country (or not in another); nil for anywhere.
    public var area: AreaFilter?
    /// Only names within this many metres of ``focus``: the search reads the focus grid ring by
    /// ring and ends once the rings cover the radius, however few names matched (a town named
    /// with a query: "markt, Borgvefeld" reads Borgvefeld's cells, not every "markt" there is).
    public var radius: Double?
    /// At most this many postings and grid entries read: a search that may end without its
    /// full answer, for a reading of the query that is a guess (a kind word, a last word that is a
    /// town); nil reads what the answer needs.
    public var workLimit: Int?

    public init(
        _ text: String, focus: Coordinate? = nil, limit: Int = 10, kinds: Set<NameKind>? = nil,
        typoTolerance: Bool = true, categories: [String]? = nil, area: AreaFilter? = nil, radius: Double? = nil, workLimit: Int? = nil
    ) {
        self.text = text
        self.focus = focus
        self.limit = limit
        self.kinds = kinds
        self.typoTolerance = typoTolerance
        self.categories = categories
        self.area = area
        self.radius = radius
        self.workLimit = workLimit
    }
}

/// The country answers must lie in (a country named), or must not lie outside (a town named: the
/// town's reach is ``AutocompleteQuery/radius`` around its point).
public struct AreaFilter: Sendable, Equatable {
    /// A country's code ("FI"): answers of that country. Nil for a town.
    public var countryCode: String?
    /// The country a town is in, when known: an answer in another country is not in the town.
    public var townCountry: String?

    public init(countryCode: String? = nil, townCountry: String? = nil) {
        self.countryCode = countryCode
        self.townCountry = townCountry
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
    /// Every word typed is a whole word of the name (the last one too, not only begun): "Dam"
    /// in "Dam" or "Dam Dam", not in "Damrak".
    public var isWhole: Bool

    public init(
        record: NameRecord, match: MatchQuality, score: Double, distance: Double?, components: ScoreComponents,
        matchedName: String? = nil,
        sources: [String]? = nil, isWhole: Bool? = nil
    ) {
        self.record = record
        self.match = match
        self.score = score
        self.distance = distance
        self.components = components
        self.matchedName = matchedName
        self.sources = sources ?? [record.id]
        self.isWhole = isWhole ?? (match == .exact)
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
