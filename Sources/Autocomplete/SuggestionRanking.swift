public import PlaceCore
import Foundation

/// The score of a suggestion:
///
///     score = text + importanceWeight × importance + focusWeight × 0.5^(distance / halfDistance(kind))
///
/// - text (``ScoreComponents/text``): exact whole name 1.0; every query word matched, in the
///   query's order, from the name's first word 0.6; matched elsewhere 0.4; +0.1 when the last
///   query word is a whole word of the name; −0.3 per edit; when found through a secondary form
///   (an alternate name, "Muenchen" for "München" and back) −0.1 for the whole form ("Helsingfors"
///   is Helsinki: a name's own match of the next lower tier ties with it, and a real "Michal"
///   beats "Michael" contracted) and −1.0 for a part of it: a prefix of one of a city's hundred
///   alternate names ("Damsko" for "Dam") is a weak reason to show it, and Dam square, found
///   by its own name, comes first. So an exact or prefix match beats a one-typo match unless the
///   typo'd name is 0.15 more important.
/// - importance in 0…1, weight 2: a city (0.9) beats a street (0.3) with the same match, and
///   without a focus a popular "Damascus" (prefix: 0.6 + 1.8) beats an exact but minor "Dam"
///   (1.0 + 0.6).
/// - proximity, weight 1.5: exponential decay, 50 % at 3 km for streets and POIs (a walk or a
///   short ride) and at 50 km for places (Pelias's focus scale). A weight of 1.5 lets a nearby
///   exact match beat any far-away name (Pelias api#1567, Photon #375: Dam at 200 m scores
///   1.0 + 0.6 + 1.5 = 3.1 against Damascus's 2.4), while a nearby name of no importance with a
///   plain prefix match (0.6 + 0 + 1.5) still loses to a far city of importance ≥ 0.8 (0.6 + 1.6).
///   Without a focus the term is 0 for everyone.
public enum SuggestionRanking {
    public static let importanceWeight = 2.0
    public static let focusWeight = 1.5
    /// Distance at which the proximity term halves, metres.
    public static func halfDistance(_ kind: NameKind) -> Double {
        kind == .place ? 50_000 : 3_000
    }

    static let exactScore = 1.0
    static let inOrderScore = 0.6
    static let elsewhereScore = 0.4
    static let wholeWordBonus = 0.1
    static let editPenalty = 0.3
    /// Subtracted from the text score of a whole match through an alternate name or transcription.
    public static let alternateNamePenalty = 0.1
    /// Subtracted from the text score of a partial match (a prefix, words elsewhere, a typo)
    /// through an alternate name or transcription.
    public static let partialAlternateNamePenalty = 1.0
    /// The best text score of anything but an exact whole-name match (looked up on its own).
    static let bestNonExactText = inOrderScore + wholeWordBonus

    static func text(_ match: NameMatch) -> Double {
        if match.isExact { return exactScore }
        var score = match.inOrder ? inOrderScore : elsewhereScore
        if match.lastWordWhole { score += wholeWordBonus }
        return score - editPenalty * Double(match.edits)
    }

    static func text(_ match: NameMatch, secondary: Bool) -> Double {
        guard secondary else { return text(match) }
        return text(match) - (match.isExact ? alternateNamePenalty : partialAlternateNamePenalty)
    }

    /// The whole score; the search and the exhaustive scan both compute it here, so they agree
    /// to the last bit.
    static func score(match: NameMatch, secondary: Bool, importance: Double, proximity: Double) -> Double {
        text(match, secondary: secondary) + importanceWeight * importance + proximity
    }

    static func proximity(distance: Double, kind: NameKind) -> Double {
        focusWeight * pow(0.5, distance / halfDistance(kind))
    }
}
