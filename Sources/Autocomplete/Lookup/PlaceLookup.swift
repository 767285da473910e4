import PlaceBytes
public import PlaceCore
import Foundation

/// What a lookup is asked: the text as typed, and where the person is.
public struct LookupQuery: Sendable {
    /// As typed: "Senaatintori, Helsinki", "Keizersgracht 148", "148 Keizersgracht", "Hotel
    /// Palace", "Vaduz Liechtenstein", "Damr".
    public var text: String
    /// Where the person is: an explicit position, else their saved centre. Nil: the centre of the
    /// imported data (``AutocompleteIndex/dataCentre``).
    public var focus: Coordinate?
    /// How many answers at most; clamped to 1…100.
    public var limit: Int
    /// Only these kinds; nil for all (addresses only when the text has a number).
    public var kinds: Set<NameKind>?
    public var typoTolerance: Bool

    public init(_ text: String, focus: Coordinate? = nil, limit: Int = 10, kinds: Set<NameKind>? = nil, typoTolerance: Bool = true) {
        self.text = text
        self.focus = focus
        self.limit = limit
        self.kinds = kinds
        self.typoTolerance = typoTolerance
    }
}

/// What a lookup found, best first, and how it read the text.
public struct LookupAnswer: Sendable {
    public var suggestions: [Suggestion]
    /// The focus the answers are ranked around, and where it came from.
    public var focus: Coordinate?
    public var focusIsDataCentre: Bool
    /// The area a qualifier named ("Helsinki" in "Senaatintori, Helsinki"), when one was understood.
    public var area: NameRecord?
    /// A qualifier that named no known place: the answers do not honour it.
    public var unknownQualifier: String?
    /// The words read as the kind of place ("hotel"), when answers are of that kind.
    public var kindWords: [String]
    /// Words of the text that say a kind of place ("station") which the best answer is not: it
    /// was found by its name ("DoubleTree … Centraal Station", a hotel). Worth saying.
    public var unmetKindWords: [String] = []
}

/// The one lookup of "where": every name a person gives (`--near`, `--from`, `--to`, `config set
/// center`, `complete`, the server's `/v1/complete`, Photon's `/api`) goes through here.
///
/// 1. The text is taken apart (``LookupText``): a qualifier after a comma names the area ("…,
///    Helsinki"); so does a last word or two that are a town or a country ("Vaduz Liechtenstein");
///    words like "hotel" or "asema" may say the kind of place rather than its name; a number
///    brings in the addresses ("Keizersgracht 148", "148 Keizersgracht", "1011 HB").
/// 2. Each reading is searched in the name index (``AutocompleteIndex/complete(_:)``), around the
///    town it names or else the focus, keeping only what lies in that area and is of that kind
///    (``AutocompleteQuery/area``, ``AutocompleteQuery/categories``: filters inside the search).
/// 3. All readings' answers are ranked together: fewer typos first, a place's own name before a
///    part of another of its names ("Damsko" for "Dam"), then one score, the index's
///    (text match + 2 × importance + proximity to the focus, or to the town named after a
///    comma), plus 0.4 × the area's own match when an area was named and matched, plus 0.25 when
///    kind words matched the place's kind, plus up to 0.3 for the share of a house number typed.
///    The same place found twice (from two sources, or as a node and a building) is one answer.
///
/// Every lookup has a focus: the one given, else the centre of the imported data. At equal text,
/// near beats far; an exact name beats a prefix of an alternate name; a far-away exact match
/// needs much more importance to beat a nearby one (``SuggestionRanking``).
public struct PlaceLookup: Sendable {
    public let index: AutocompleteIndex

    public init(_ index: AutocompleteIndex) { self.index = index }

    /// Per answer wanted, how many candidates each reading asks the index for: the index ranks a
    /// reading around its own centre (a named town's), the lookup ranks every reading around the
    /// person's focus and folds the same place found twice into one.
    static let overFetch = 4
    /// What an understood area adds, times its own text score.
    static let areaBonus = 0.4
    /// What a kind word that matched the place's kind adds.
    static let kindBonus = 0.25
    /// What an address's house number adds, times the share of it typed: "Rokin 1" lists Rokin 1,
    /// then 10 to 19, then 100 and up, as a person counting up expects.
    static let numberBonus = 0.3

    /// The share of the house number the query's number words cover (1 for "148" in "148"; 0.25
    /// for "1" in "103F").
    static func numberTyped(_ words: [[UInt8]], of name: String) -> Double {
        let nameWords = TextFolding.foldedWordBytes(name).split(separator: 0x20)
        var shares: [Double] = []
        for word in words where LookupText.hasDigit(word) {
            guard let matched = nameWords.filter({ $0.starts(with: word) }).min(by: { $0.count < $1.count }) else { continue }
            shares.append(Double(word.count) / Double(matched.count))
        }
        return shares.isEmpty ? 0 : shares.reduce(0, +) / Double(shares.count)
    }

