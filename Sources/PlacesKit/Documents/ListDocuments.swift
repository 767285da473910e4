public import Autocomplete
public import PlaceBytes
public import PlaceCore

/// The documents of `complete`, `favorites list` and `points`, shared by the CLI's `--format json`
/// and the server's `/v1/complete`, `/v1/favorites` and `/v1/points`.
extension DocumentParts {
    /// `exact`, `prefix`, `1 typo`, `2 typos`.
    public static func matchLabel(_ match: MatchQuality) -> String {
        switch match {
        case .exact: "exact"
        case .prefix: "prefix"
        case .typo(let edits): edits == 1 ? "1 typo" : "\(edits) typos"
        }
    }

    /// One suggestion (also one NDJSON line, and a GeoJSON feature's properties).
    public static func suggestion(_ suggestion: Suggestion) -> JSONValue {
        let record = suggestion.record
        var object: JSONObject = [
            "id": .string(record.id),
            "name": .string(record.name),
            "kind": .string(record.kind.description),
            "detail": optional(record.detail),
            "locality": optional(record.locality),
            "country": optional(record.countryCode),
            "match": .string(matchLabel(suggestion.match)),
            "score": number(suggestion.score, places: 4),
            "sources": .array(suggestion.sources.map { .string($0) }),
        ]
        // The alternate name typed towards ("München" for Munich), right after the name.
        if let matched = suggestion.matchedName {
            object.members.insert(.init(key: "matched_name", value: .string(matched)), at: 2)
        }
        if let coordinate = record.coordinate {
            object.members.append(.init(key: "lat", value: number(coordinate.latitude, places: 7)))
            object.members.append(.init(key: "lon", value: number(coordinate.longitude, places: 7)))
        }
        if let distance = suggestion.distance { object.members.append(.init(key: "distance_m", value: JSONValue(Int(distance.rounded())))) }
        return .object(object)
    }

    /// `complete`: what was typed and the suggestions, best first.
    public static func completion(_ text: String, _ suggestions: [Suggestion]) -> JSONValue {
        ["query": .string(text), "suggestions": .array(suggestions.map(suggestion))]
    }

    /// `complete` with how the text was read: the area a qualifier named, a qualifier that named
    /// nothing, the words taken as the kind of place, and the focus the answers are ranked around.
    public static func completion(_ text: String, _ answer: LookupAnswer) -> JSONValue {
        var object: JSONObject = ["query": .string(text)]
        if let focus = answer.focus {
            object["focus"] = [
                "lat": number(focus.latitude, places: 7), "lon": number(focus.longitude, places: 7),
                "source": .string(answer.focusIsDataCentre ? "imported data" : "given"),
            ]
        }
        if let area = answer.area {
            object["area"] = ["id": .string(area.id), "name": .string(area.name), "country": optional(area.countryCode)]
        }
        if let unknown = answer.unknownQualifier { object["unknown_qualifier"] = .string(unknown) }
        if !answer.kindWords.isEmpty { object["kind_words"] = .array(answer.kindWords.map { .string($0) }) }
        object["suggestions"] = .array(answer.suggestions.map(suggestion))
        return .object(object)
    }

    /// `complete` for maps: the suggestions that have a position, as points.
    public static func completionGeoJSON(_ suggestions: [Suggestion]) -> JSONValue {
        featureCollection(
            suggestions.compactMap { suggestion in suggestion.record.coordinate.map { feature($0, properties: Self.suggestion(suggestion)) } })
    }

    /// `favorites list`: every favourite, oldest first.
    public static func favorites(_ favorites: [FavoriteSummary]) -> JSONValue {
        ["favorites": .array(favorites.map(favorite))]
    }

    /// `favorites list` for maps.
    public static func favoritesGeoJSON(_ favorites: [FavoriteSummary]) -> JSONValue {
        featureCollection(favorites.map { feature($0.coordinate, properties: favorite($0)) })
    }

    /// One award of the points ledger.
    public static func pointsEntry(_ entry: PointsEntry) -> JSONValue {
        [
            "id": .string(entry.recommendationID.description),
            "name": .string(entry.name),
            "feed": .string(entry.feed),
            "points": JSONValue(entry.points),
            "arrived_at": .string(ISO8601Text.format(entry.arrivedAt)),
            "recorded_at": .string(ISO8601Text.format(entry.recordedAt)),
        ]
    }

    /// The awards for maps: each where it was earned, when that is known.
    public static func pointsGeoJSON(_ history: [PointsEntry]) -> JSONValue {
        featureCollection(history.compactMap { entry in entry.position.map { feature($0, properties: pointsEntry(entry)) } })
    }

    /// One arrival that earned nothing, and why.
    public static func pointsRefusal(_ refusal: PointsRefusal) -> JSONValue {
        [
            "id": .string(refusal.recommendationID.description),
            "name": .string(refusal.name),
            "feed": .string(refusal.feed),
            "reason": .string(refusal.reason),
            "detail": .string(refusal.detail),
            "arrived_at": optional(refusal.arrivedAt.map(ISO8601Text.format)),
            "recorded_at": .string(ISO8601Text.format(refusal.recordedAt)),
        ]
    }

    /// `points`: the balance and the awards that make it; with `refusals`, the arrivals that did not.
    public static func points(balance: Int, history: [PointsEntry], refusals: [PointsRefusal]? = nil) -> JSONValue {
        var object: JSONObject = ["balance": JSONValue(balance), "history": .array(history.map(pointsEntry))]
        if let refusals { object["refused"] = .array(refusals.map(pointsRefusal)) }
        return .object(object)
    }
}
