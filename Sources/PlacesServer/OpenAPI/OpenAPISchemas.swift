import PlaceBytes
import PlacesKit

/// The components of the OpenAPI document: the CLI's `--format json` documents, member by member
/// (closed: a member the server sends that is not here fails the schemathesis check).
enum OpenAPISchemas {
    static let walk = Schema.object([
        ("meters", Schema.integer), ("minutes", Schema.number), ("straight_line_meters", Schema.integer), ("routed", Schema.boolean),
    ])

    static let ranked: [(String, JSONValue)] = [
        ("rank", Schema.integer), ("id", Schema.string), ("name", Schema.string), ("lat", Schema.number), ("lon", Schema.number),
        ("categories", Schema.array(Schema.string)),
        (
            "rating",
            Schema.nullable(
                Schema.object([
                    ("value", Schema.number), ("source_value", Schema.number), ("source_scale", Schema.number),
                    ("count", Schema.nullable(Schema.integer)),
                ]))
        ),
        ("price", Schema.nullable(Schema.integer)), ("open_now", Schema.nullable(Schema.boolean)), ("time_zone", Schema.string),
        ("address", Schema.nullable(Schema.string)),
        ("walk", Schema.ref("Walk")), ("score", Schema.number),
        (
            "components",
            Schema.array(
                Schema.object([
                    ("name", Schema.string), ("value", Schema.number), ("weight", Schema.number), ("contribution", Schema.number),
                    ("detail", Schema.string),
                ]))
        ),
        ("sources", Schema.array(Schema.string)),
    ]

    static let exclusion = Schema.object([
        ("id", Schema.string), ("name", Schema.string), ("stage", Schema.string), ("reason", Schema.string), ("walk", Schema.ref("Walk")),
    ])

    static let report = Schema.object([
        ("id", Schema.string), ("ok", Schema.boolean), ("count", Schema.integer), ("ms", Schema.integer), ("error", Schema.nullable(Schema.string)),
        // Whose data the answer holds: one credit per source.
        (
            "attribution",
            Schema.array(
                Schema.object([
                    ("source", Schema.string), ("attribution", Schema.nullable(Schema.string)), ("licence", Schema.nullable(Schema.string)),
                ]))
        ),
    ])

    static func rankedDocument(_ item: String, extra: [(String, JSONValue)] = [], providers: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = [("query", Schema.anyObject)] + extra + [("results", Schema.array(Schema.ref(item)))]
        members.append(("excluded", Schema.array(Schema.ref("Exclusion"))))
        if providers { members.append(("providers", Schema.array(Schema.ref("ProviderReport")))) }
        return Schema.object(members, optional: ["excluded"])
    }

    static let parking = Schema.derived(
        ranked, removing: ["rating", "price", "open_now", "time_zone"],
        adding: [
            ("kind", Schema.nullable(Schema.string)), ("reference", Schema.nullable(Schema.string)),
            (
                "cost",
                Schema.object([
                    ("eur", Schema.nullable(Schema.number)), ("source", Schema.string), ("duration_min", Schema.integer),
                    ("arrival", Schema.dateTime),
                ])
            ),
            ("tariff", Schema.nullable(Schema.string)), ("payment", Schema.nullable(Schema.array(Schema.string))),
            (
                "availability",
                Schema.nullable(
                    Schema.object([
                        ("state", Schema.string), ("free", Schema.nullable(Schema.integer)), ("capacity", Schema.nullable(Schema.integer)),
                        ("observed_at", Schema.nullable(Schema.dateTime)),
                    ]))
            ),
            ("note", Schema.string),
            // A car park's ways in and out, mapped apart from it.
            (
                "entrances",
                Schema.nullable(
                    Schema.array(
                        Schema.object([
                            ("id", Schema.nullable(Schema.string)), ("name", Schema.nullable(Schema.string)), ("lat", Schema.number),
                            ("lon", Schema.number),
                        ])))
            ),
        ], optional: ["note"])

    static let recommendation = Schema.derived(
        ranked, removing: ["categories", "rating", "price", "open_now", "time_zone", "address"],
        adding: [
            ("description", Schema.nullable(Schema.string)), ("points", Schema.nullable(Schema.integer)),
            ("radius_m", Schema.nullable(Schema.number)),
            ("expires", Schema.nullable(Schema.dateTime)), ("feed", Schema.nullable(Schema.string)),
        ])

