public import PlaceBytes
import PlaceProviders
public import PlaceRanking
import PlaceCore

/// A ranked list as a document: one JSON document, one object per result (an NDJSON line), or
/// GeoJSON. Each flow says how one result looks; the rest follows.
public protocol RankedDocument {
    var ranking: RankingResult { get }
    /// The whole document (`--format json`).
    func document(explain: Bool) -> JSONValue
    /// One result as a JSON object (also one NDJSON line).
    func item(_ item: RankedPlace) -> JSONValue
    /// simplestyle-spec marker symbol and colours (first, rest), understood by geojson.io and GitHub's map view.
    var marker: (symbol: String, first: String, rest: String) { get }
    /// The results as columns for reading; with `explain`, each one's score parts under it and
    /// what was left out.
    func table(_ style: TextStyle, explain: Bool) -> String
}

extension RankedDocument {
    /// A FeatureCollection of the results, each with its JSON object as properties.
    public func geojson() -> JSONValue {
        let features = ranking.ranked.map { ranked -> JSONValue in
            guard case .object(var properties) = item(ranked) else { return .null }
            properties["marker-symbol"] = .string(marker.symbol)
            properties["marker-color"] = .string(ranked.rank == 1 ? marker.first : marker.rest)
            return DocumentParts.feature(ranked.place.coordinate, properties: .object(properties))
        }
        return ["type": "FeatureCollection", "features": .array(features)]
    }

    /// One JSON object per result.
    public func lines() -> [JSONValue] { ranking.ranked.map(item) }
}

extension RankedSearch: RankedDocument {
    /// The map marker of a coffee result: its symbol, and the colours of the first and the rest.
    public var marker: (symbol: String, first: String, rest: String) { ("cafe", "#8B4513", "#C08040") }

    /// The results as the JSON document: the query, the ranked places and what every provider did; with
    /// `explain`, those left out too.
    public func document(explain: Bool) -> JSONValue {
        var root: JSONObject = ["query": query, "results": .array(ranking.ranked.map(item))]
        if explain { root["excluded"] = .array(ranking.excluded.map(DocumentParts.exclusion)) }
        root["providers"] = .array(outcome.reports.map(DocumentParts.report))
        return .object(root)
    }

    /// One ranked place as a JSON object.
    public func item(_ item: RankedPlace) -> JSONValue { DocumentParts.ranked(item) }
}

extension ParkingSearchResult: RankedDocument {
    /// The ranked parking places.
    public var ranking: RankingResult { search.ranking }
    /// The map marker of a parking result: its symbol, and the colours of the first and the rest.
    public var marker: (symbol: String, first: String, rest: String) { ("parking", "#1F4E9C", "#6A8CC7") }

    /// The results as the JSON document, with the stay they were priced for.
    public func document(explain: Bool) -> JSONValue {
        var root: JSONObject = ["query": search.query, "results": .array(ranking.ranked.map(item))]
        if explain { root["excluded"] = .array(ranking.excluded.map(DocumentParts.exclusion)) }
        root["providers"] = .array(search.outcome.reports.map(DocumentParts.report))
        return .object(root)
    }

    /// One result: the shape is in docs/coffee.md.
    public func item(_ item: RankedPlace) -> JSONValue {
        guard case .object(var object) = DocumentParts.ranked(item) else { return .null }
        object["rating"] = nil
        object["price"] = nil
        object["open_now"] = nil
        object["time_zone"] = nil
        let offer = item.place.parking
        let price = StayPricing.price(item.place, for: stay)
        object["kind"] = offer.map { .string($0.kind.rawValue) } ?? .null
        object["reference"] = DocumentParts.optional(offer?.reference)
        object["cost"] = [
            "eur": price.amount.map { DocumentParts.number($0, places: 2) } ?? .null,
            "source": .string(price.source.rawValue),
            "duration_min": JSONValue(Int((stay.duration / 60).rounded())),
            "arrival": .string(ISO8601Text.format(stay.arrival)),
        ]
        object["tariff"] = DocumentParts.optional(offer?.tariff?.summary)
        object["payment"] = offer?.paymentMethods.map { .array($0.map { .string($0) }) } ?? .null
        if let availability = offer?.availability {
            object["availability"] = [
                "state": .string(availability.state.rawValue),
                "free": availability.free.map { JSONValue($0) } ?? .null,
                "capacity": availability.capacity.map { JSONValue($0) } ?? .null,
                "observed_at": DocumentParts.optional(availability.observedAt.map(ISO8601Text.format)),
            ]
        } else {
            object["availability"] = .null
        }
        if let note = item.place.tags["cost_note"] { object["note"] = .string(note) }
        // The ways in and out of a car park mapped apart from it (OpenStreetMap's parking_entrance).
        object["entrances"] = offer?.entrances.map { .array($0.map(Self.entrance)) } ?? .null
        return .object(object)
    }

    static func entrance(_ entrance: ParkingEntrance) -> JSONValue {
        [
            "id": DocumentParts.optional(entrance.id?.description), "name": DocumentParts.optional(entrance.name),
            "lat": DocumentParts.number(entrance.coordinate.latitude, places: 7),
            "lon": DocumentParts.number(entrance.coordinate.longitude, places: 7),
        ]
    }
}

extension RecommendationsResult: RankedDocument {
    /// The map marker of a recommendation: its symbol, and the colours of the first and the rest.
    public var marker: (symbol: String, first: String, rest: String) { ("star", "#D4A017", "#E8C872") }

    /// The recommendations as the JSON document, with the feed they came from.
    public func document(explain: Bool) -> JSONValue {
        var root: JSONObject = [
            "query": query,
            "feed": [
                "name": .string(feed.name),
                "source": .string(source.description),
                "count": JSONValue(feed.places.count),
                "skipped": .array(
                    feed.skipped.map { issue in
                        ["entry": JSONValue(issue.position), "id": DocumentParts.optional(issue.id), "reason": .string(issue.reason)]
                    }),
            ],
            "results": .array(ranking.ranked.map(item)),
        ]
        if explain { root["excluded"] = .array(ranking.excluded.map(DocumentParts.exclusion)) }
        return .object(root)
    }

    /// One result: the fields of `coffee` that a recommendation has, plus its offer.
    public func item(_ item: RankedPlace) -> JSONValue {
        guard case .object(var object) = DocumentParts.ranked(item) else { return .null }
        for key in ["categories", "rating", "price", "open_now", "time_zone", "address"] { object[key] = nil }
        let offer = item.place.recommendation
        object["description"] = DocumentParts.optional(item.place.summary)
        object["points"] = offer.map { JSONValue($0.points) } ?? .null
        object["radius_m"] = offer.map { DocumentParts.number($0.arrivalRadius, places: 1) } ?? .null
        object["expires"] = DocumentParts.optional(offer?.expires.map(ISO8601Text.format))
        object["feed"] = DocumentParts.optional(offer?.feed)
        return .object(object)
    }
}
