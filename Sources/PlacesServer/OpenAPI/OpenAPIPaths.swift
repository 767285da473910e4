import PlaceBytes
import PlacesKit

/// The document's `paths`.
enum OpenAPIPaths {
    // MARK: - Parameters

    static func query(_ name: String, _ schema: JSONValue, _ description: String, required: Bool = false, repeated: Bool = false) -> JSONValue {
        var parameter: JSONObject = [
            "name": .string(name), "in": "query", "required": .bool(required), "description": .string(description),
            "schema": repeated ? Schema.array(schema) : schema,
        ]
        if repeated {
            parameter["style"] = "form"
            parameter["explode"] = true
        }
        return .object(parameter)
    }

    static let idPath: JSONValue = [
        "name": "id", "in": "path", "required": true,
        "description": "A place id as the other endpoints give it: `osm:node/42` (its `/` as is, or `%2F`).",
        "schema": ["type": "string", "pattern": "^[a-z0-9_-]+:.+$"],
    ]

    static let time: JSONValue = ["type": "string", "pattern": "^[0-9.]+(ms|s|sec|min|m|h)?([0-9.]+(ms|s|sec|min|m|h))*$", "maxLength": 20]
    static let distance: JSONValue = ["type": "string", "pattern": "^[0-9.]+(m|km)?$", "maxLength": 20]
    /// A flag as the server reads one: true or false, 1 or 0, yes or no, or present with no value (`?explain`).
    static let flag: JSONValue = ["anyOf": [["type": "boolean"], ["type": "string", "enum": ["", "1", "0", "yes", "no"]]]]
    static let position: JSONValue = ["type": "string", "minLength": 1, "maxLength": 200]
    static let coordinate: JSONValue = ["type": "string", "pattern": "^-?[0-9]{1,2}(\\.[0-9]+)?,-?[0-9]{1,3}(\\.[0-9]+)?$"]

    static func near(_ what: String = "Where you are") -> JSONValue {
        query("near", position, "\(what): `LAT,LON` or a place's name. Default: the saved centre, else Amsterdam's.")
    }

    static func top(_ what: String = "places") -> JSONValue {
        query("top", ["type": "integer", "minimum": 1, "maximum": 50, "default": 10], "How many \(what) to list.")
    }

    static func maxWalk(_ example: String) -> JSONValue { query("max-walk", time, "The longest walk accepted, e.g. \(example) (minutes when bare).") }

    static let provider = query("provider", Schema.string, "Ask only these providers.", repeated: true)
    static let offline = query("offline", flag, "Answer from imported OpenStreetMap data only.")
    static let explain = query("explain", flag, "Add what was left out, and why (`excluded`).")
    static let format = query("format", Schema.enumeration(["json", "geojson"]), "`json` (the default) or `geojson`.")
    static let feed = query("feed", Schema.string, "A feed this server offers (a name in its `[feeds]`); default: its configured feed.")

    // MARK: - Responses

    static func json(_ schema: String, _ description: String, type: String = "application/json") -> JSONValue {
        [
            "description": .string(description), "headers": headers,
            "content": .object(JSONObject([.init(key: type, value: ["schema": Schema.ref(schema)])])),
        ]
    }

    /// A document as JSON, or as GeoJSON with `format=geojson`.
    static func jsonOrGeoJSON(_ schema: String, _ description: String) -> JSONValue {
        [
            "description": .string(description), "headers": headers,
            "content": [
                "application/json": ["schema": Schema.ref(schema)],
                "application/geo+json": ["schema": Schema.ref("FeatureCollection")],
            ],
        ]
    }

    static let headers: JSONValue = ["X-Request-Id": ["$ref": "#/components/headers/RequestID"]]

    static func problem(_ description: String, retry: Bool = false) -> JSONValue {
        var headers: JSONObject = ["X-Request-Id": ["$ref": "#/components/headers/RequestID"]]
        if retry { headers["Retry-After"] = ["$ref": "#/components/headers/RetryAfter"] }
        return [
            "description": .string(description), "headers": .object(headers),
            "content": ["application/problem+json": ["schema": Schema.ref("Problem")]],
        ]
    }

