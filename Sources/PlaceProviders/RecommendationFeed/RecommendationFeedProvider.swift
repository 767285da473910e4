public import Foundation
import HTTPTypes
import PlaceBytes
public import PlaceCore
public import PlaceHTTP

/// Recommendations with points (ReCrowd's idea: spread a crowd by rewarding a walk to a quieter
/// spot), read from a JSON feed in a file or at an http(s) URL. Keyless.
///
/// ## Feed shapes
/// Any of these, as ReCrowd's Firebase database exports them or as a person writes one by hand:
///
/// ```json
/// {"name": "Amsterdam centrum quiet spots", "recommendations": [{"id": "rec-1", "name": "…", …}, …]}
/// [{"id": "rec-1", "name": "…", …}, …]
/// {"-Nabc": {"name": "…", …}, "-Nabd": {…}}
/// {"recommendations": {"event-1": {"-Nabc": {…}}}, "events": {"1": {"end": 1795269600, …}}}
/// ```
///
/// In the keyed (Firebase) shapes the key is the id. An entry in an event group (`event-1`) that
/// has no expiry of its own expires at the `end` of `events/1` (also found as `events/event-1`,
/// as the event whose `id` is 1, or at index 1 of an exported list). `null` entries (Firebase's
/// deleted children) are ignored.
///
/// ## Fields of a recommendation
/// - `id`: a string or a whole number, without spaces (the arrays only); the place's id is `feed:<id>`.
/// - `name`; `description` (or `desc`), which becomes ``Place/summary``.
/// - `latitude` (or `lat`) and `longitude` (or `lon`, `lng`), decimal degrees.
/// - `points`: a whole number from 0 to 1,000,000.
/// - `radius` (optional): metres within which the walker has arrived, above 0 and at most 5000;
///   without it ReCrowd's 50 m.
/// - `expires` (or `end`, optional): ISO 8601 or Unix seconds (milliseconds are recognised).
///
/// An entry that lacks a field or has one out of range, or repeats an earlier id, is left out
/// and named in ``RecommendationFeed/skipped``; the rest are used. A feed that is not JSON, has
/// none of these shapes or no usable entry is a ``ProviderError`` (`unexpectedResponse`); a file
/// that is not there or cannot be read is one of kind `notFound`.
public struct RecommendationFeedProvider: PlaceDetailsProvider {
    /// Its id, `feed`, which prefixes the ids of its recommendations (`feed:rec-1`).
    public static let providerID: ProviderID = "feed"
    /// What to do when no feed is given or configured.
    public static let unconfiguredAdvice = "no feed configured; set url or file in the [feed] section of the config"

    /// The same as ``providerID``.
    public let id = RecommendationFeedProvider.providerID
    /// Recommendations only.
    public let capabilities = ProviderCapabilities(categories: [.recommendations])
    /// The file or URL the feed is read from.
    public let source: FeedSource
    private let client: HTTPClient

    /// - Parameter client: sends the request for a URL feed (a file is read directly).
    public init(source: FeedSource, client: HTTPClient) {
        self.source = source
        self.client = client
    }

    /// Ready from this machine for a file; keyless for a URL, with its host as the service.
    public var status: ProviderStatus {
        switch source {
        case .file:
            .local("the feed file \(source.location)")
        case .url(let url):
            .keyless(client, service: url.host ?? url.absoluteString, attribution: "recommendation feed")
        }
    }

    /// The whole feed, with the entries that had to be left out.
    /// - Throws: ``ProviderError``: `notFound` for a missing or unreadable file (or HTTP 404),
    ///   `unexpectedResponse` for a document that is not a feed or has no usable entry, and the
    ///   HTTP client's failures for a URL.
    public func load() async throws -> RecommendationFeed {
        let data: Data
        switch source {
        case .file(let path):
            data = try readFile(path)
        case .url(let url):
            data = try await fetch(url)
        }
        return try Self.read(data, source: source)
    }

    /// The feed's recommendations within the request's radius, nearest first, at most its limit.
    public func search(_ request: SearchRequest) async throws -> [Place] {
        guard request.category == .recommendations else {
            throw ProviderError(provider: id, kind: .unsupported, message: "only recommendations are supported, not \(request.category)")
        }
        let focus = request.focus
        return try await load().places
            .map { ($0, $0.coordinate.distance(to: focus)) }
            .filter { $0.1 <= request.radius }
            .sorted { $0.1 < $1.1 }
            .prefix(request.limit).map(\.0)
    }

    /// The recommendation with this id, from a fresh read of the feed.
    /// - Throws: ``ProviderError`` `.notFound` when the feed has none such, and what ``load()`` throws.
    public func details(for placeID: PlaceID) async throws -> Place {
        let feed = try await load()
        guard let place = feed.places.first(where: { $0.id == placeID }) else {
            throw ProviderError(provider: id, kind: .notFound, message: "\(source) has no recommendation \(placeID.nativeID)")
        }
        return place
    }