    public func lookup(_ query: LookupQuery) -> LookupAnswer {
        let limit = min(max(query.limit, 1), 100)
        let text = LookupText(query.text)
        let focus = query.focus ?? index.dataCentre
        var answer = LookupAnswer(
            suggestions: [], focus: focus, focusIsDataCentre: query.focus == nil && focus != nil, area: nil, unknownQualifier: nil,
            kindWords: [])
        guard !text.isEmpty else { return answer }
        // A number alone ("148") is no address: which street's?
        let hasNumber = (text.hasNumber && !text.isOnlyNumbers) || text.qualifiers.contains { LookupText(String($0)).hasNumber }
        let kinds = Self.kinds(query.kinds, hasNumber: hasNumber)
        var found = Found(limit: limit)
        var readings: [Reading] = []

        // The area a comma names: the places that match it, best first.
        var areas: [Area] = []
        if let qualifier = text.qualifiers.first {
            areas = self.areas(qualifier, within: text.qualifiers.dropFirst().first, focus: focus, prefix: false)
            if areas.isEmpty { answer.unknownQualifier = qualifier }
        }
        if areas.isEmpty {
            readings.append(Reading(words: text.words, area: nil, kindTags: nil))
        } else {
            for area in areas { readings.append(Reading(words: text.words, area: area, kindTags: nil)) }
        }
        // A last word or two that are a town or a country, without a comma: "Vaduz Liechtenstein".
        if areas.isEmpty, text.qualifiers.isEmpty, text.words.count >= 2 {
            for take in [1, 2] where text.words.count > take {
                let tail = LookupText.text(text.words.suffix(take))
                let trailing = self.areas(tail, within: nil, focus: focus, prefix: text.endsInPrefix, trailing: true)
                for area in trailing { readings.append(Reading(words: Array(text.words.dropLast(take)), area: area, kindTags: nil)) }
            }
        }
        // Kind words: "Centraal Station" is also a station named Centraal; "Hotel Palace", where
        // both words may say a kind, a hotel named Palace (or a palace named Hotel).
        for reading in readings where reading.kindTags == nil {
            let kindWords = reading.words.indices.filter { KindWords.tags(reading.words[$0]) != nil }
            guard !kindWords.isEmpty else { continue }
            var choices = kindWords.map { [$0] }
            if kindWords.count > 1, kindWords.count < reading.words.count { choices.append(kindWords) }
            for taken in choices {
                let rest = reading.words.indices.filter { !taken.contains($0) }.map { reading.words[$0] }
                guard !rest.isEmpty else { continue }
                let tags = taken.flatMap { KindWords.tags(reading.words[$0]) ?? [] }
                readings.append(Reading(words: rest, area: reading.area, kindTags: tags))
            }
        }

        for reading in readings {
            search(reading, kinds: kinds, focus: focus, typos: query.typoTolerance, into: &found)
        }
        answer.suggestions = found.best()
        if let first = answer.suggestions.first, let reading = found.reading(of: first.record.id) {
            answer.area = reading.area?.record
            let said = text.words.filter { KindWords.tags($0) != nil }
            if let tags = reading.kindTags, !tags.isEmpty {
                answer.kindWords = said.map { String(decoding: $0, as: UTF8.self) }
            } else if !said.isEmpty, !said.contains(where: { KindWords.matches(first.record.category, KindWords.tags($0) ?? []) }) {
                answer.unmetKindWords = said.map { String(decoding: $0, as: UTF8.self) }
            }
        }
        return answer
    }

    /// Addresses are looked up only for a text with a number ("Keizersgracht" lists the street,
    /// "Keizersgracht 1" its houses), unless asked for by kind.
    static func kinds(_ asked: Set<NameKind>?, hasNumber: Bool) -> Set<NameKind> {
        if let asked { return asked }
        return hasNumber ? Set(NameKind.allCases) : Set(NameKind.allCases).subtracting([.address])
    }

    // MARK: Readings

    struct Area: Sendable {
        var record: NameRecord
        /// Its match's text score: 1 for an exact name.
        var text: Double
        /// Metres from its point within which a place counts as in it; nil for a country (its
        /// code decides).
        var reach: Double?
        /// Named after a comma: the person placed themselves there, so near its centre is near.
        /// A last word that happens to be a town only narrows the answers.
        var isSaid = true
    }

    struct Reading: Sendable {
        var words: [[UInt8]]
        var area: Area?
        var kindTags: [String]?
    }

