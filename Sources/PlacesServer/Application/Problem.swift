public import HTTPTypes
public import Hummingbird
import NIOCore
public import PlaceBytes
public import PlacesKit

/// An RFC 9457 problem document, and the error that carries one out of a handler: the status, a
/// type a program can branch on, and the same words the CLI prints, with the input named as the
/// query parameter (`near`), where the CLI names its flag (`--near`).
public struct Problem: Error, HTTPResponseError, CustomStringConvertible {
    /// The HTTP status it is answered with.
    public let status: HTTPResponse.Status
    /// The last part of the type URI: `bad-parameter`, `not-found`, `unauthorized`, ….
    public let type: String
    /// What went wrong, in a sentence; for a flow's error, the same words the CLI prints.
    public let detail: String
    /// The query parameter (or body field) at fault.
    public let parameter: String?
    /// What to do, in neutral words.
    public let remedy: String?
    /// Headers the response carries besides its content type, such as `Retry-After` when asking again soon may work.
    public var headers: HTTPFields

    /// A problem with `status`, `type` and `detail`, and the parameter at fault, a remedy and extra headers when there are.
    public init(
        _ status: HTTPResponse.Status, _ type: String, _ detail: String, parameter: String? = nil, remedy: String? = nil, headers: HTTPFields = [:]
    ) {
        self.status = status
        self.type = type
        self.detail = detail
        self.parameter = parameter
        self.remedy = remedy
        self.headers = headers
    }

    /// The problem a flow's error is: its kind picks the status, ``Wording/neutral`` the words.
    public init(_ error: PlacesError) {
        let (status, type): (HTTPResponse.Status, String) =
            switch error.kind {
            case .usage: (.badRequest, error.parameter == nil ? "bad-request" : "bad-parameter")
            case .badData: (.badGateway, "bad-data")
            case .notFound: (.notFound, "not-found")
            case .unavailable: (.serviceUnavailable, "unavailable")
            case .configuration: (.serviceUnavailable, "configuration")
            case .busy: (.serviceUnavailable, "busy")
            case .cannotWrite, .output, .bug: (.internalServerError, "server-error")
            }
        var headers: HTTPFields = [:]
        // A busy store, or a database that cannot be reached (it may be restarting): asking again soon may work.
        if error.kind == .busy || (error.underlyingError as? StoreError)?.kind == .unreachable { headers[.retryAfter] = "1" }
        if error.remedy?.action == .useOwnStore {
            // The server's store, not the client's: nothing the client can do, and no retry helps.
            self.init(
                .serviceUnavailable, "read-only-store", Wording.neutral.line(PlacesError(error.kind, error.message)),
                remedy:
                    "this server's store is read-only: searches and lookups answer, changes (favourites, points) cannot be kept until its operator gives it a store it may write"
            )
            return
        }
        self.init(
            status, type, Wording.neutral.line(PlacesError(error.kind, error.message, parameter: error.parameter)), parameter: error.parameter,
            remedy: error.remedy.map { Wording.neutral($0) }, headers: headers)
    }

    /// A bad query parameter: `near '52.37,' is not LAT,LON…`.
    public static func parameter(_ name: String, _ message: String) -> Problem {
        Problem(PlacesError(.usage, message, parameter: name))
    }

    /// `STATUS type: detail`, as in `400 bad-parameter: near '52.37,' is not LAT,LON…`.
    public var description: String { "\(status.code) \(type): \(detail)" }

    /// The document: RFC 9457's members, and `parameter`, `remedy` and `request_id`.
    public func document(instance: String, requestID: String? = nil) -> JSONValue {
        var object: JSONObject = [
            "type": .string("urn:places:problem:\(type)"),
            "title": .string(status.reasonPhrase),
            "status": JSONValue(status.code),
            "detail": .string(detail),
            "instance": .string(instance),
        ]
        if let requestID { object["request_id"] = .string(requestID) }
        if let parameter { object["parameter"] = .string(parameter) }
        if let remedy { object["remedy"] = .string(remedy) }
        return .object(object)
    }

    /// The problem document as an `application/problem+json` response, with the request's path as `instance` and its id
    /// as `request_id`.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        let body = document(instance: request.uri.path, requestID: context.id).serialized() + "\n"
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