    static let feed = Schema.object([
        ("name", Schema.string), ("source", Schema.string), ("count", Schema.integer),
        ("skipped", Schema.array(Schema.object([("entry", Schema.integer), ("id", Schema.nullable(Schema.string)), ("reason", Schema.string)]))),
    ])

    static let place = Schema.object(
        [
            ("id", Schema.string), ("name", Schema.string), ("lat", Schema.number), ("lon", Schema.number),
            ("categories", Schema.array(Schema.string)),
            ("concepts", Schema.array(Schema.string)),
            (
                "rating",
                Schema.nullable(
                    Schema.object([
                        ("value", Schema.number), ("source_value", Schema.number), ("source_scale", Schema.number),
                        ("count", Schema.nullable(Schema.integer)),
                    ]))
            ),
            ("price", Schema.nullable(Schema.integer)),
            (
                "address",
                Schema.nullable(
                    Schema.object([
                        ("street", Schema.nullable(Schema.string)), ("postcode", Schema.nullable(Schema.string)),
                        ("locality", Schema.nullable(Schema.string)),
                        ("country", Schema.nullable(Schema.string)), ("formatted", Schema.nullable(Schema.string)),
                    ]))
            ),
            ("phone", Schema.nullable(Schema.string)), ("website", Schema.nullable(Schema.string)), ("description", Schema.nullable(Schema.string)),
            (
                "hours",
                Schema.nullable(
                    Schema.object([
                        ("time_zone", Schema.string), ("text", Schema.nullable(Schema.string)),
                        ("open_now", Schema.nullable(Schema.boolean)),
                        ("status", Schema.nullable(Schema.string)), ("always_open", Schema.boolean),
                        ("weekly", Schema.array(Schema.object([("day", Schema.string), ("opens", Schema.string), ("closes", Schema.string)]))),
                    ]))
            ),
            (
                "photos",
                Schema.array(
                    Schema.object([
                        ("url", Schema.string), ("width", Schema.nullable(Schema.integer)), ("height", Schema.nullable(Schema.integer)),
                    ]))
            ),
            ("tips", Schema.array(Schema.object([("text", Schema.string), ("created_at", Schema.nullable(Schema.string))]))),
            ("tags", ["type": "object", "additionalProperties": Schema.string]),
            ("sources", Schema.array(Schema.string)),
            (
                "recommendation",
                Schema.nullable(
                    Schema.object([
                        ("points", Schema.integer), ("radius_m", Schema.number), ("expires", Schema.nullable(Schema.dateTime)),
                        ("feed", Schema.string),
                    ]))
            ),
            // Only on a favourite.
            ("note", Schema.nullable(Schema.string)), ("added_at", Schema.dateTime),
        ], optional: ["note", "added_at"])

    static let suggestion = Schema.object(
        [
            ("id", Schema.string), ("name", Schema.string), ("kind", Schema.enumeration(["street", "poi", "place", "address"])),
            ("detail", Schema.nullable(Schema.string)), ("locality", Schema.nullable(Schema.string)), ("country", Schema.nullable(Schema.string)),
            ("matched_name", Schema.string), ("match", Schema.string), ("score", Schema.number), ("sources", Schema.array(Schema.string)),
            ("lat", Schema.number), ("lon", Schema.number), ("distance_m", Schema.integer),
        ], optional: ["matched_name", "lat", "lon", "distance_m"])

    static let pair = ["type": "array", "items": Schema.number, "minItems": 2, "maxItems": 2] as JSONValue

    static let route = Schema.object([
        (
            "route",
            Schema.object([
                ("provider", Schema.string), ("from", pair), ("to", pair), ("distance_m", Schema.number), ("duration_s", Schema.number),
                ("summary", Schema.nullable(Schema.string)), ("warnings", Schema.array(Schema.string)),
                ("attribution", Schema.nullable(Schema.string)),
                (
                    "steps",
                    Schema.array(
                        Schema.object([
                            ("step", Schema.integer), ("instruction", Schema.string), ("maneuver", Schema.nullable(Schema.string)),
                            ("name", Schema.nullable(Schema.string)),
                            ("distance_m", Schema.number), ("duration_s", Schema.number), ("location", Schema.nullable(pair)),
                        ]))
                ),
                ("path", Schema.array(pair)), ("polyline6", Schema.string),
            ])
        )
    ])

