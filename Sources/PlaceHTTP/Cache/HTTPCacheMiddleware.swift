public import Foundation
public import HTTPTypes

import PlaceCore
/// A private HTTP cache on disk, as a middleware: a repeated query within its lifetime sends
/// nothing; an expired answer with an `ETag` or `Last-Modified` is asked again with
/// `If-None-Match`/`If-Modified-Since` and a 304 renews it; `no-store` is never kept.
///
/// Reads are GET and HEAD, plus POST where the API uses POST for queries (Overpass): only the
/// client's owner knows that, so it is said (``postIsRead``). An answer that says nothing about
/// its lifetime is kept for ``defaultFreshness`` when one is given (public servers ask their users
/// not to repeat the same query), else not reused without asking. When the network cannot be
/// reached, an expired answer is better than none: it is served and the service's word is kept
/// (`stale-if-error`, RFC 5861).
public struct HTTPCacheMiddleware: HTTPMiddleware {
    /// Where answers are kept.
    public let store: HTTPCacheStore
    /// Whether POST requests are queries, and so cached like GET.
    public let postIsRead: Bool
    /// Seconds an answer that says nothing of its lifetime stays fresh; with nil, such an answer is kept only when it has an
    /// `ETag` or `Last-Modified`, and is asked again before each use.
    public let defaultFreshness: TimeInterval?
    /// Ask the service even when a fresh answer is kept (`--no-cache`); its answer is still kept.
    public let bypass: Bool
    /// The current time; tests pass a fixed one.
    public let now: @Sendable () -> Date

    /// A cache middleware over `store`; the other parameters set the properties of the same names.
    public init(
        store: HTTPCacheStore, postIsRead: Bool = false, defaultFreshness: TimeInterval? = nil, bypass: Bool = false,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.store = store
        self.postIsRead = postIsRead
        self.defaultFreshness = defaultFreshness
        self.bypass = bypass
        self.now = now
    }

    /// Passes anything but a read straight on. A read is answered from ``store`` while its kept answer is fresh (unless
    /// ``bypass``); otherwise the service is asked, conditionally when it can be, and a 200 it lets be stored is kept. When
    /// the network cannot be reached, a kept answer is served however old it is.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        guard request.method == .get || request.method == .head || (postIsRead && request.method == .post) else {
            return try await next(request, body)
        }
        let key = HTTPCacheStore.key(
            method: request.method.rawValue, url: "\(request.scheme ?? "")://\(request.authority ?? "")\(request.path ?? "")", body: body)
        let kept = store.read(key)
        if let kept, !bypass, !kept.mustRevalidate, now() < kept.freshUntil {
            store.count(\.fromCache)
            return (Self.response(kept), kept.body)
        }
        var asked = request
        if let kept {
            if let etag = kept.etag { asked.headerFields[.ifNoneMatch] = etag }
            if let lastModified = kept.lastModified { asked.headerFields[.ifModifiedSince] = lastModified }
        }
        let response: HTTPResponse
        let data: Data
        do {
            (response, data) = try await next(asked, body)
        } catch let error as TransportError where error.code == .cannotConnect {
            guard let kept else { throw error }
            store.count(\.stale)
            return (Self.response(kept), kept.body)
        }
        let received = now()
        if response.status.code == 304, var kept {
            let policy = CachePolicy(response, receivedAt: received)
            kept.freshUntil = received.addingTimeInterval(policy.freshness ?? defaultFreshness ?? 0)
            kept.storedAt = received
            kept.mustRevalidate = policy.mustRevalidate
            if let etag = policy.etag { kept.etag = etag }
            store.write(kept, forKey: key)
            store.count(\.revalidated)
            return (Self.response(kept), kept.body)
        }
        let policy = CachePolicy(response, receivedAt: received)
        if response.status.code == 200, policy.mayStore, policy.freshness != nil || defaultFreshness != nil || policy.canRevalidate {
            let lifetime = policy.freshness ?? defaultFreshness ?? 0
            let entry = HTTPCacheStore.Entry(
                status: 200, headers: response.headerFields.map { ($0.name.rawName, $0.value) }, body: data, storedAt: received,
                freshUntil: received.addingTimeInterval(lifetime), mustRevalidate: policy.mustRevalidate, etag: policy.etag,
                lastModified: policy.lastModified)
            store.write(entry, forKey: key)
        }
        return (response, data)
    }

    static func response(_ entry: HTTPCacheStore.Entry) -> HTTPResponse {
        var fields = HTTPFields()
        for (name, value) in entry.headers {
            if let field = HTTPField.Name(name) { fields.append(HTTPField(name: field, value: value)) }
        }
        return HTTPResponse(status: .init(code: entry.status), headerFields: fields)
    }
}
