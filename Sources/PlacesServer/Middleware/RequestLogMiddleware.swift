import Foundation
import HTTPTypes
import Hummingbird
import Logging
import PlacesKit

/// The outermost middleware: every failure becomes a problem document (a flow's error with the
/// status its kind means, anything unforeseen a 500 that says nothing of the server's insides),
/// every response carries the request's id, and each request ends as one log line and a count in
/// the metrics.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = ServerContext
    let state: ServerState

    func handle(_ request: Request, context: ServerContext, next: (Request, ServerContext) async throws -> Response) async throws -> Response {
        let started = ContinuousClock.now
        let notices = NoticeCollector()
        var response: Response
        do {
            response = try await RequestNotices.$collector.withValue(notices) { try await next(request, context) }
        } catch {
            response = try problem(for: error, context: context).response(from: request, context: context)
        }
        response.headers[.requestID] = context.id
        let elapsed = ContinuousClock.now - started
        let route = context.endpointPath ?? "unmatched"
        state.metrics.request(method: request.method.rawValue, route: route, status: response.status.code, duration: elapsed)
        log(request, response, context: context, route: route, elapsed: elapsed, notices: notices.all)
        return response
    }

    private func problem(for error: any Error, context: ServerContext) -> Problem {
        switch error {
        case let problem as Problem:
            return problem
        case let error as PlacesError:
            if let failure = error.underlyingError as? ProviderError { state.metrics.providerFailure(failure) }
            return Problem(error)
        case let error as HTTPError where error.status == .notFound:
            return Problem(.notFound, "no-endpoint", "there is no such endpoint", remedy: "see /openapi.json for what this server answers")
        case let error as HTTPError:
            return Problem(error.status, "http", error.body ?? error.status.reasonPhrase)
        default:
            state.logger.error("unexpected error", metadata: ["request_id": .string(context.id), "error": .string(String(describing: error))])
            return Problem(.internalServerError, "server-error", "the server failed to answer (a bug in places); request \(context.id)")
        }
    }

    /// One line per request: what, who, how it ended and how long it took.
    private func log(_ request: Request, _ response: Response, context: ServerContext, route: String, elapsed: Duration, notices: [Notice]) {
        var metadata: Logger.Metadata = [
            "request_id": .string(context.id),
            "method": .string(request.method.rawValue),
            "path": .string(request.uri.path),
            "route": .string(route),
            "status": .stringConvertible(response.status.code),
            "ms": .stringConvertible((elapsed.seconds * 100_000).rounded() / 100),
            "account": .string(context.caller.accountName ?? "-"),
        ]
        if let address = context.remoteAddress?.ipAddress { metadata["peer"] = .string(address) }
        if !notices.isEmpty { metadata["notices"] = .array(notices.map { .string($0.text) }) }
        state.logger.info("request", metadata: metadata)
    }
}

extension HTTPField.Name {
    // swift-format-ignore: NeverForceUnwrap
    // A literal, valid field name.
    static let requestID = HTTPField.Name("X-Request-Id")!
}
