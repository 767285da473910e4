import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Walking routes from an OSRM server, by default FOSSGIS's foot server for OpenStreetMap. Keyless.
///
/// The server's loaded profile decides how it routes (the `foot` in the URL is ignored by
/// `osrm-routed`), so this provider asks only for walking routes. Instructions are written in
/// English from each step's manoeuvre, as osrm-text-instructions does. It answers no search
/// category: it only routes.
public struct OSRMProvider: RoutingProvider {
    /// Its id, `osrm`, as `--provider osrm` names it.
    public static let providerID: ProviderID = "osrm"
    /// FOSSGIS's public foot server, asked when no other `endpoint` is configured.
    public static let defaultEndpoint = "https://routing.openstreetmap.de/routed-foot"

    /// The same as ``providerID``.
    public let id = OSRMProvider.providerID
    private let client: HTTPClient
    private let scheme: String
    private let host: String
    private let basePath: String
    /// The configured endpoint when it is no URL: the provider is then not ready, rather than
    /// quietly sending the user's positions to the public server they meant to avoid.
    private let invalidEndpoint: String?

    /// - Parameter endpoint: another OSRM server's base URL (before `/route/v1`), for example a local `osrm-routed`.
    public init(client: HTTPClient, endpoint: String = OSRMProvider.defaultEndpoint) {
        self.client = client
        let given = URL(string: endpoint).flatMap { $0.host == nil || $0.scheme == nil ? nil : $0 }
        invalidEndpoint = given == nil ? endpoint : nil
        let url = given ?? URL(string: Self.defaultEndpoint)
        self.scheme = url?.scheme ?? "https"
        self.host =
            url.flatMap { url in url.port.map { "\(url.host ?? ""):\($0)" } ?? url.host } ?? "routing.openstreetmap.de"
        var path = url?.path ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        self.basePath = path
    }

    /// Not ready when the configured endpoint is no URL; otherwise keyless, with OpenStreetMap data (ODbL) as the attribution.
    public var status: ProviderStatus {
        if let invalidEndpoint {
            return .notReady(.misconfigured("endpoint '\(invalidEndpoint)' in [osrm] is not a URL; give one such as http://localhost:5000"))
        }
        return .keyless(client, service: host, attribution: "OpenStreetMap data, ODbL")
    }

    /// Whose work a route is, as the service's terms ask to show it.
    public var attribution: String {
        "© OpenStreetMap contributors, routing by OSRM" + (host == "routing.openstreetmap.de" ? " (FOSSGIS)" : "")
    }

    /// A walking route from the server, with instructions in English and ``attribution`` on it.
    /// - Throws: ``ProviderError``: `.unsupported` for another travel mode, `.notFound` when there is no route or no path near
    ///   one of the points, `.missingCredentials` when the configured endpoint is no URL.
    public func route(_ request: RouteRequest) async throws -> Route {
        guard request.mode == .walking else {
            throw ProviderError(
                provider: id, kind: .unsupported,
                message: "only walking routes, not \(request.mode.rawValue): the server routes on foot")
        }
        if let invalidEndpoint {
            throw ProviderError(provider: id, kind: .missingCredentials, message: "endpoint '\(invalidEndpoint)' is not a URL")
        }
        let (response, body) = try await client.send(httpRequest(request), for: id)
        let checker = ProviderResponse(provider: id, endpoint: "\(host)\(basePath)/route/v1", redactor: client.redactor)
        // OSRM says what went wrong in a JSON `code` (with HTTP 400); anything else is an HTTP failure.
        let provider = id
        let attribution = attribution
        let answer: OSRMReader.Answer
        if (200..<300).contains(response.status.code) {
            try checker.checkContent(response)
            answer = try checker.read(body) { root throws(JSONShapeError) in
                try OSRMReader.read(root, provider: provider, attribution: attribution)
            }
        } else if let json = try? JSONValue.parse(body), let code = json["code"]?.stringValue {
            answer = .failure(code: code, message: json["message"]?.stringValue)
        } else {
            try checker.check(response, body: body, busy: "the public OSRM server is busy")
            throw ProviderError(
                provider: id, kind: .unexpectedResponse,
                message: "\(host) answered HTTP \(response.status.code) without a route")
        }
        let points = "from \(request.origin.routingText) to \(request.destination.routingText)"
        switch answer {
        case .route(let route?):
            return route
        case .route(nil):
            throw ProviderError(
                provider: id, kind: .notFound, message: "OSRM gave no walking route \(points)",
                remedy: .advice("check that both points can be reached on foot"))
        case .failure(let code, let message):
            let said = message.map { client.redactor.serviceMessage($0) }
            let detail = said.map { "\(code): \($0)" } ?? code
            switch code {
            case "NoRoute":
                throw ProviderError(
                    provider: id, kind: .notFound, message: "OSRM found no walking route \(points) (\(detail))",
                    remedy: .advice("check that both points are on land and can be reached on foot"))
            case "NoSegment":
                throw ProviderError(
                    provider: id, kind: .notFound,
                    message: "OSRM found no path near one of the points \(points) (\(detail))",
                    remedy: .advice("move the points onto or near a street or path"))
            default:
                throw ProviderError(
                    provider: id, kind: .unexpectedResponse,
                    message: "\(host) refused the route request \(points) (\(detail))",
                    remedy: .reportAPIChange)
            }
        }
    }

    /// `GET {endpoint}/route/v1/foot/LON,LAT;LON,LAT?overview=full&steps=true&geometries=polyline6`.
    func httpRequest(_ request: RouteRequest) -> HTTPRequest {
        let points = request.origin.longitudeFirstText + ";" + request.destination.longitudeFirstText
        let query = QueryString.encode([("overview", "full"), ("steps", "true"), ("geometries", "polyline6")])
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        return HTTPRequest(
            method: .get, scheme: scheme, authority: host, path: "\(basePath)/route/v1/foot/\(points)?\(query)",
            headerFields: fields)
    }
}
