import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Amsterdam's parking garages and P+R sites with their free places right now, from the city's
/// open occupancy feed (`ParkingLocation.json`). Keyless; no prices (ParkShark has some).
public struct AmsterdamGaragesProvider: PlaceDetailsProvider {
    /// Its id, `amsterdam-garages`, which prefixes the ids of its places.
    public static let providerID: ProviderID = "amsterdam-garages"
    /// The city's feed, read when no other `endpoint` is given or the given one is no URL.
    public static let defaultEndpoint = "http://opd.it-t.nl/data/amsterdam/ParkingLocation.json"

    /// The same as ``providerID``.
    public let id = AmsterdamGaragesProvider.providerID
    /// Parking, in and around Amsterdam only.
    public let capabilities = ProviderCapabilities(categories: [.parking], coverage: .amsterdam)
    private let client: HTTPClient
    private let endpoint: URL

    /// - Parameter endpoint: another copy of the feed, for example a mirror.
    public init(client: HTTPClient, endpoint: String = AmsterdamGaragesProvider.defaultEndpoint) {
        self.client = client
        // swift-format-ignore: NeverForceUnwrap
        // The default is a literal URL, checked by the tests; a configured one falls back to it.
        self.endpoint = URL(string: endpoint).flatMap { $0.host == nil ? nil : $0 } ?? URL(string: Self.defaultEndpoint)!
    }

    /// Keyless, with the feed's host as the service and the City of Amsterdam's open data as the attribution.
    public var status: ProviderStatus { .keyless(client, service: endpoint.host ?? "the feed", attribution: "City of Amsterdam open data") }

    /// The garages and P+R sites within the request's radius, nearest first, at most its limit; the whole feed is read each time.
    /// - Throws: ``ProviderError`` `.unsupported` for any category but parking.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard request.category == .parking else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only parking is supported, not \(request.category)")
        }
        return try await feed()
            .filter { $0.coordinate.distance(to: request.focus) <= request.radius }
            .sorted { $0.coordinate.distance(to: request.focus) < $1.coordinate.distance(to: request.focus) }
            .prefix(request.limit).map { $0 }
    }

    /// The garage with this id, from a fresh read of the feed.
    /// - Throws: ``ProviderError`` `.notFound` when the feed does not list it.
    public func details(for placeID: PlaceID) async throws -> Place {
        guard let place = try await feed().first(where: { $0.id == placeID }) else {
            throw ProviderError(provider: id, kind: .notFound, message: "the garage feed has no garage \(placeID.nativeID)")
        }
        return place
    }

    private func feed() async throws -> [Place] {
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        let path = endpoint.path.isEmpty ? "/" : endpoint.path
        let authority = endpoint.port.map { "\(endpoint.host ?? ""):\($0)" } ?? endpoint.host ?? ""
        let request = HTTPRequest(method: .get, scheme: endpoint.scheme ?? "http", authority: authority, path: path, headerFields: fields)
        let (response, data) = try await client.send(request, for: id)
        let checker = ProviderResponse(provider: id, endpoint: "\(authority)\(path)", redactor: client.redactor)
        try checker.check(response, body: data)
        let provider = id
        return try checker.read(data) { root throws(JSONShapeError) in try GarageFeedReader.read(root, provider: provider).places }
    }
}
