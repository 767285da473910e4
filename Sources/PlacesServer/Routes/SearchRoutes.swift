import Hummingbird
import PlacesKit

/// `/v1/coffee`, `/v1/parking`, `/v1/recommendations`: the CLI's commands of the same names, their
/// options as query parameters, their `--format json` documents as answers (`format=geojson` for
/// a map).
struct SearchRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.get("v1/coffee", use: coffee)
        group.get("v1/parking", use: parking)
        group.get("v1/recommendations", use: recommendations)
    }

    @Sendable func coffee(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["near", "top", "radius", "max-walk", "open-now", "provider", "offline", "explain", "format"])
        let format = try query.choice("format", ["json", "geojson"], default: "json")
        let coffee = CoffeeQuery(
            near: try query.position("near"), top: try query.int("top", default: 10), radius: try query.distance("radius"),
            maxWalk: try query.time("max-walk", bare: true, units: ["m", "h"]) ?? StatedDuration(seconds: 900, text: "15"),
            openNow: try query.flag("open-now"), providers: query.list("provider").map { ProviderID($0) }, offline: try query.flag("offline"))
        let result = try await state.service.coffee(coffee)
        state.count(result.outcome.failures)
        return format == "geojson" ? JSONResponse.geo(result.geojson()) : JSONResponse.make(result.document(explain: try query.flag("explain")))
    }

    @Sendable func parking(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["near", "advice", "duration", "arrive", "methods", "top", "sort", "max-walk", "provider", "offline", "explain", "format"])
        let format = try query.choice("format", ["json", "geojson"], default: "json")
        let sort: ParkingProfile.Order? =
            query.string("sort") == nil
            ? nil : ParkingProfile.Order(rawValue: try query.choice("sort", ParkingProfile.Order.allCases.map(\.rawValue), default: "score"))
        let parking = ParkingQuery(
            near: try query.position("near"), advice: try query.flag("advice"), duration: query.string("duration") ?? "2h",
            arrive: query.string("arrive") ?? "now", methods: query.string("methods") == nil ? ["cash", "pin"] : query.list("methods"),
            top: try query.int("top", default: 10), sort: sort,
            maxWalk: try query.time("max-walk", bare: true, units: ["m", "h"]) ?? StatedDuration(seconds: 600, text: "10"),
            providers: query.list("provider").map { ProviderID($0) }, offline: try query.flag("offline"))
        let result = try await state.service.parking(parking)
        state.count(result.search.outcome.failures)
        return format == "geojson" ? JSONResponse.geo(result.geojson()) : JSONResponse.make(result.document(explain: try query.flag("explain")))
    }

    @Sendable func recommendations(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["near", "feed", "top", "max-walk", "explain", "format"])
        let format = try query.choice("format", ["json", "geojson"], default: "json")
        let recommendations = RecommendationsQuery(
            near: try query.position("near"), feed: try offeredFeed(query.string("feed")), top: try query.int("top", default: 10),
            maxWalk: try query.time("max-walk", bare: true, units: ["m", "h"]) ?? StatedDuration(seconds: 1800, text: "30"))
        let result = try await state.service.recommendations(recommendations)
        return format == "geojson" ? JSONResponse.geo(result.geojson()) : JSONResponse.make(result.document(explain: try query.flag("explain")))
    }

    /// Over the network a feed is one of the names in `[feeds]` (or, with none given, the
    /// configured `[feed]`): never a path or a URL a client chose, which would let anyone make the
    /// server read its files or fetch their addresses.
    func offeredFeed(_ name: String?) throws(Problem) -> String? {
        guard let name else { return nil }
        let offered = state.service.settings.config.readableSection("feeds").keys.sorted()
        guard offered.contains(name) else {
            let list =
                offered.isEmpty ? "this server offers only its configured feed (leave feed out)" : "use one of \(offered.joined(separator: ", "))"
            throw Problem.parameter("feed", "'\(name)' is not a feed this server offers; \(list)")
        }
        return name
    }
}