    /// The problems any endpoint behind a token and a rate limit may send.
    static let guarded: [(String, JSONValue)] = [
        ("400", problem("A parameter is malformed or out of range: `parameter` names it, `detail` says how.")),
        ("401", problem("No token, or one that is unknown or revoked.")),
        ("429", problem("Too many requests for this token (or address): wait `Retry-After` seconds.", retry: true)),
    ]

    /// And those of endpoints that ask providers.
    static let upstream: [(String, JSONValue)] = [
        ("404", problem("Nothing found: no such place, name, recommendation or route; nothing imported.")),
        ("502", problem("A provider answered with something that cannot be read.")),
        (
            "503",
            problem(
                "No provider could answer (network, timeout, no recording), or the server lacks what it needs (a key, a feed, its database); busy: `Retry-After`."
            )
        ),
    ]

    /// Who may call an operation: anyone, a token holder or (where the server opens search) anyone.
    enum Access { case open, token, tokenUnlessOpened }

    static func operation(
        _ id: String, _ summary: String, _ parameters: [JSONValue], _ responses: [(String, JSONValue)], access: Access = .tokenUnlessOpened,
        body: JSONValue? = nil
    ) -> JSONValue {
        // Every endpoint behind a token asks the shared store for it, which may be unreachable.
        var responses = responses
        if access != .open, !responses.contains(where: { $0.0 == "503" }) {
            responses.append(("503", problem("The store the server's instances share (its database) cannot be reached; try again.")))
        }
        var object: JSONObject = [
            "operationId": .string(id), "summary": .string(summary), "parameters": .array(parameters),
            "responses": .object(JSONObject(responses.map { JSONObject.Member(key: $0.0, value: $0.1) })),
        ]
        switch access {
        case .open: object["security"] = []
        case .token: object["security"] = [["bearer": []]]
        case .tokenUnlessOpened: object["security"] = [["bearer": []], [:]]
        }
        if let body { object["requestBody"] = body }
        return .object(object)
    }

    // MARK: - Paths

