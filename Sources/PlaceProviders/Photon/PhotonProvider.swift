import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Names to positions and back from a Photon server (komoot's public one by default): the
/// keyless geocoder behind `--near NAME` when the imported names do not know a place, and behind
/// `places reverse`. The public server asks for a real User-Agent and fair use; answers go
/// through the HTTP cache.
public struct PhotonProvider: GeocodingProvider {
    /// Its id, `photon`, as `places providers` lists it.
    public static let providerID: ProviderID = "photon"
    /// komoot's public Photon server, asked when no other `endpoint` is configured.
    public static let defaultEndpoint = "https://photon.komoot.io"

    /// The same as ``providerID``.
    public let id = PhotonProvider.providerID
    private let client: HTTPClient
    private let endpoint: URL?
    private let givenEndpoint: String

    /// - Parameter endpoint: another Photon server's base URL (before `/api`), for example a local one.
    public init(client: HTTPClient, endpoint: String = PhotonProvider.defaultEndpoint) {
        self.client = client
        givenEndpoint = endpoint
        self.endpoint = URL(string: endpoint).flatMap { $0.host == nil || $0.scheme == nil ? nil : $0 }
    }

    private var authority: String {
        guard let endpoint else { return "" }
        return endpoint.port.map { "\(endpoint.host ?? ""):\($0)" } ?? endpoint.host ?? ""
    }

    /// Not ready when the configured endpoint is no URL; otherwise keyless, with OpenStreetMap data and Photon as the attribution.
    public var status: ProviderStatus {
        guard endpoint != nil else {
            return .notReady(.misconfigured("endpoint '\(givenEndpoint)' in [photon] is not a URL; give one such as http://localhost:2322"))
        }
        return .keyless(client, service: authority, attribution: "OpenStreetMap data, ODbL, geocoding by Photon")
    }

    /// Asks `/api` for places matching the text, biased towards the focus when there is one, at most `request.limit`.
    /// - Throws: ``ProviderError`` `.missingCredentials` when the configured endpoint is no URL, and the HTTP client's failures.
    public func geocode(_ request: GeocodeRequest) async throws -> [GeocodedPlace] {
        var query = [("q", request.text), ("limit", String(request.limit))]
        if let focus = request.focus {
            query += [("lat", Coordinate.format(focus.latitude, decimals: 4)), ("lon", Coordinate.format(focus.longitude, decimals: 4))]
        }
        return try await ask("/api", query: query, origin: nil)
    }

    /// Asks `/reverse` for what is at `coordinate`, each with its distance from it in metres; `limit` is kept between 1 and 50.
    /// - Throws: ``ProviderError`` `.missingCredentials` when the configured endpoint is no URL, and the HTTP client's failures.
    public func reverse(_ coordinate: Coordinate, limit: Int) async throws -> [GeocodedPlace] {
        let query = [
            ("lat", Coordinate.format(coordinate.latitude, decimals: 6)), ("lon", Coordinate.format(coordinate.longitude, decimals: 6)),
            ("limit", String(max(1, min(limit, 50)))),
        ]
        return try await ask("/reverse", query: query, origin: coordinate)
    }

    private func ask(_ path: String, query: [(String, String)], origin: Coordinate?) async throws -> [GeocodedPlace] {
        guard let endpoint else { throw ProviderError(provider: id, kind: .missingCredentials, message: "no valid endpoint") }
        var base = endpoint.path
        while base.hasSuffix("/") { base.removeLast() }
        var components = URLComponents()
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        let encoded = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        let request = HTTPRequest(
            method: .get, scheme: endpoint.scheme ?? "https", authority: authority, path: "\(base)\(path)?\(encoded)", headerFields: fields)
        let (response, body) = try await client.send(request, for: id)
        let checker = ProviderResponse(provider: id, endpoint: "\(authority)\(base)\(path)", redactor: client.redactor)
        try checker.check(response, body: body, busy: "the public Photon server is busy")
        return try checker.read(body) { root throws(JSONShapeError) in try PhotonReader.places(root, from: origin) }
    }
}
