import PlaceBytes
import PlacesKit

/// The OpenAPI 3.1 document `/openapi.json` serves: every endpoint, its parameters (the CLI's
/// option names), the documents it answers with and the problems it may send. `Scripts/check-openapi.sh`
/// runs schemathesis against a live server to hold it to that.
enum OpenAPIDocument {
    static let document: JSONValue = [
        "openapi": "3.1.0",
        "info": [
            "title": "places",
            "version": .string(PlacesService.version),
            "description": """
            The places CLI's flows over HTTP: the same options (as query parameters) and the same JSON documents as \
            `places COMMAND --format json`. Failures are RFC 9457 problem documents naming the parameter at fault. \
            Search endpoints need a token unless the server opens them (`--open-search`); favourites, points and \
            follow always do.
            """,
        ],
        "paths": OpenAPIPaths.all,
        "components": [
            "schemas": OpenAPISchemas.all,
            "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer", "description": "A token from `places serve users add NAME`."]],
            "headers": [
                "RequestID": ["description": "The request's id, as the server's log line has it.", "schema": Schema.string, "required": true],
                "RetryAfter": ["description": "Seconds to wait before trying again.", "schema": Schema.integer, "required": true],
            ],
        ],
    ]
}