    static let reverse = Schema.object([
        ("query", Schema.object([("lat", Schema.number), ("lon", Schema.number)])),
        (
            "results",
            Schema.array(
                Schema.object([
                    ("name", Schema.string), ("label", Schema.string), ("kind", Schema.string), ("distance_m", Schema.number),
                    ("lat", Schema.number), ("lon", Schema.number), ("source", Schema.string), ("id", Schema.nullable(Schema.string)),
                    ("detail", Schema.nullable(Schema.string)), ("locality", Schema.nullable(Schema.string)),
                    ("country", Schema.nullable(Schema.string)),
                ]))
        ),
    ])

    static let stops = Schema.object([
        (
            "stops",
            Schema.array(
                Schema.object([
                    ("kind", Schema.enumeration(["stop"])), ("number", Schema.integer), ("arrival", Schema.dateTime), ("departure", Schema.dateTime),
                    ("duration_s", Schema.number), ("lat", Schema.number), ("lon", Schema.number), ("fixes", Schema.integer),
                    ("spread_m", Schema.number),
                    ("name", Schema.nullable(Schema.string)), ("name_distance_m", Schema.nullable(Schema.number)),
                    ("name_source", Schema.nullable(Schema.string)),
                ]))
        ),
        (
            "transits",
            Schema.array(
                Schema.object([
                    ("kind", Schema.enumeration(["transit"])), ("from", Schema.nullable(Schema.integer)), ("to", Schema.nullable(Schema.integer)),
                    ("departure", Schema.dateTime), ("arrival", Schema.dateTime), ("duration_s", Schema.number), ("distance_m", Schema.number),
                    ("speed_kmh", Schema.number), ("gaps", Schema.integer), ("gap_s", Schema.number), ("gap_distance_m", Schema.number),
                    ("path", Schema.array(pair)), ("path_breaks", Schema.array(Schema.integer)),
                ]))
        ),
        (
            "summary",
            Schema.object([
                ("fixes", Schema.integer), ("used", Schema.integer), ("skipped", Schema.integer), ("stops", Schema.integer),
                ("stopped_s", Schema.number),
                ("moving_s", Schema.number), ("moving_m", Schema.number), ("gaps", Schema.integer), ("gap_s", Schema.number),
                ("gap_distance_m", Schema.number), ("radius_m", Schema.number), ("min_duration_s", Schema.number),
                ("min_accuracy_m", Schema.nullable(Schema.number)),
                ("max_gap_s", Schema.nullable(Schema.number)),
            ])
        ),
    ])

    static let favorite = Schema.object([
        ("id", Schema.string), ("name", Schema.string), ("lat", Schema.number), ("lon", Schema.number), ("kind", Schema.nullable(Schema.string)),
        ("address", Schema.nullable(Schema.string)), ("note", Schema.nullable(Schema.string)), ("added_at", Schema.dateTime),
    ])

    static let points = Schema.object([
        ("balance", Schema.integer),
        (
            "history",
            Schema.array(
                Schema.object([
                    ("id", Schema.string), ("name", Schema.string), ("feed", Schema.string), ("points", Schema.integer),
                    ("arrived_at", Schema.dateTime),
                    ("recorded_at", Schema.dateTime),
                ]))
        ),
        (
            "refused",
            Schema.array(
                Schema.object([
                    ("id", Schema.string), ("name", Schema.string), ("feed", Schema.string), ("reason", Schema.string), ("detail", Schema.string),
                    ("arrived_at", Schema.nullable(Schema.dateTime)), ("recorded_at", Schema.dateTime),
                ]))
        ),
    ])

    static let problem = Schema.object(
        [
            ("type", Schema.string), ("title", Schema.string), ("status", Schema.integer), ("detail", Schema.string), ("instance", Schema.string),
            ("request_id", Schema.string), ("parameter", Schema.string), ("remedy", Schema.string),
        ], optional: ["request_id", "parameter", "remedy"])

