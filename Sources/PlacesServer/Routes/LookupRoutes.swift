import Autocomplete
import Foundation
import Hummingbird
import PlacesKit

/// `/v1/places/{id}` (details), `/v1/complete` (as you type), `/v1/route`, `/v1/reverse`.
struct LookupRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.get("v1/places/**", use: details)
        group.get("v1/complete", use: complete)
        group.get("v1/route", use: route)
        group.get("v1/reverse", use: reverse)
    }

    @Sendable func details(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["format", "offline"])
        let format = try query.choice("format", ["json", "geojson"], default: "json")
        let (id, text) = try Self.placeID(context)
        let place = try await state.service.details(for: id, as: text, offline: try query.flag("offline"))
        let document = PlaceDocument(place: place, now: state.service.now)
        return format == "geojson" ? JSONResponse.geo(document.geojson()) : JSONResponse.make(document.json())
    }

    /// The place id the rest of the path is: `osm:node/42` as it is, or percent-encoded as one part.
    static func placeID(_ context: ServerContext) throws(Problem) -> (PlaceID, String) {
        let joined = context.parameters.getCatchAll().joined(separator: "/")
        let text = joined.removingPercentEncoding ?? joined
        do { return (try PlaceID(parsing: text), text) } catch { throw Problem.parameter("id", error.description) }
    }

    @Sendable func complete(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["text", "q", "near", "limit", "kind", "no-typos", "format"])
        let format = try query.choice("format", ["json", "geojson"], default: "json")
        // `q` as Photon's `/api` takes it, `text` as the CLI names it.
        if query.string("text") != nil, query.string("q") != nil { throw Problem.parameter("q", "is the same as text; give one of them") }
        let text = try query.text(query.string("q") != nil ? "q" : "text", example: "Damr")
        let completion = CompleteQuery(
            text, focus: try query.coordinate("near"), limit: try query.int("limit", default: 10), kinds: query.list("kind"),
            typoTolerance: !(try query.flag("no-typos")))
        let answer = try state.service.complete(completion)
        return format == "geojson"
            ? JSONResponse.geo(DocumentParts.completionGeoJSON(answer.suggestions)) : JSONResponse.make(DocumentParts.completion(text, answer))
    }

    @Sendable func route(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["from", "to", "feed", "provider", "offline", "format"])
        let format = try query.choice("format", ["json", "geojson", "gpx"], default: "json")
        let route = RouteQuery(
            from: try query.position("from"), to: try query.required("to", example: "52.3676,4.9041"),
            feed: try SearchRoutes(state: state).offeredFeed(query.string("feed")), provider: query.string("provider").map { ProviderID($0) },
            offline: try query.flag("offline"))
        let document = RouteDocument(try await state.service.route(route))
        switch format {
        case "geojson": return JSONResponse.geo(document.geojson())
        case "gpx":
            return Response(status: .ok, headers: [.contentType: "application/gpx+xml"], body: .init(byteBuffer: .init(string: document.gpx())))
        default: return JSONResponse.make(document.json())
        }
    }

    @Sendable func reverse(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["at", "radius", "limit"])
        guard let at = try query.coordinate("at") else { throw Problem.parameter("at", "is required, e.g. at=52.3731,4.8926") }
        let reverse = ReverseQuery(
            at, radius: try query.distance("radius") ?? Distance(meters: 250, text: "250m"), limit: try query.int("limit", default: 5))
        return JSONResponse.make(DocumentParts.reverse(try await state.service.reverse(reverse), at: at))
    }
}
