import Foundation
import Hummingbird
import PlacesKit
import Tracking

/// `POST /v1/stops`: a trace in any format the CLI reads (GPX, GeoJSON, NDJSON fixes, gpsd JSON)
/// as the body; the stops and the movement between them as `places stops --format json` gives them.
struct StopsRoutes {
    let state: ServerState

    func add(to group: RouterGroup<ServerContext>) {
        group.post("v1/stops", use: stops)
    }

    @Sendable func stops(_ request: Request, context: ServerContext) async throws -> Response {
        let query = try QueryParameters(request.uri.query)
        try query.only(["radius", "min-duration", "min-accuracy", "max-gap", "name-within", "trace-format"])
        let stops = try Self.query(query)
        let format = try query.string("trace-format").map { text throws(Problem) in
            guard let format = TraceFormat(rawValue: text) else {
                throw Problem.parameter("trace-format", "'\(text)' must be gpx, geojson, ndjson or gpsd")
            }
            return format
        }
        let body = try await state.bodies.collect(request, context: context)
        var source: any TraceSource
        do {
            source = try TraceReader.source(data: Data(body.readableBytesView), name: "the request body", format: format)
        } catch {
            throw Problem(
                .unprocessableContent, "bad-trace", error.description,
                remedy: "send a GPX track, GeoJSON points or lines, NDJSON fixes or gpsd TPV reports")
        }
        do {
            let summary = try state.service.stops(stops, source: &source, name: "the request body", keeping: .everything)
            return JSONResponse.make(StopsDocument.document(summary))
        } catch {
            // The trace is the request's: what is wrong with it is the client's to fix.
            guard error.kind == .badData else { throw error }
            throw Problem(.unprocessableContent, "bad-trace", Wording.neutral.line(error))
        }
    }

    /// The detector's settings, in the CLI's ranges and words.
    static func query(_ query: QueryParameters) throws(Problem) -> StopsQuery {
        func distance(_ name: String, _ fallback: Double, _ range: ClosedRange<Double>) throws(Problem) -> Double {
            guard let value = try query.distance(name) else { return fallback }
            guard range.contains(value.meters) else {
                throw Problem.parameter(
                    name, "'\(value)' must be a distance from \(Int(range.lowerBound)) m to \(Int(range.upperBound)) m, such as 50m")
            }
            return value.meters
        }
        func time(_ name: String, _ fallback: Double?, _ range: ClosedRange<Double>, units: [String]) throws(Problem) -> Double? {
            guard let value = try query.time(name, bare: true, units: units) else { return fallback }
            guard range.contains(value.seconds) else {
                throw Problem.parameter(
                    name, "'\(value)' must be a time from \(Int(range.lowerBound)) s to \(Int(range.upperBound / 3600)) h, such as 5m or 90s")
            }
            return value.seconds
        }
        let accuracy = try query.distance("min-accuracy")
        let settings = StopDetector.Settings(
            radius: try distance("radius", 50, 1...10_000),
            minimumDuration: try time("min-duration", 300, 1...(7 * 86_400), units: ["s", "m"]) ?? 300,
            maximumGap: try time("max-gap", nil, 1...(30 * 86_400), units: ["m", "h"]))
        return StopsQuery(
            settings: settings, minimumAccuracy: try distance("min-accuracy", 150, 1...100_000), accuracyAsked: accuracy != nil,
            nameWithin: try distance("name-within", 75, 0...5000))
    }
}
