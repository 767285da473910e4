import Foundation
import PlaceSearch
import PlaceRanking

/// Building blocks for the JSON, NDJSON and GeoJSON outputs (schema in the README).
enum JSONOutput {
    /// A number rounded to `places` decimals, written without trailing zeros.
    static func number(_ value: Double, places: Int) -> JSONValue {
        .number(NumberText.trimmed(value, places))
    }

    static func optional(_ text: String?) -> JSONValue { text.map { .string($0) } ?? .null }

    static func optional(_ value: Bool?) -> JSONValue { value.map { .bool($0) } ?? .null }

    static func rating(_ rating: Rating?) -> JSONValue {
        guard let rating else { return .null }
        return [
            "value": number(rating.value, places: 2),
            "source_value": number(rating.sourceValue, places: 2),
            "source_scale": number(rating.sourceScale, places: 2),
            "count": rating.count.map { JSONValue($0) } ?? .null,
        ]
    }

    static func walk(_ walk: Walk) -> JSONValue {
        [
            "meters": JSONValue(Int(walk.meters.rounded())),
            "minutes": number(walk.minutes, places: 1),
            "straight_line_meters": JSONValue(Int(walk.straightLineMeters.rounded())),
            "routed": .bool(walk.isRouted),
        ]
    }

    static func components(_ components: [ScoreComponent]) -> JSONValue {
        .array(components.map { component in
            [
                "name": .string(component.name),
                "value": number(component.value, places: 4),
                "weight": number(component.weight, places: 4),
                "contribution": number(component.contribution, places: 4),
                "detail": .string(component.detail),
            ]
        })
    }

    static func ranked(_ item: RankedPlace) -> JSONValue {
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
            "address": optional(place.address?.fullText),
            "walk": walk(item.walk),
            "score": number(item.score, places: 4),
            "components": components(item.components),
            "sources": .array(place.sources.map { .string($0.description) }),
        ]
    }

    static func exclusion(_ exclusion: Exclusion) -> JSONValue {
        [
            "id": .string(exclusion.place.id.description),
            "name": .string(exclusion.place.name),
            "stage": .string(exclusion.stage),
            "reason": .string(exclusion.reason),
            "walk": walk(exclusion.walk),
        ]
    }

    static func report(_ report: ProviderReport) -> JSONValue {
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

    /// Whose data a source is: `{"source": "amsterdam_centrum.osm", "attribution": "© OpenStreetMap contributors", "licence": "ODbL"}`.
    static func credit(_ credit: DataCredit) -> JSONValue {
        ["source": .string(credit.source), "attribution": optional(credit.licence?.attribution), "licence": optional(credit.licence?.licence)]
    }

    /// A GeoJSON point feature; `properties` as given.
    static func feature(_ coordinate: Coordinate, properties: JSONValue) -> JSONValue {
        [
            "type": "Feature",
            "geometry": [
                "type": "Point",
                "coordinates": [number(coordinate.longitude, places: 7), number(coordinate.latitude, places: 7)],
            ],
            "properties": properties,
        ]
    }
}
