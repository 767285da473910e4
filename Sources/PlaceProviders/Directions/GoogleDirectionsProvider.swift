import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Routes from the Google Directions API (the legacy web service): walking, cycling or driving.
///
/// Needs a key (`GOOGLE_MAPS_API_KEY`, or `api_key` in the `[google]` section of the config file)
/// to ask the service; in replay mode it answers from cassettes without one. It answers no search
/// category: it only routes.
public struct GoogleDirectionsProvider: RoutingProvider {
    /// Its id, `google`, as `--provider google` names it.
    public static let providerID: ProviderID = "google"
    /// The environment variable that holds its API key.
    public static let keyVariable = "GOOGLE_MAPS_API_KEY"
    static let defaultEndpoint = "https://maps.googleapis.com"
    static let path = "/maps/api/directions/json"

    /// The same as ``providerID``.
    public let id = GoogleDirectionsProvider.providerID
    private let client: HTTPClient
    private let key: Credential?
    private let endpoint: ServiceEndpoint
    /// The host, for messages.
    private var host: String { endpoint.authority }

    /// - Parameter endpoint: another base URL for the API (a proxy of one's own); the key goes there.
    public init(client: HTTPClient, key: Credential?, endpoint: String? = nil) {
        self.client = client
        self.key = key
        self.endpoint = ServiceEndpoint(endpoint, default: Self.defaultEndpoint)
    }

    /// Not ready when the configured endpoint is no URL; otherwise keyed: recordings answer without a key, the other modes need one.
    public var status: ProviderStatus {
        if let invalid = endpoint.invalid {
            return .notReady(.misconfigured("endpoint '\(invalid)' in [google] is not a URL; give one such as \(Self.defaultEndpoint)"))
        }
        return .keyed(
            client, key: key, keyVariable: Self.keyVariable, configSection: "google", service: "\(host) Directions")
    }

    /// The route Google Directions gives for `request`, in the request's travel mode.
    /// - Throws: ``ProviderError``: `.notFound` when Google has no route or cannot place a point, `.unauthorized` when it refuses
    ///   the key, `.rateLimited` over the key's quota, `.missingCredentials` when the network would be asked without a key or the
    ///   configured endpoint is no URL.
    public func route(_ request: RouteRequest) async throws -> Route {
        if let invalid = endpoint.invalid {
            throw ProviderError(
                provider: id, kind: .missingCredentials, message: "endpoint '\(invalid)' in [google] is not a URL")
        }
        let httpRequest = Self.request(request, key: try usableKey(), endpoint: endpoint)
        let (response, body) = try await client.send(httpRequest, for: id)
        let checker = ProviderResponse(
            provider: id, endpoint: "\(host)\(endpoint.basePath)\(Self.path)", redactor: client.redactor)
        // Google answers errors with HTTP 200 and a `status`; take that status wherever it comes.
        let provider = id
        let answer: GoogleDirectionsReader.Answer
        if (200..<300).contains(response.status.code) {
            try checker.checkContent(response)
            answer = try checker.read(body) { root throws(JSONShapeError) in
                try GoogleDirectionsReader.read(root, provider: provider)
            }
        } else if let json = try? JSONValue.parse(body), let status = json["status"]?.stringValue, status != "OK" {
            answer = .failure(status: status, message: json["error_message"]?.stringValue)
        } else {
            try checker.check(response, body: body, keyRemedy: keyRemedy())
            throw ProviderError(
                provider: id, kind: .unexpectedResponse,
                message: "\(host) answered HTTP \(response.status.code)")
        }
        switch answer {
        case .route(let route?):
            return route
        case .route(nil):
            throw ProviderError(
                provider: id, kind: .notFound,
                message:
                    "Google gave no \(request.mode.rawValue) route from \(request.origin.routingText) to \(request.destination.routingText)",
                remedy: .advice("check that both points can be reached"))
        case .failure(let status, let message):
            throw failure(status: status, message: message, request: request)
        }
    }

    /// The request for `route`: `origin` and `destination` as `lat,lng`, the mode, the key when there is one.
    static func request(
        _ route: RouteRequest, key: Credential?,
        endpoint: ServiceEndpoint = ServiceEndpoint(nil, default: defaultEndpoint)
    ) -> HTTPRequest {
        var parameters = [
            ("origin", route.origin.routingText), ("destination", route.destination.routingText),
            ("mode", mode(route.mode)),
        ]
        if let key { parameters.append(("key", key.value)) }
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        return HTTPRequest(
            method: .get, scheme: endpoint.scheme, authority: endpoint.authority,
            path: endpoint.basePath + path + "?" + QueryString.encode(parameters),
            headerFields: fields)
    }

    private static func mode(_ mode: TravelMode) -> String {
        switch mode {
        case .walking: "walking"
        case .cycling: "bicycling"
        case .driving: "driving"
        }
    }

    /// A `status` other than OK as the error it is.
    private func failure(status: String, message: String?, request: RouteRequest) -> ProviderError {
        let said = message.map { client.redactor.serviceMessage($0) }
        let detail = said.map { "\(status): \($0)" } ?? status
        let points = "from \(request.origin.routingText) to \(request.destination.routingText)"
        switch status {
        case "ZERO_RESULTS":
            return ProviderError(
                provider: id, kind: .notFound,
                message: "Google found no \(request.mode.rawValue) route \(points) (\(detail))",
                remedy: .advice("check that both points are on land and can be reached"))
        case "NOT_FOUND":
            return ProviderError(
                provider: id, kind: .notFound,
                message: "Google could not place the points \(points) on its map (\(detail))",
                remedy: .advice("check the coordinates"))
        case "REQUEST_DENIED":
            return ProviderError(
                provider: id, kind: .unauthorized, message: "\(host) refused the request (\(detail))",
                remedy: keyRemedy(also: "that the Directions API is enabled for it"))
        case "OVER_QUERY_LIMIT", "OVER_DAILY_LIMIT":
            return ProviderError(
                provider: id, kind: .rateLimited, message: "\(host) refused: over the key's limit (\(detail))",
                remedy: .advice("try again later, or check the key's quota and billing"))
        case "MAX_ROUTE_LENGTH_EXCEEDED", "MAX_WAYPOINTS_EXCEEDED":
            return ProviderError(
                provider: id, kind: .unsupported,
                message: "the route \(points) is too long for Google Directions (\(detail))")
        case "UNKNOWN_ERROR":
            return ProviderError(
                provider: id, kind: .unavailable, message: "\(host) had a server error (\(detail))",
                remedy: .advice("try again"))
        case "INVALID_REQUEST":
            return ProviderError(
                provider: id, kind: .unexpectedResponse, message: "\(host) calls our request invalid (\(detail))",
                remedy: .reportAPIChange)
        default:
            return ProviderError(
                provider: id, kind: .unexpectedResponse,
                message: "\(host) answered with the unknown status \(detail)",
                remedy: .reportAPIChange)
        }
    }

    private func keyRemedy(also: String? = nil) -> Remedy {
        Remedy(.checkKey(provider: id, variable: Self.keyVariable, credential: key, also: also))
    }

    /// The key, or an error when the network is to be asked without one.
    private func usableKey() throws -> Credential? {
        if key == nil, client.mode == .live || client.mode == .record {
            throw ProviderError(
                provider: id, kind: .missingCredentials, message: "no API key",
                remedy: Remedy(.provideKey(provider: id, variable: Self.keyVariable, configSection: "google")))
        }
        return key
    }
}