    static var all: JSONValue {
        .object(
            JSONObject(
                (search + lookup + personal + photon + nominatim + osrm + operations).map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }

    static var search: [(String, JSONValue)] {
        [
            (
                "/v1/coffee",
                [
                    "get": operation(
                        "coffee", "The best coffee within walking distance (`places coffee`).",
                        [
                            near(), top(), query("radius", distance, "How far to search, e.g. 800m or 1.2km."), maxWalk("15 or 10m"),
                            query("open-now", flag, "Only places known to be open now."), provider, offline, explain, format,
                        ],
                        [
                            ("200", jsonOrGeoJSON("Coffee", "The ranking (`format=geojson`: a FeatureCollection)."))
                        ]
                            + guarded + upstream)
                ]
            ),
            (
                "/v1/parking",
                [
                    "get": operation(
                        "parking", "Parking near where you are going, priced for your stay (`places parking`).",
                        [
                            near("Where you are going"), query("advice", flag, "Rank by the cost of the stay, the walk and the room left."),
                            query("duration", time, "How long you stay, e.g. 2h or 90m."),
                            query("arrive", ["type": "string", "maxLength": 40], "When you arrive: now, 08:30, `fri 08:30`, ISO 8601."),
                            query("methods", Schema.enumeration(ParkingQuery.paymentMethods), "How you pay.", repeated: true), top(),
                            query("sort", Schema.enumeration(["score", "cost", "walk"]), "The order."), maxWalk("10 or 5m"), provider, offline,
                            explain, format,
                        ],
                        [
                            ("200", jsonOrGeoJSON("Parking", "The ranking."))
                        ]
                            + guarded + upstream)
                ]
            ),
            (
                "/v1/recommendations",
                [
                    "get": operation(
                        "recommendations", "Recommendations worth walking to, from a feed (`places recommendations`).",
                        [near(), feed, top("recommendations"), maxWalk("30 or 20m"), explain, format],
                        [
                            ("200", jsonOrGeoJSON("Recommendations", "The ranking."))
                        ]
                            + guarded + upstream)
                ]
            ),
        ]
    }

    static var lookup: [(String, JSONValue)] {
        [
            (
                "/v1/places/{id}",
                [
                    "get": operation(
                        "place", "Everything known about a place (`places show`).",
                        [idPath, format, query("offline", flag, "From the imported OpenStreetMap data only, without the network (an `osm:` id).")],
                        [
                            (
                                "200",
                                [
                                    "description": "The place.", "headers": headers,
                                    "content": [
                                        "application/json": ["schema": Schema.ref("Place")], "application/geo+json": ["schema": Schema.anyObject],
                                    ],
                                ]
                            )
                        ]
                            + guarded + upstream)
                ]
            ),
            (
                "/v1/complete",
                [
                    "get": operation(
                        "complete",
                        "Names and addresses as you type, from the imported data (`places complete`): \"Senaatintori, Helsinki\", "
                            + "\"Keizersgracht 148\", \"Hotel Kämp\". Give `text` or `q`.",
                        [
                            query("text", ["type": "string", "minLength": 1, "maxLength": 200], "What has been typed so far."),
                            query("q", ["type": "string", "minLength": 1, "maxLength": 200], "The same as `text`, as Photon's `/api` names it."),
                            query("near", coordinate, "Rank names near `LAT,LON` first (else the saved centre, else the imported data's)."),
                            query("limit", ["type": "integer", "minimum": 1, "maximum": 100, "default": 10], "How many suggestions."),
                            query("kind", Schema.enumeration(["street", "poi", "place", "address"]), "Only these kinds.", repeated: true),
                            query("no-typos", flag, "Only exact and prefix matches."), format,
                        ],
                        [
                            ("200", jsonOrGeoJSON("Completion", "The suggestions, best first.")),
                            ("404", problem("Nothing is imported to complete from.")),
                        ] + guarded)
                ]
            ),
            (
                "/v1/route",
                [
                    "get": operation(
                        "route", "A walking route (`places route`).",
                        [
                            query("from", position, "Where from: `LAT,LON` or a name; default the saved centre."),
                            query(
                                "to", position, "Where to: `LAT,LON`, a name, or a recommendation id (of `feed`, else of the configured feed).",
                                required: true), feed,
                            query(
                                "provider", Schema.enumeration(["osrm", "google", "local"]),
                                "The routing provider; `local` walks the imported streets."),
                            query("offline", flag, "Over the imported streets only: no network, no recordings (as `provider=local`)."),
                            query("format", Schema.enumeration(["json", "geojson", "gpx"]), "`json`, `geojson` or `gpx`."),
                        ],
                        [
                            (
                                "200",
                                [
                                    "description": "The route.", "headers": headers,
                                    "content": [
                                        "application/json": ["schema": Schema.ref("Route")],
                                        "application/geo+json": ["schema": Schema.ref("FeatureCollection")],
                                        "application/gpx+xml": ["schema": Schema.string],
                                    ],
                                ]
                            )
                        ] + guarded + upstream)
                ]
            ),
            (
                "/v1/reverse",
                [
                    "get": operation(
                        "reverse", "What is at a position: the nearest imported POI, street and place (`places reverse`).",
                        [
                            query("at", coordinate, "The position, `LAT,LON`.", required: true),
                            query("radius", distance, "How far to look (up to 10 km)."),
                            query("limit", ["type": "integer", "minimum": 1, "maximum": 20, "default": 5], "How many answers."),
                        ],
                        [("200", json("Reverse", "Nearest first."))] + guarded + upstream)
                ]
            ),
            (
                "/v1/stops",
                [
                    "post": operation(
                        "stops", "Stops and the movement between them, in a trace (`places stops`).",
                        [
                            query("radius", distance, "A stay keeps within this."), query("min-duration", time, "A stay lasts at least this long."),
                            query("min-accuracy", distance, "Drop fixes less accurate than this."),
                            query("max-gap", time, "End a stay at a gap longer than this."),
                            query("name-within", distance, "Name a stop after a place within this."),
                            query(
                                "trace-format", Schema.enumeration(["gpx", "geojson", "ndjson", "gpsd"]),
                                "The trace's format, when its content does not tell."),
                        ],
                        [
                            ("200", json("Stops", "The stops, the transits between them, a summary.")),
                            ("408", problem("The body took longer than the server's body timeout to arrive.")),
                            ("413", problem("The body is larger than the server reads.")),
                            ("422", problem("The body is not a trace, or has no usable fix.")),
                        ] + guarded,
                        body: [
                            "required": true, "description": "A GPX, GeoJSON, NDJSON or gpsd trace.",
                            "content": [
                                "application/gpx+xml": ["schema": Schema.string], "application/geo+json": ["schema": Schema.anyObject],
                                "application/x-ndjson": ["schema": Schema.string],
                            ],
                        ])
                ]
            ),
        ]
    }

    static var personal: [(String, JSONValue)] {
        let mine: [(String, JSONValue)] = [
            ("401", problem("No token, or one that is unknown or revoked.")), ("429", problem("Too many requests.", retry: true)),
        ]
        return [
            (
                "/v1/favorites",
                [
                    "get": operation(
                        "favorites", "Your favourites, oldest first.", [], [("200", json("Favorites", "Your favourites."))] + mine, access: .token),
                    "post": operation(
                        "addFavorite", "Keep a place (asking its provider for it), or refresh one kept.",
                        [query("offline", flag, "Keep it from the imported OpenStreetMap data, without the network (an `osm:` id).")],
                        [
                            ("200", json("FavoriteChange", "Refreshed.")), ("201", json("FavoriteChange", "Added.")),
                            ("400", problem("The body is not `{\"id\": …, \"note\": …}`.")), ("408", problem("The body came too slowly.")),
                            ("413", problem("The body is too large.")),
                        ] + mine + upstream, access: .token,
                        body: [
                            "required": true,
                            "content": [
                                "application/json": [
                                    "schema": Schema.object(
                                        [
                                            ("id", ["type": "string", "pattern": "^[a-z0-9_-]+:.+$"]),
                                            ("note", Schema.nullable(["type": "string", "maxLength": 1000])),
                                        ],
                                        optional: ["note"])
                                ]
                            ],
                        ]),
                ]
            ),
            (
                "/v1/favorites/{id}",
                [
                    "get": operation(
                        "favorite", "One of your favourites, with the place as it was kept.", [idPath],
                        [
                            ("200", json("Place", "The favourite.")), ("400", problem("The id is malformed.")),
                            ("404", problem("Not one of your favourites.")),
                        ] + mine, access: .token),
                    "delete": operation(
                        "removeFavorite", "Stop keeping a place.", [idPath],
                        [
                            ("204", ["description": "Removed.", "headers": headers]), ("400", problem("The id is malformed.")),
                            ("404", problem("Not one of your favourites.")),
                            (
                                "503",
                                problem(
                                    "The server's store is read-only (`read-only-store`), busy (`Retry-After`), or its database cannot be reached.",
                                    retry: true)
                            ),
                        ] + mine, access: .token),
                ]
            ),
            (
                "/v1/points",
                [
                    "get": operation(
                        "points", "Your points: the balance, each award, and each arrival that earned nothing and why.", [],
                        [("200", json("Points", "The ledger."))] + mine, access: .token)
                ]
            ),
            (
                "/v1/follow",
                [
                    "post": operation(
                        "follow", "Follow a walk: POST fixes (NDJSON or gpsd) as you walk, read events back (or open a WebSocket on this path).",
                        [
                            query("to", position, "Where the walk goes: `LAT,LON`, a name, or with `feed` a recommendation id.", required: true),
                            feed,
                            query("provider", Schema.enumeration(["osrm", "google"]), "The routing provider."),
                            query("off-route-distance", distance, "Off route at once from this far."),
                            query("tolerance", distance, "Still on the route within this."),
                            query("off-route-time", time, "Off route after this long beyond the tolerance."),
                            query("cooldown", time, "No new alert this long after one."),
                            query("arrival-radius", distance, "Arrived within this far."),
                            query("max-accuracy", distance, "Fixes less accurate than this neither alert nor arrive."),
                            query("reroute", flag, "Ask for a new route when off route."),
                        ],
                        [
                            (
                                "200",
                                [
                                    "description":
                                        "Server-sent events: `route`, `reroute`, `off-route`, `back-on-route`, `arrived` (with the points), `end`; a failure mid-walk is a last `problem` event.",
                                    "headers": headers, "content": ["text/event-stream": ["schema": Schema.string]],
                                ]
                            ),
                            ("400", problem("A parameter is malformed.")), ("413", problem("The walk sent more than the server reads.")),
                        ] + mine + upstream,
                        access: .token,
                        body: [
                            "required": true,
                            "description":
                                "Fixes, one JSON object per line, sent as they are taken: `{\"lat\":…,\"lon\":…,\"time\":…,\"accuracy\":…}`.",
                            "content": ["application/x-ndjson": ["schema": Schema.string]],
                        ])
                ]
            ),
        ]
    }

    static var photon: [(String, JSONValue)] {
        let point = [
            query("lat", ["type": "number", "minimum": -90, "maximum": 90], "Latitude (with lon)."),
            query("lon", ["type": "number", "minimum": -180, "maximum": 180], "Longitude (with lat)."),
        ]
        let filters = [
            query("osm_tag", Schema.string, "`key:value`, `key` or `:value`; `!` excludes.", repeated: true),
            query("layer", Schema.enumeration(PhotonFeature.layers), "Only these layers.", repeated: true),
            query("lang", Schema.string, "Accepted; the index has one name per place."),
        ]
        return [
            (
                "/api",
                [
                    "get": operation(
                        "photonSearch", "Photon's search, from the imported names.",
                        [query("q", ["type": "string", "minLength": 1, "maxLength": 200], "What to search for.", required: true)] + point
                            + [
                                query("limit", ["type": "integer", "minimum": 1, "maximum": 50, "default": 15], "How many answers."),
                                query("zoom", Schema.number, "Accepted, as Photon's."),
                                query("location_bias_scale", Schema.number, "Accepted, as Photon's."),
                                query("bbox", Schema.string, "`minLon,minLat,maxLon,maxLat`."),
                            ] + filters,
                        [("200", json("PhotonCollection", "Photon's FeatureCollection.")), ("404", problem("Nothing is imported."))] + guarded)
                ]
            ),
            (
                "/reverse",
                [
                    "get": operation(
                        "photonReverse",
                        "Photon's reverse geocoding, from the imported places; with `format`, Nominatim's (one place, or its error).",
                        point + [
                            query("radius", ["type": "number", "exclusiveMinimum": 0, "maximum": 5], "Kilometres (default 1)."),
                            query("limit", ["type": "integer", "minimum": 1, "maximum": 50, "default": 1], "How many answers."),
                            nominatimFormat,
                            query(
                                "zoom", ["type": "integer", "minimum": 0, "maximum": 18], "Nominatim's detail: 18 a house, 16 a street, 10 a city."),
                        ] + filters + nominatimDetail,
                        [
                            (
                                "200",
                                [
                                    "description": "Photon: nearest first. Nominatim: the nearest place, or `{\"error\": \"Unable to geocode\"}`.",
                                    "headers": headers,
                                    "content": [
                                        "application/json": [
                                            "schema": [
                                                "anyOf": [
                                                    Schema.ref("PhotonCollection"), Schema.ref("NominatimPlace"), Schema.ref("NominatimMiss"),
                                                ]
                                            ]
                                        ],
                                        "application/geo+json": ["schema": Schema.ref("NominatimCollection")],
                                    ],
                                ]
                            )
                        ] + guarded)
                ]
            ),
        ]
    }

    static var operations: [(String, JSONValue)] {
        [
            (
                "/health",
                [
                    "get": operation(
                        "health", "Ready: the store answers and the name index is loaded (or nothing is imported).", [],
                        [("200", json("Health", "Ready.")), ("503", json("Health", "Not ready: which check failed, and why."))], access: .open)
                ]
            ),
            (
                "/health/live",
                [
                    "get": operation(
                        "live", "The process answers.", [],
                        [
                            (
                                "200",
                                [
                                    "description": "Alive.", "headers": headers,
                                    "content": ["application/json": ["schema": Schema.object([("status", Schema.enumeration(["ok"]))])]],
                                ]
                            )
                        ],
                        access: .open)
                ]
            ),
            (
                "/metrics",
                [
                    "get": operation(
                        "metrics", "Prometheus metrics: requests, latencies, provider failures, cache hits, points.", [],
                        [
                            (
                                "200",
                                [
                                    "description": "The text exposition format.", "headers": headers,
                                    "content": ["text/plain": ["schema": Schema.string]],
                                ]
                            )
                        ],
                        access: .open)
                ]
            ),
            (
                "/openapi.json",
                [
                    "get": operation(
                        "openapi", "This document.", [],
                        [
                            (
                                "200",
                                ["description": "OpenAPI 3.1.", "headers": headers, "content": ["application/json": ["schema": Schema.anyObject]]]
                            )
                        ], access: .open)
                ]
            ),
        ]
    }
}
