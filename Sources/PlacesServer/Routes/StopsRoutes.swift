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

    /// The detector's settings, in the CLI's ranges and words (PlacesKit checks them for both).
    static func query(_ query: QueryParameters) throws(Problem) -> StopsQuery {
        let radius = try query.distance("radius")
        let minDuration = try query.time("min-duration", bare: true, units: ["s", "m"])
        let maxGap = try query.time("max-gap", bare: true, units: ["m", "h"])
        let minAccuracy = try query.distance("min-accuracy")
        let nameWithin = try query.distance("name-within")
        do {
            return try StopsQuery(radius: radius, minDuration: minDuration, minAccuracy: minAccuracy, maxGap: maxGap, nameWithin: nameWithin)
        } catch {
            throw Problem(error)
        }
    }
}
