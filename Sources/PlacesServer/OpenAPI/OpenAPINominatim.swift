import PlaceBytes
import PlacesKit

/// Nominatim's endpoints in the document: `/search`, `/lookup`, `/status`, and the `format` that
/// turns `/reverse` from Photon's into Nominatim's.
extension OpenAPIPaths {
    static let nominatimFormat = query(
        "format", Schema.enumeration(NominatimPlace.Format.allCases.map(\.rawValue)), "Nominatim's formats (`xml` is not written).")

    static let nominatimDetail = [
        query("addressdetails", flag, "Add `address`, Nominatim's parts of the address."),
        query("extratags", flag, "Add `extratags`, the place's OpenStreetMap tags."),
        query("namedetails", flag, "Add `namedetails`."),
        query("accept-language", Schema.string, "The language for countries' names (else the Accept-Language header)."),
    ]

    /// A search, a lookup: an array (json, jsonv2) or a FeatureCollection (geojson, geocodejson).
    static func nominatimList(_ description: String) -> JSONValue {
        [
            "description": .string(description), "headers": headers,
            "content": [
                "application/json": ["schema": Schema.array(Schema.ref("NominatimPlace"))],
                "application/geo+json": ["schema": Schema.ref("NominatimCollection")],
            ],
        ]
    }

    static var nominatim: [(String, JSONValue)] {
        let structured = NominatimRoutes.structuredFields.map { field in
            query(field, Schema.string, "A structured search's `\(field)`; not with `q`.")
        }
        return [
            (
                "/search",
                [
                    "get": operation(
                        "nominatimSearch", "Nominatim's search (free-form `q` or structured), through the same lookup as every other.",
                        [query("q", ["type": "string", "maxLength": 500], "What to search for.")] + structured + [
                            nominatimFormat,
                            query("limit", ["type": "integer", "default": 10], "How many answers (1 to 40)."),
                            query("countrycodes", Schema.string, "Only these countries: ISO 3166-1 alpha-2 codes, comma-separated."),
                            query("viewbox", Schema.string, "`x1,y1,x2,y2`: where to look first."),
                            query("bounded", flag, "Only inside `viewbox`."),
                            query("exclude_place_ids", Schema.string, "`place_id`s given before, comma-separated."),
                        ] + nominatimDetail,
                        [("200", nominatimList("Best first; an empty array when nothing matches."))] + guarded)
                ]
            ),
            (
                "/lookup",
                [
                    "get": operation(
                        "nominatimLookup", "Nominatim's lookup of imported OpenStreetMap objects by id.",
                        [query("osm_ids", Schema.string, "`N`, `W` or `R` and the number, comma-separated (at most 50).", required: true)]
                            + [nominatimFormat] + nominatimDetail,
                        [("200", nominatimList("The objects found, in the order asked."))] + guarded)
                ]
            ),
            (
                "/status",
                [
                    "get": operation(
                        "nominatimStatus", "Nominatim's status: `OK`, or with `format=json` a document.",
                        [query("format", Schema.enumeration(["text", "json"]), "`json` for the document.")],
                        [
                            (
                                "200",
                                [
                                    "description": "Serving.", "headers": headers,
                                    "content": [
                                        "text/plain; charset=utf-8": ["schema": Schema.string],
                                        "application/json": ["schema": Schema.ref("NominatimStatus")],
                                    ],
                                ]
                            )
                        ], access: .open)
                ]
            ),
        ]
    }
}

extension OpenAPISchemas {
    static let nominatimPlace = Schema.object(
        [
            ("place_id", Schema.integer), ("licence", Schema.string), ("osm_type", Schema.enumeration(["node", "way", "relation"])),
            ("osm_id", Schema.integer), ("lat", Schema.string), ("lon", Schema.string), ("class", Schema.string), ("category", Schema.string),
            ("place_rank", Schema.integer), ("addresstype", Schema.string), ("name", Schema.string), ("type", Schema.string),
            ("importance", Schema.number), ("display_name", Schema.string), ("address", Schema.anyObject), ("extratags", Schema.anyObject),
            ("namedetails", Schema.anyObject), ("boundingbox", Schema.array(Schema.string)),
        ],
        optional: ["osm_type", "osm_id", "class", "category", "place_rank", "addresstype", "name", "address", "extratags", "namedetails"])

    static let nominatimCollection = Schema.object(
        [
            ("type", Schema.enumeration(["FeatureCollection"])), ("licence", Schema.string), ("geocoding", Schema.anyObject),
            ("features", Schema.array(Schema.anyObject)),
        ], optional: ["licence", "geocoding"])

    static let nominatimStatus = Schema.object(
        [("status", Schema.integer), ("message", Schema.string), ("software_version", Schema.string)], optional: ["software_version"])

    /// What Nominatim's `/reverse` answers when nothing is near.
    static let nominatimMiss = Schema.object([("error", Schema.string)])
}
