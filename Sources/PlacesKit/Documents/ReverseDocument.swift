public import PlaceBytes
public import PlaceCore

extension DocumentParts {
    /// `reverse` as one document: what was asked and what is there, nearest first.
    public static func reverse(_ matches: [ReverseMatch], at coordinate: Coordinate) -> JSONValue {
        [
            "query": ["lat": number(coordinate.latitude, places: 7), "lon": number(coordinate.longitude, places: 7)],
            "results": .array(matches.map(reverseMatch)),
        ]
    }

    /// `reverse` for maps: what is there, as points.
    public static func reverseGeoJSON(_ matches: [ReverseMatch]) -> JSONValue {
        featureCollection(matches.map { feature($0.coordinate, properties: reverseMatch($0)) })
    }

    /// One match: its name and label, kind, position, distance, source, id and town.
    public static func reverseMatch(_ match: ReverseMatch) -> JSONValue {
        [
            "name": .string(match.name), "label": .string(match.label), "kind": .string(match.kind),
            "distance_m": number(match.distance, places: 1),
            "lat": number(match.coordinate.latitude, places: 7), "lon": number(match.coordinate.longitude, places: 7),
            "source": .string(match.source), "id": optional(match.id), "detail": optional(match.detail),
            "locality": optional(match.locality), "country": optional(match.countryCode),
        ]
    }
}