    /// The places `qualifier` names, best first: towns, districts, postcodes, countries. Those
    /// within `outer` ("Helsinki, Finland") when a second qualifier is given.
    /// - Parameters:
    ///   - prefix: whether its last word may still be typed on.
    ///   - trailing: a qualifier without a comma: only a whole name of a town or a country counts
    ///     (or, still being typed, the start of one of at least three letters), so that a street's
    ///     last word is not taken for a village.
    func areas(_ qualifier: String, within outer: String?, focus: Coordinate?, prefix: Bool, trailing: Bool = false) -> [Area] {
        let words = TextFolding.foldedWordBytes(qualifier)
        guard !words.isEmpty else { return [] }
        let outerAreas = outer.map { areas($0, within: nil, focus: focus, prefix: false) } ?? []
        let found = index.complete(AutocompleteQuery(qualifier, focus: focus, limit: 8, kinds: [.place], typoTolerance: !trailing))
        var named: [Area] = []
        for suggestion in found {
            guard let category = suggestion.record.category, let reach = Self.reach(category: category, importance: suggestion.record.importance)
            else { continue }
            let isCountry = category == "place=country"
            switch suggestion.match {
            case .exact: break
            case .prefix:
                // "Hel" is no area yet; "Helsin" at the end of a query being typed may be.
                guard prefix, !trailing || String(decoding: words, as: UTF8.self).count >= 4 else { continue }
            case .typo(let edits):
                guard !trailing, edits <= 1 else { continue }
            }
            if trailing, !(isCountry || Self.isTown(category) || category == "place=postcode") { continue }
            // "cafe de" is no café in Germany (DE): a two-letter code names a country only after a comma.
            if trailing, isCountry, let matched = suggestion.matchedName, matched.count <= 2 { continue }
            if !outerAreas.isEmpty, !outerAreas.contains(where: { Self.contains($0, suggestion.record) }) { continue }
            named.append(Area(record: suggestion.record, text: suggestion.components.text, reach: isCountry ? nil : reach, isSaid: !trailing))
            if named.count == 3 { break }
        }
        // A far weaker reading of the same words is no area (a typo beside an exact name).
        guard let best = named.first else { return [] }
        return named.filter { $0.text >= best.text - 0.3 }
    }

    func search(_ reading: Reading, kinds: Set<NameKind>, focus: Coordinate?, typos: Bool, into found: inout Found) {
        guard !reading.words.isEmpty else { return }
        let text = LookupText.text(reading.words)
        // A town's reading is searched within the town's reach of its point, however it was named.
        let town = reading.area.flatMap { area in area.reach.flatMap { reach in area.record.coordinate.map { ($0, reach) } } }
        let centre = town?.0 ?? focus
        var searchKinds = kinds
        // "Hotel 5" is no address of a hotel.
        if reading.kindTags != nil { searchKinds.remove(.address) }
        // A reading that is a guess (a kind word, a last word that is a town) is asked as typed and
        // within a budget: the reading of the words as they are always runs in full.
        let guess = reading.kindTags != nil || (reading.area.map { !$0.isSaid } ?? false)
        let filtered = reading.kindTags != nil || reading.area != nil
        let candidates = index.complete(
            AutocompleteQuery(
                text, focus: centre, limit: min(100, filtered ? found.limit + 5 : found.limit * Self.overFetch + 10), kinds: searchKinds,
                typoTolerance: typos && !guess, categories: reading.kindTags, area: reading.area.map(Self.filter), radius: town?.1,
                workLimit: reading.kindTags != nil ? Self.guessWork : nil))
        for candidate in candidates where candidate.record.id != reading.area?.record.id {
            var scored = candidate
            // One focus for every reading: the person's, so that readings compare.
            var proximity = 0.0
            if let focus, let position = candidate.record.coordinate {
                let metres = Geodesy.distance(focus, position)
                scored.distance = metres
                proximity = SuggestionRanking.proximity(distance: metres, kind: candidate.record.kind)
            }
            if let area = reading.area, area.isSaid, let position = candidate.record.coordinate, let point = area.record.coordinate,
                area.reach != nil
            {
                // Named in an area: near its centre is near.
                proximity = SuggestionRanking.proximity(distance: Geodesy.distance(point, position), kind: candidate.record.kind)
            }
            scored.components.proximity = proximity
            var score = scored.components.text + scored.components.importance + proximity
            if candidate.record.kind == .address { score += Self.numberBonus * Self.numberTyped(reading.words, of: candidate.record.name) }
            if let area = reading.area { score += Self.areaBonus * max(0, area.text) }
            if reading.kindTags != nil { score += Self.kindBonus }
            scored.score = score
            found.add(scored, reading: reading)
        }
    }

