import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Coffee from the Foursquare Places API: search around a point and the details of one place.
///
/// Needs a service key (`FOURSQUARE_API_KEY`) for live answers. In replay mode it answers from
/// cassettes without one.
public struct FoursquareProvider: PlaceDetailsProvider {
    /// Its id, `foursquare`, which prefixes the ids of its places.
    public static let providerID: ProviderID = "foursquare"
    /// The environment variable that holds its API key.
    public static let keyVariable = "FOURSQUARE_API_KEY"

    /// The same as ``providerID``.
    public let id = FoursquareProvider.providerID
    /// Coffee only.
    public let capabilities = ProviderCapabilities(categories: [.coffee])
    private let client: HTTPClient
    private let key: Credential?
    private let endpoint: ServiceEndpoint

    /// - Parameter endpoint: another base URL for the API (a proxy of one's own); the key goes there.
    public init(client: HTTPClient, key: Credential?, endpoint: String? = nil) {
        self.client = client
        self.key = key
        self.endpoint = ServiceEndpoint(endpoint, default: FoursquareAPI.defaultEndpoint)
    }

    /// Not ready when the configured endpoint is no URL; otherwise keyed: recordings answer without a key, the other modes need one.
    public var status: ProviderStatus {
        if let invalid = endpoint.invalid {
            return .notReady(.misconfigured("endpoint '\(invalid)' in [foursquare] is not a URL; give one such as \(FoursquareAPI.defaultEndpoint)"))
        }
        return .keyed(
            client, key: key, keyVariable: Self.keyVariable, configSection: "foursquare", service: endpoint.authority)
    }

    /// Coffee shops, cafés and roasters within the request's radius (at most 100 km), nearest first, at most the request's
    /// limit and never more than 50.
    /// - Throws: ``ProviderError``: `.unsupported` for any category but coffee, `.missingCredentials` when the network would be
    ///   asked without a key or the configured endpoint is no URL.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard request.category == .coffee else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only coffee is supported, not \(request.category)")
        }
        let httpRequest = FoursquareAPI.searchRequest(request, key: try usableKey(), endpoint: endpoint)
        let (response, body) = try await client.send(httpRequest, for: id)
        let checker = ProviderResponse(
            provider: id, endpoint: "\(endpoint.authority)\(endpoint.basePath)/places/search", redactor: client.redactor)
        try checker.check(response, body: body, keyRemedy: keyRemedy())
        let answeredAt = Self.answerDate(response)
        return try checker.read(body) { root throws(JSONShapeError) in
            try FoursquareReader.places(root, provider: id, answeredAt: answeredAt)
        }
    }

    /// The place with its description, tips and photos where Foursquare has them.
    /// - Throws: ``ProviderError``: `.unsupported` for another provider's id, `.notFound` when Foursquare does not know it,
    ///   `.missingCredentials` as for ``search(_:)``.
    public func details(for placeID: PlaceID) async throws -> Place {
        guard placeID.provider == id else {
            throw ProviderError(provider: id, kind: .unsupported, message: "\(placeID) is not a Foursquare place")
        }
        let httpRequest = FoursquareAPI.detailsRequest(
            nativeID: placeID.nativeID, key: try usableKey(), endpoint: endpoint)
        let (response, body) = try await client.send(httpRequest, for: id)
        let checker = ProviderResponse(
            provider: id, endpoint: "\(endpoint.authority)\(endpoint.basePath)/places/\(placeID.nativeID)", redactor: client.redactor)
        if response.status.code == 404 {
            throw ProviderError(provider: id, kind: .notFound, message: "Foursquare has no place \(placeID)")
        }
        try checker.check(response, body: body, keyRemedy: keyRemedy())
        let answeredAt = Self.answerDate(response)
        let found = try checker.read(body) { root throws(JSONShapeError) in
            try FoursquareReader.place(root, provider: id, answeredAt: answeredAt)
        }
        guard let place = found else {
            throw ProviderError(provider: id, kind: .unexpectedResponse, message: "\(placeID) has no position in Foursquare's answer")
        }
        return place
    }

    private func keyRemedy(also: String? = nil) -> Remedy {
        Remedy(.checkKey(provider: id, variable: Self.keyVariable, credential: key, also: also))
    }

    /// The key, or an error when the network is to be asked without one.
    private func usableKey() throws -> Credential? {
        if let invalid = endpoint.invalid {
            throw ProviderError(
                provider: id, kind: .missingCredentials, message: "endpoint '\(invalid)' in [foursquare] is not a URL")
        }
        if key == nil, client.mode == .live || client.mode == .record {
            throw ProviderError(
                provider: id, kind: .missingCredentials, message: "no API key",
                remedy: Remedy(.provideKey(provider: id, variable: Self.keyVariable, configSection: "foursquare")))
        }
        return key
    }

    /// When the service answered (its `Date` header), so that "open now" is judged at that moment.
    static func answerDate(_ response: HTTPResponse) -> Date? {
        response.headerFields[.date].flatMap(HTTPDate.parse)
    }
}