    static let check = Schema.object(
        [
            ("ok", Schema.boolean), ("path", Schema.string), ("loaded", Schema.boolean), ("names", Schema.integer), ("detail", Schema.string),
        ], optional: ["path", "loaded", "names", "detail"])

    static let health = Schema.object([
        ("status", Schema.enumeration(["ok", "unavailable"])), ("live", Schema.boolean), ("ready", Schema.boolean), ("store", Schema.ref("Check")),
        ("index", Schema.ref("Check")),
        ("database", Schema.object([("ok", Schema.boolean), ("location", Schema.string), ("detail", Schema.string)], optional: ["detail"])),
    ])

    /// A GeoJSON FeatureCollection of points and lines, with any properties.
    static let featureCollection = Schema.object([
        ("type", Schema.enumeration(["FeatureCollection"])),
        (
            "features",
            Schema.array(
                Schema.object([
                    ("type", Schema.enumeration(["Feature"])),
                    ("geometry", Schema.object([("type", Schema.enumeration(["Point", "LineString"])), ("coordinates", ["type": "array"])])),
                    ("properties", Schema.anyObject),
                ]))
        ),
    ])

    static let photonCollection = Schema.object([
        ("type", Schema.enumeration(["FeatureCollection"])),
        (
            "features",
            Schema.array(
                Schema.object([
                    ("type", Schema.enumeration(["Feature"])),
                    ("geometry", Schema.object([("type", Schema.enumeration(["Point"])), ("coordinates", pair)])),
                    (
                        "properties",
                        Schema.object(
                            [
                                ("osm_type", Schema.enumeration(["N", "W", "R"])), ("osm_id", Schema.integer), ("osm_key", Schema.string),
                                ("osm_value", Schema.string),
                                ("type", Schema.enumeration(PhotonFeature.layers)), ("name", Schema.string), ("housenumber", Schema.string),
                                ("street", Schema.string),
                                ("postcode", Schema.string), ("city", Schema.string), ("countrycode", Schema.string),
                            ], optional: ["osm_type", "osm_id", "osm_key", "osm_value", "housenumber", "street", "postcode", "city", "countrycode"])
                    ),
                ]))
        ),
    ])

    static var all: JSONValue {
        .object(
            JSONObject(
                [
                    ("Walk", walk), ("RankedPlace", Schema.object(ranked)), ("Exclusion", exclusion), ("ProviderReport", report),
                    ("Coffee", rankedDocument("RankedPlace")), ("ParkingPlace", parking), ("Parking", rankedDocument("ParkingPlace")),
                    ("Recommendation", recommendation),
                    ("Recommendations", rankedDocument("Recommendation", extra: [("feed", feed)], providers: false)),
                    ("Place", place), ("Suggestion", suggestion),
                    (
                        "Completion",
                        Schema.object(
                            [
                                ("query", Schema.string),
                                ("focus", Schema.object([("lat", Schema.number), ("lon", Schema.number), ("source", Schema.string)])),
                                (
                                    "area",
                                    Schema.object([("id", Schema.string), ("name", Schema.string), ("country", Schema.nullable(Schema.string))])
                                ),
                                ("unknown_qualifier", Schema.string), ("kind_words", Schema.array(Schema.string)),
                                ("suggestions", Schema.array(Schema.ref("Suggestion"))),
                            ], optional: ["focus", "area", "unknown_qualifier", "kind_words"])
                    ),
                    ("Route", route), ("Reverse", reverse), ("Stops", stops), ("Favorite", favorite),
                    ("Favorites", Schema.object([("favorites", Schema.array(Schema.ref("Favorite")))])),
                    ("FavoriteChange", Schema.object([("change", Schema.enumeration(["added", "updated"])), ("favorite", Schema.ref("Favorite"))])),
                    ("Points", points), ("Problem", problem), ("Check", check), ("Health", health), ("FeatureCollection", featureCollection),
                    ("PhotonCollection", photonCollection),
                    ("NominatimPlace", nominatimPlace), ("NominatimCollection", nominatimCollection), ("NominatimStatus", nominatimStatus),
                    ("NominatimMiss", nominatimMiss), ("OSRMRoute", osrmRoute),
                ].map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
