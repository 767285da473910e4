import Foundation
import Hummingbird
import PlaceBytes
import PlaceCore
import PlacesKit

/// `/route/v1/foot/{lon,lat;lon,lat…}` as OSRM answers it, from the walking graphs of the imported
/// streets: routing clients made for OSRM (Leaflet Routing Machine, routingpy) work against
/// `places serve` unchanged, and a walk is never timed as a drive (the public servers' complaint):
/// a profile other than foot is refused, not answered with car times.
struct OSRMRoutes {
    let state: ServerState

    static let walkingProfiles: Set<String> = ["foot", "walking", "walk"]

    func add(to group: RouterGroup<ServerContext>) {
        group.get("route/v1/:profile/:coordinates", use: route)
    }

    @Sendable func route(_ request: Request, context: ServerContext) async throws -> Response {
        let profile = context.parameters.get("profile") ?? ""
        guard Self.walkingProfiles.contains(profile) else {
            return Self.error("InvalidValue", "places routes on foot only: use the foot profile (/route/v1/foot/…), not '\(profile)'")
        }
        var text = context.parameters.get("coordinates") ?? ""
        if text.hasSuffix(".json") { text.removeLast(5) }
        guard let points = Self.points(text.removingPercentEncoding ?? text), (2...25).contains(points.count) else {
            return Self.error("InvalidUrl", "coordinates must be 2 to 25 'lon,lat' pairs separated by ';', e.g. 4.8926,52.3731;4.9003,52.3726")
        }
        let query = try QueryParameters(request.uri.query)
        let geometries = query.string("geometries") ?? "polyline"
        guard ["polyline", "polyline6", "geojson"].contains(geometries) else {
            return Self.error("InvalidOptions", "geometries must be polyline, polyline6 or geojson, not '\(geometries)'")
        }
        let overview = query.string("overview") ?? "simplified"
        guard ["simplified", "full", "false"].contains(overview) else {
            return Self.error("InvalidOptions", "overview must be simplified, full or false, not '\(overview)'")
        }
        let steps = query.string("steps") == "true"

        var legs: [Route] = []
        for (from, to) in zip(points, points.dropFirst()) {
            do {
                let result = try await state.service.route(
                    RouteQuery(from: .coordinate(from), to: "\(to.latitude),\(to.longitude)", provider: ProviderID("local"), offline: true))
                legs.append(result.route)
            } catch {
                guard error.kind == .notFound || error.kind == .usage || error.kind == .unavailable else { throw error }
                return Self.error("NoRoute", Wording.neutral.line(error))
            }
        }
        let path = legs.enumerated().flatMap { index, leg in index == 0 ? leg.path : Array(leg.path.dropFirst()) }
        let distance = legs.reduce(0) { $0 + $1.distance }
        let duration = legs.reduce(0) { $0 + $1.duration }
        var route: JSONObject = [:]
        if overview != "false" { route["geometry"] = Self.geometry(path, geometries) }
        route["legs"] = .array(legs.map { Self.leg($0, steps: steps, geometries: geometries) })
        route["distance"] = Self.number(distance)
        route["duration"] = Self.number(duration)
        route["weight_name"] = "duration"
        route["weight"] = Self.number(duration)
        var waypoints: [JSONValue] = []
        for (index, point) in points.enumerated() {
            let leg = legs[min(index, legs.count - 1)]
            let end = index == 0 ? leg.start : (index < legs.count ? legs[index].start : leg.end)
            let snapped = index == 0 ? leg.path.first : (index < legs.count ? legs[index].path.first : leg.path.last)
            waypoints.append([
                "hint": "", "name": .string(end?.name ?? ""),
                "location": Self.pair(snapped ?? point), "distance": Self.number(end?.distance ?? 0),
            ])
        }
        return JSONResponse.make(["code": "Ok", "routes": [.object(route)], "waypoints": .array(waypoints)])
    }

    /// `lon,lat;lon,lat`.
    static func points(_ text: String) -> [Coordinate]? {
        var points: [Coordinate] = []
        for pair in text.split(separator: ";", omittingEmptySubsequences: false) {
            let numbers = pair.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 2, let lon = numbers[0], let lat = numbers[1], let point = try? Coordinate(latitude: lat, longitude: lon)
            else { return nil }
            points.append(point)
        }
        return points
    }

    static func leg(_ route: Route, steps: Bool, geometries: String) -> JSONValue {
        var leg: JSONObject = [
            "summary": .string(route.summary ?? ""), "distance": number(route.distance), "duration": number(route.duration),
            "weight": number(route.duration),
        ]
        leg["steps"] = .array(steps ? route.steps.map { step(from: $0, geometries: geometries) } : [])
        return .object(leg)
    }

    static func step(from step: RouteStep, geometries: String) -> JSONValue {
        let location = step.path.first.map(pair) ?? [0, 0]
        var maneuver: JSONObject = ["location": location]
        let (type, modifier) = Self.maneuver(step.maneuver)
        maneuver["type"] = .string(type)
        if let modifier { maneuver["modifier"] = .string(modifier) }
        maneuver["bearing_before"] = 0
        maneuver["bearing_after"] = 0
        return [
            "geometry": geometry(step.path.count >= 2 ? step.path : Array(repeating: step.path.first ?? Coordinate(0, 0), count: 2), geometries),
            "distance": number(step.distance), "duration": number(step.duration), "weight": number(step.duration),
            "name": .string(step.name ?? ""), "mode": "walking", "maneuver": .object(maneuver),
            "intersections": [["location": location, "bearings": [0], "entry": [true]]],
        ]
    }

    /// The local router's manoeuvre words (Google's) as OSRM's type and modifier.
    static func maneuver(_ word: String?) -> (String, String?) {
        switch word {
        case "depart": ("depart", nil)
        case "arrive": ("arrive", nil)
        case "straight": ("continue", "straight")
        case "uturn": ("turn", "uturn")
        case let word? where word.hasPrefix("turn-"): ("turn", String(word.dropFirst(5)).replacingOccurrences(of: "-", with: " "))
        default: ("new name", "straight")
        }
    }

    static func geometry(_ path: [Coordinate], _ format: String) -> JSONValue {
        switch format {
        case "geojson": ["type": "LineString", "coordinates": .array(path.map(pair))]
        case "polyline6": .string(Polyline.encode(path, precision: 6))
        default: .string(Polyline.encode(path, precision: 5))
        }
    }

    static func pair(_ point: Coordinate) -> JSONValue {
        [DocumentParts.number(point.longitude, places: 6), DocumentParts.number(point.latitude, places: 6)]
    }

    static func number(_ value: Double) -> JSONValue { DocumentParts.number(value, places: 1) }

    /// OSRM's error document, answered 400 as OSRM does.
    static func error(_ code: String, _ message: String) -> Response {
        JSONResponse.make(["code": .string(code), "message": .string(message)], status: .badRequest)
    }
}
