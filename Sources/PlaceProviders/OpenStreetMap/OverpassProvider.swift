import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Places from OpenStreetMap, live from the Overpass API. Keyless.
///
/// Coffee is `amenity=cafe` and `shop=coffee` (nodes, ways and relations, with a centre for the
/// last two); the coffee profile then leaves out what a coffee seeker does not want. Parking is
/// `amenity=parking` and `amenity=parking_entrance`, asked with each area's box (`out tags bb`) so
/// that a garage's entrances inside or beside it are listed with it, not as garages of their own.
public struct OverpassProvider: PlaceDetailsProvider {
    /// Its id, `osm`, which prefixes the ids of its places (`osm:node/123`); ``StoredOSMProvider`` has the same.
    public static let providerID: ProviderID = "osm"
    /// The public Overpass API's interpreter, asked when no other `endpoint` is configured.
    public static let defaultEndpoint = "https://overpass-api.de/api/interpreter"

    /// The same as ``providerID``.
    public let id = OverpassProvider.providerID
    /// Coffee, and parking only when asked for by name (`--provider osm`).
    public let capabilities = ProviderCapabilities(categories: [.coffee], onRequest: [.parking])
    private let client: HTTPClient
    private let scheme: String
    private let host: String
    private let path: String

    /// - Parameter endpoint: another Overpass server's interpreter URL, for example a local one.
    public init(client: HTTPClient, endpoint: String = OverpassProvider.defaultEndpoint) {
        self.client = client
        let url = URL(string: endpoint) ?? URL(string: Self.defaultEndpoint)
        self.scheme = url?.scheme ?? "https"
        self.host = url.flatMap { url in url.port.map { "\(url.host ?? ""):\($0)" } ?? url.host } ?? "overpass-api.de"
        self.path = url?.path.isEmpty == false ? url?.path ?? "/api/interpreter" : "/api/interpreter"
    }

    /// Keyless, crediting the server's host with OpenStreetMap's licence (ODbL).
    public var status: ProviderStatus {
        var status = ProviderStatus.keyless(client, service: host, attribution: "OpenStreetMap data, ODbL")
        status.credits = [DataCredit(source: host, licence: .openStreetMap)]
        return status
    }

    /// Cafés and coffee shops, or car parks with their entrances grouped (see ``CarParks``), around the request's focus
    /// within its radius (clamped to 1 m…50 km).
    /// - Throws: ``ProviderError``: `.unsupported` for other categories, `.unavailable` when the server stops the query.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        let around = String(
            format: "(around:%d,%.4f,%.4f)", Int(min(50_000, max(1, request.radius)).rounded()), request.focus.latitude,
            request.focus.longitude)
        let filters: [String]
        switch request.category {
        case .coffee: filters = ["[\"amenity\"=\"cafe\"]", "[\"shop\"=\"coffee\"]"]
        case .parking: filters = ["[\"amenity\"=\"parking\"]", "[\"amenity\"=\"parking_entrance\"]"]
        default:
            throw ProviderError(provider: id, kind: .unsupported, message: "only coffee and parking are supported, not \(request.category)")
        }
        let union = filters.map { "nwr\($0)\(around);" }.joined()
        guard request.category == .parking else { return try await run("[out:json][timeout:25];(\(union));out center tags;") }
        return CarParks.group(try await runElements("[out:json][timeout:25];(\(union));out tags bb;"))
    }

    /// The element with this id (`osm:node/123`, `osm:way/45`, `osm:relation/6`), asked of the server.
    /// - Throws: ``ProviderError`` `.notFound` when the id is not an OpenStreetMap one or names no place with a name and a position.
    public func details(for placeID: PlaceID) async throws -> Place {
        let parts = placeID.nativeID.split(separator: "/")
        guard placeID.provider == id, parts.count == 2, ["node", "way", "relation"].contains(String(parts[0])),
            let number = Int64(parts[1])
        else {
            throw ProviderError(
                provider: id, kind: .notFound, message: "'\(placeID)' is not an OpenStreetMap id (expected osm:node/123, osm:way/… or osm:relation/…)"
            )
        }
        let query = "[out:json][timeout:25];\(parts[0])(\(number));out center tags;"
        guard let place = try await run(query).first else {
            throw ProviderError(provider: id, kind: .notFound, message: "OpenStreetMap has no named place \(placeID)")
        }
        return place
    }

    private func run(_ query: String) async throws -> [Place] {
        try await runElements(query).map(\.place)
    }

    private func runElements(_ query: String) async throws -> [CarParks.Element] {
        var fields = HTTPFields()
        fields[.contentType] = "application/x-www-form-urlencoded"
        fields[.accept] = "application/json"
        let request = HTTPRequest(method: .post, scheme: scheme, authority: host, path: path, headerFields: fields)
        let body = Data(QueryString.encode([("data", query)]).utf8)
        let (response, data) = try await client.send(request, body: body, for: id)
        let checker = ProviderResponse(provider: id, endpoint: "\(host)\(path)", redactor: client.redactor)
        try checker.check(response, body: data, busy: "the public Overpass server is busy")
        let provider = id
        let (places, remark) = try checker.read(data) { root throws(JSONShapeError) in try OverpassReader.readElements(root, provider: provider) }
        if let remark, remark.localizedCaseInsensitiveContains("error") {
            throw ProviderError(
                provider: id, kind: .unavailable, message: "\(host) stopped the query: \(remark)",
                remedy: .askSmallerArea)
        }
        return places
    }
}
