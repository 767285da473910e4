import PlaceBytes
import PlacesKit

/// OSRM's route service in the document: `/route/v1/foot/{coordinates}`, answered from the
/// walking graphs of the imported streets.
extension OpenAPIPaths {
    static var osrm: [(String, JSONValue)] {
        let osrmAnswer: JSONValue = [
            "description": "OSRM's route document (`code` Ok), or its error (`code` NoRoute, InvalidUrl, InvalidValue, InvalidOptions).",
            "headers": headers, "content": ["application/json": ["schema": Schema.ref("OSRMRoute")]],
        ]
        return [
            (
                "/route/v1/{profile}/{coordinates}",
                [
                    "get": operation(
                        "osrmRoute", "OSRM's route service for walking, over the imported streets (foot only: never car times).",
                        [
                            [
                                "name": "profile", "in": "path", "required": true, "description": "`foot` (or `walking`).",
                                "schema": ["type": "string"],
                            ],
                            [
                                "name": "coordinates", "in": "path", "required": true,
                                "description": "2 to 25 `lon,lat` pairs separated by `;`.", "schema": ["type": "string"],
                            ],
                            query("geometries", Schema.enumeration(["polyline", "polyline6", "geojson"]), "The geometry's encoding."),
                            query("overview", Schema.enumeration(["simplified", "full", "false"]), "The whole route's geometry or none."),
                            query("steps", Schema.enumeration(["true", "false"]), "Add each leg's steps."),
                        ],
                        [("200", osrmAnswer), ("400", osrmAnswer)] + guarded.filter { $0.0 != "400" })
                ]
            )
        ]
    }
}

extension OpenAPISchemas {
    static let osrmRoute = Schema.object(
        [
            ("code", Schema.string), ("message", Schema.string), ("routes", Schema.array(Schema.anyObject)),
            ("waypoints", Schema.array(Schema.anyObject)),
        ], optional: ["message", "routes", "waypoints"])
}
