import Foundation
public import PlaceBytes
public import PlaceRanking
public import PlaceCore

/// Building blocks of the JSON, NDJSON and GeoJSON documents (schema in docs/coffee.md), shared by
/// the CLI's `--format json` and the server's responses: one schema for both.
public enum DocumentParts {
    /// A number rounded to `places` decimals, written without trailing zeros.
    public static func number(_ value: Double, places: Int) -> JSONValue {
        .number(NumberText.trimmed(value, places))
    }

    /// A text, or null.
    public static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    /// A flag, or null.
    public static func optional(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }

    /// A rating: its value from 0 to 10, as the source gave it and on what scale, and how many rated; null when none.
    public static func rating(_ rating: Rating?) -> JSONValue {
        guard let rating else { return .null }
        return [
            "value": number(rating.value, places: 2),
            "source_value": number(rating.sourceValue, places: 2),
            "source_scale": number(rating.sourceScale, places: 2),
            "count": rating.count.map { JSONValue($0) } ?? .null,
        ]
    }

    /// A walk: its metres and minutes, the straight line's metres, and whether it was routed.
    public static func walk(_ walk: Walk) -> JSONValue {
        [
            "meters": JSONValue(Int(walk.meters.rounded())),
            "minutes": number(walk.minutes, places: 1),
            "straight_line_meters": JSONValue(Int(walk.straightLineMeters.rounded())),
            "routed": .bool(walk.isRouted),
        ]
    }

    /// The parts of a score: each part's name, value, weight and contribution.
    public static func components(_ components: [ScoreComponent]) -> JSONValue {
        .array(
            components.map { component in
                [
                    "name": .string(component.name),
                    "value": number(component.value, places: 4),
                    "weight": number(component.weight, places: 4),
                    "contribution": number(component.contribution, places: 4),
                    "detail": .string(component.detail),
                ]
            })
    }

    /// One ranked place: its rank, score and parts, the place, and the walk to it.
    public static func ranked(_ item: RankedPlace) -> JSONValue {
        let place = item.place
        return [
            "rank": JSONValue(item.rank),
            "id": .string(place.id.description),
            "name": .string(place.name),
            "lat": number(place.coordinate.latitude, places: 7),
            "lon": number(place.coordinate.longitude, places: 7),
            "categories": .array(place.categories.map { .string($0.name) }),
            "rating": rating(place.rating),
            "price": place.price.map { JSONValue($0.tier) } ?? .null,
            "open_now": optional(item.isOpen),
            "time_zone": .string(place.timeZone.identifier),
            "address": optional(place.address?.fullText),
            "walk": walk(item.walk),
            "score": number(item.score, places: 4),
            "components": components(item.components),
            "sources": .array(place.sources.map { .string($0.description) }),
        ]
    }

    /// A place left out: which, at what stage, and why.
    public static func exclusion(_ exclusion: Exclusion) -> JSONValue {
        [
            "id": .string(exclusion.place.id.description),
            "name": .string(exclusion.place.name),
            "stage": .string(exclusion.stage),
            "reason": .string(exclusion.reason),
            "walk": walk(exclusion.walk),
        ]
    }

    /// What one provider did: how many places, from where (live, recorded, cached), how long, or why it failed.
    public static func report(_ report: ProviderReport) -> JSONValue {
        let milliseconds = Double(report.elapsed.components.seconds) * 1000 + Double(report.elapsed.components.attoseconds) / 1e15
        return [
            "id": .string(report.provider.rawValue),
            "ok": .bool(report.succeeded),
            "count": JSONValue(report.count),
            "ms": JSONValue(Int(milliseconds.rounded())),
            "error": optional(report.failure?.description),
            "attribution": .array(report.credits.map(credit)),
        ]
    }

    /// A position a flow settled on: `lat`, `lon`, and for a looked-up name, the name, what it is
    /// and where it was found.
    public static func position(_ position: ResolvedPosition) -> JSONValue {
        var object: JSONObject = [
            "lat": number(position.coordinate.latitude, places: 7), "lon": number(position.coordinate.longitude, places: 7),
        ]
        if case .named(let query, let source, let kind, let area, let runnerUp) = position.origin {
            object["name"] = optional(position.name)
            object["query"] = .string(query)
            object["source"] = .string(source)
            object["kind"] = optional(kind)
            object["area"] = optional(area)
            if let runnerUp { object["runner_up"] = .string(runnerUp) }
        }
        return .object(object)
    }

    /// Whose data a source is: `{"source": "amsterdam_centrum.osm", "attribution": "© OpenStreetMap contributors", "licence": "ODbL"}`.
    public static func credit(_ credit: DataCredit) -> JSONValue {
        ["source": .string(credit.source), "attribution": optional(credit.licence?.attribution), "licence": optional(credit.licence?.licence)]
    }

    /// A GeoJSON point feature; `properties` as given.
    public static func feature(_ coordinate: Coordinate, properties: JSONValue) -> JSONValue {
        [
            "type": "Feature",
            "geometry": [
                "type": "Point",
                "coordinates": [number(coordinate.longitude, places: 7), number(coordinate.latitude, places: 7)],
            ],
            "properties": properties,
        ]
    }

    /// A GeoJSON FeatureCollection of `features`.
    public static func featureCollection(_ features: [JSONValue]) -> JSONValue {
        ["type": "FeatureCollection", "features": .array(features)]
    }

    /// One favourite as `favorites list` and `/v1/favorites` write it.
    public static func favorite(_ favorite: FavoriteSummary) -> JSONValue {
        [
            "id": .string(favorite.id.description),
            "name": .string(favorite.name),
            "lat": number(favorite.coordinate.latitude, places: 7),
            "lon": number(favorite.coordinate.longitude, places: 7),
            "kind": optional(favorite.kind),
            "address": optional(favorite.address),
            "note": optional(favorite.note),
            "added_at": .string(ISO8601Text.format(favorite.addedAt)),
        ]
    }
}