    /// Reads a feed document already at hand (an app that fetched it itself).
    /// - Parameter source: names the feed in messages, and in the offers when it has no name.
    public static func read(_ data: Data, source: FeedSource) throws(ProviderError) -> RecommendationFeed {
        let root: JSONValue
        do {
            root = try JSONValue.parse(data)
        } catch {
            throw ProviderError(
                provider: providerID, kind: .unexpectedResponse, message: "\(source) is not JSON (\(error.description))",
                remedy: .advice("a feed is a JSON document of recommendations"), underlyingError: error)
        }
        let feed: RecommendationFeed
        do {
            feed = try RecommendationFeedReader.read(root, location: source.location)
        } catch {
            throw ProviderError(provider: providerID, kind: .unexpectedResponse, message: "\(source) is not a recommendation feed: \(error.message)")
        }
        guard !feed.places.isEmpty else {
            let skipped =
                feed.skipped.prefix(3).map(\.description).joined(separator: "; ")
                + (feed.skipped.count > 3 ? "; and \(feed.skipped.count - 3) more" : "")
            throw ProviderError(
                provider: providerID, kind: .unexpectedResponse,
                message: "\(source) has no usable recommendation" + (feed.skipped.isEmpty ? "" : " (\(skipped))"),
                remedy: .advice("each needs name, description, latitude, longitude and points"))
        }
        return feed
    }

    // MARK: - Reading

    private func readFile(_ path: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ProviderError(provider: id, kind: .notFound, message: "no feed file at \(path)")
        }
        guard !isDirectory.boolValue else {
            throw ProviderError(provider: id, kind: .notFound, message: "\(path) is a folder, not a feed file")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ProviderError(
                provider: id, kind: .notFound, message: "cannot read the feed file \(path)", remedy: .advice("check its permissions"),
                underlyingError: error)
        }
    }

    private func fetch(_ url: URL) async throws -> Data {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? url.path
        if path.isEmpty { path = "/" }
        if let query = components?.percentEncodedQuery { path += "?" + query }
        let host = url.host ?? ""
        let authority = url.port.map { "\(host):\($0)" } ?? host
        var fields = HTTPFields()
        fields[.accept] = "application/json"
        let request = HTTPRequest(method: .get, scheme: url.scheme ?? "https", authority: authority, path: path, headerFields: fields)
        let (response, data) = try await client.send(request, for: id)
        let checker = ProviderResponse(provider: id, endpoint: authority + (components?.percentEncodedPath ?? ""), redactor: client.redactor)
        try checker.check(response, body: data)
        return data
    }
}

extension RecommendationFeedProvider {
    /// The feed the `[feed]` section of the config names: `url` (an http(s) URL; it wins when
    /// both are set) or `file`.
    /// - Returns: nil when neither is set.
    /// - Throws: ``ProviderError`` (`missingCredentials`, a configuration problem) when the value
    ///   is not a URL or a path.
    public static func configuredSource(_ settings: [String: String]) throws(ProviderError) -> FeedSource? {
        if let text = settings["url"] {
            guard let source = FeedSource(parsing: text), case .url = source else {
                throw ProviderError(
                    provider: providerID, kind: .missingCredentials, message: "url '\(text)' in [feed] is not an http(s) URL",
                    remedy: .advice("use file = \"PATH\" for a file"))
            }
            return source
        }
        if let text = settings["file"] {
            guard let source = FeedSource(parsing: text) else {
                throw ProviderError(provider: providerID, kind: .missingCredentials, message: "file '\(text)' in [feed] is not a path")
            }
            return source
        }
        return nil
    }

    /// The catalog's `feed`: the configured one, else one that is never ready and says what to set.
    static func configured(settings: [String: String], client: HTTPClient) -> any PlaceProvider {
        do {
            guard let source = try configuredSource(settings) else { return UnconfiguredFeedProvider(detail: unconfiguredAdvice) }
            return RecommendationFeedProvider(source: source, client: client)
        } catch {
            return UnconfiguredFeedProvider(detail: error.description)
        }
    }
}

/// The catalog's `feed` when `[feed]` names none: listed, never ready.
struct UnconfiguredFeedProvider: PlaceProvider {
    let id = RecommendationFeedProvider.providerID
    let capabilities = ProviderCapabilities(categories: [.recommendations])
    let detail: String

    var status: ProviderStatus { .notReady(.unconfigured(detail)) }

    func search(_ request: SearchRequest) async throws -> [Place] {
        throw ProviderError(provider: id, kind: .missingCredentials, message: detail)
    }
}