    // MARK: Areas

    /// The index's filter for an area: a country by its code; a town by its country (its reach is
    /// the search's radius).
    static func filter(_ area: Area) -> AreaFilter {
        guard area.reach != nil else { return AreaFilter(countryCode: area.record.countryCode ?? "--") }
        return AreaFilter(townCountry: area.record.countryCode)
    }

    /// Postings a kind word's reading may read: enough for any name's own word, not a scan of
    /// every "markt…" there is for the few that are restaurants.
    static let guessWork = 20_000

    /// Whether `record` lies in `area`: its locality is the area's name, or it is within the
    /// area's reach of its point; for a country, its country code is the country's.
    static func contains(_ area: Area, _ record: NameRecord) -> Bool {
        if area.record.id == record.id { return false }
        guard let reach = area.reach else {
            return record.countryCode != nil && record.countryCode == area.record.countryCode
        }
        if let locality = record.locality, TextFolding.fold(locality) == TextFolding.fold(area.record.name) {
            if let code = area.record.countryCode, let own = record.countryCode, code != own { return false }
            return true
        }
        guard let point = area.record.coordinate, let position = record.coordinate else { return false }
        return Geodesy.distance(point, position) <= reach
    }

    static func isTown(_ category: String) -> Bool {
        ["place=city", "place=town", "place=village", "place=hamlet", "place=municipality"].contains(category)
    }

    /// How far a place's name reaches from its point: a city 15 km, a town 5 km, a village 2 km,
    /// a suburb 2.5 km, a neighbourhood 600 m, a postcode 1.5 km; nil for what names no area.
    static func reach(category: String, importance: Float) -> Double? {
        guard category.hasPrefix("place=") else { return category.hasPrefix("boundary=") ? 5_000 : nil }
        switch category.dropFirst(6) {
        case "country": return .infinity
        case "state", "province", "region": return 150_000
        case "county": return 40_000
        case "city": return importance >= 0.8 ? 20_000 : importance >= 0.7 ? 10_000 : importance >= 0.6 ? 5_000 : 3_000
        case "town", "municipality": return 6_000
        case "borough", "suburb": return 2_500
        case "village", "island": return 2_500
        case "quarter": return 1_200
        case "hamlet", "neighbourhood", "city_block", "locality", "islet": return 800
        case "postcode": return 1_500
        default: return nil
        }
    }

    // MARK: Answers

    /// The answers of every reading, each place once.
    struct Found {
        let limit: Int
        private var byID: [String: (suggestion: Suggestion, reading: Reading)] = [:]

        init(limit: Int) { self.limit = limit }

        mutating func add(_ suggestion: Suggestion, reading: Reading) {
            if let known = byID[suggestion.record.id], known.suggestion.score >= suggestion.score { return }
            byID[suggestion.record.id] = (suggestion, reading)
        }

        func reading(of id: String) -> Reading? { byID[id]?.reading }

        /// Typos first (fewer is better), then whether it matched only part of another name.
        static func tier(_ suggestion: Suggestion) -> (Int, Int) {
            if case .typo(let edits) = suggestion.match { return (edits, 1) }
            return (0, suggestion.matchedName != nil && suggestion.match != .exact ? 1 : 0)
        }

        /// Best first, the same place found twice as one, at most `limit`. Fewer typos first, as
        /// Meilisearch ranks: a name matched as typed beats a guess at a typo whatever the distance.
        /// Then a place's own name (or the whole of another name of it) before a part of another
        /// of its names: "Dam" is the square and the tram stop before Amsterdam, whose slang name
        /// "Damsko" it begins. Then the score; at about equal scores, names in number order
        /// ("Nieuwmarkt 131" before "Nieuwmarkt 133").
        func best() -> [Suggestion] {
            let ranked = byID.values.map(\.suggestion).sorted {
                let (a, b) = (Self.tier($0), Self.tier($1))
                if a != b { return a < b }
                // Scores within a hundredth (30 m apart on one street) are a tie.
                let (first, second) = (($0.score * 100).rounded(), ($1.score * 100).rounded())
                if first != second { return first > second }
                let order = $0.record.name.compare($1.record.name, options: [.numeric, .caseInsensitive])
                return order == .orderedSame ? $0.record.id < $1.record.id : order == .orderedAscending
            }
            var kept: [Suggestion] = []
            for suggestion in ranked {
                if let twin = kept.firstIndex(where: { SamePlace.isSame($0, suggestion) }) {
                    for source in suggestion.sources where !kept[twin].sources.contains(source) { kept[twin].sources.append(source) }
                    continue
                }
                kept.append(suggestion)
                if kept.count == limit { break }
            }
            return kept
        }
    }
}
