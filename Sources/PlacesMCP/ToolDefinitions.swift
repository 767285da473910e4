import MCP

/// The tools as an assistant sees them: names, what each is for, the arguments it takes and the
/// document it answers with. All of them only read (`readOnlyHint`), and those that may ask a
/// provider say so (`openWorldHint`).
extension PlacesTools {
    static func schema(_ properties: [String: Value], required: [String] = []) -> Value {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    /// The answer's shape: the keys the CLI's `--format json` document always has.
    static func output(_ keys: [String: Value]) -> Value {
        ["type": "object", "properties": .object(keys), "required": .array(keys.keys.sorted().map { .string($0) })]
    }

    static let where_: Value = [
        "type": "string", "description": "LAT,LON (52.37,4.89), an address (Rokin 18) or a place's name (Dam, Senaatintori, Helsinki).",
    ]
    static let array: Value = ["type": "array"]
    static let object: Value = ["type": "object"]

    static let findPlaces = Tool(
        name: "find_places",
        title: "Find places near a spot, ranked for walking",
        description: """
            Coffee places (or car parks) near a name, an address or a point, ranked the way a person on foot decides: \
            the walk (routed over the streets where they are imported), the rating and whether coffee is the trade. \
            With explain, each place's score parts and what was left out, and why.
            """,
        inputSchema: schema([
            "category": ["type": "string", "enum": ["coffee", "parking"], "default": "coffee"],
            "near": where_,
            "top": ["type": "integer", "minimum": 1, "maximum": 20, "default": 5],
            "max_walk": ["type": "string", "description": "The longest walk: 15 (minutes), 10m, 1h."],
            "offline": ["type": "boolean", "description": "Answer from imported OpenStreetMap data only.", "default": false],
            "explain": ["type": "boolean", "default": false],
        ]),
        annotations: .init(title: "Find places", readOnlyHint: true, openWorldHint: true),
        outputSchema: output(["query": object, "results": array, "providers": array]))

    static let geocode = Tool(
        name: "geocode",
        title: "Find a place, street or address by name",
        description: """
            Complete or geocode what a person typed: names in any order, the last word as a prefix, an address \
            (Keizersgracht 148), a town after a comma (Senaatintori, Helsinki), from the imported names. Offline.
            """,
        inputSchema: schema(
            [
                "text": ["type": "string", "description": "What was typed."],
                "near": ["type": "string", "description": "LAT,LON to prefer what is near."],
                "limit": ["type": "integer", "minimum": 1, "maximum": 20, "default": 5],
            ], required: ["text"]),
        annotations: .init(title: "Geocode", readOnlyHint: true, openWorldHint: false),
        outputSchema: output(["suggestions": array]))

    static let reverse = Tool(
        name: "reverse",
        title: "What is at a point",
        description: "The nearest address, place, street and town at a point, from the imported data (and Photon where it can answer).",
        inputSchema: schema(
            [
                "lat": ["type": "number", "minimum": -90, "maximum": 90],
                "lon": ["type": "number", "minimum": -180, "maximum": 180],
                "radius_m": ["type": "integer", "minimum": 1, "maximum": 5000, "default": 250],
                "limit": ["type": "integer", "minimum": 1, "maximum": 20, "default": 5],
            ], required: ["lat", "lon"]),
        annotations: .init(title: "Reverse geocode", readOnlyHint: true, openWorldHint: true),
        outputSchema: output(["query": object, "results": array]))

    static let walkingRoute = Tool(
        name: "walking_route",
        title: "A walking route",
        description: """
            A route on foot between two places (names, addresses or LAT,LON): over the imported streets when offline or \
            when no routing service answers, with the distance, the time at walking pace and the steps. Never car times.
            """,
        inputSchema: schema(
            [
                "from": where_, "to": where_,
                "offline": ["type": "boolean", "description": "Route over the imported streets only.", "default": false],
            ], required: ["to"]),
        annotations: .init(title: "Walking route", readOnlyHint: true, openWorldHint: true),
        outputSchema: output(["route": object]))

    static let parkingAdvice = Tool(
        name: "parking_advice",
        title: "Where to park for a stay",
        description: """
            Parking near a destination for a stay (duration, arrival time), ranked by the cost of the whole stay and the walk; \
            meters and garages with their tariffs in Amsterdam, car parks from imported OpenStreetMap data elsewhere (offline).
            """,
        inputSchema: schema([
            "near": where_,
            "duration": ["type": "string", "description": "How long: 2h, 90m, 1h30m.", "default": "2h"],
            "arrive": ["type": "string", "description": "When: now, 14:30, 'fri 08:30', an ISO 8601 time.", "default": "now"],
            "top": ["type": "integer", "minimum": 1, "maximum": 20, "default": 5],
            "offline": ["type": "boolean", "default": false],
        ]),
        annotations: .init(title: "Parking advice", readOnlyHint: true, openWorldHint: true),
        outputSchema: output(["query": object, "results": array, "providers": array]))

    static let stops = Tool(
        name: "stops",
        title: "Stops in a GPS trace",
        description: "Where a GPS trace (a GPX, GeoJSON or NDJSON file on this machine) stayed, for how long, and the movement between.",
        inputSchema: schema(["file": ["type": "string", "description": "The trace file's path."]], required: ["file"]),
        annotations: .init(title: "Stops", readOnlyHint: true, openWorldHint: false),
        outputSchema: output(["stops": array, "transits": array, "summary": object]))
}
