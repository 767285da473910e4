public import Foundation
public import HTTPTypes

import PlaceCore
/// For a client that asks its service live but may answer from recordings: when the network
/// cannot be reached (no route, no DNS, connection refused), the recordings answer instead, and
/// the reason is kept to be said once.
public struct OfflineFallbackMiddleware: HTTPMiddleware {
    /// The cassettes that answer when the network cannot be reached.
    public let recordings: CassetteMiddleware

    /// A fallback that answers from `recordings` when the network cannot be reached.
    public init(recordings: CassetteMiddleware) { self.recordings = recordings }

    /// Sends `request` on; when that fails with ``TransportError/Code/cannotConnect``, notes the reason with ``recordings`` and
    /// lets them answer. A missing recording then throws ``CassetteError/noMatch(_:)``, which says the network is unreachable.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        do {
            return try await next(request, body)
        } catch let error as TransportError where error.code == .cannotConnect {
            await recordings.noteFallback(error.code == .cannotConnect ? error.detail : error.description)
            do {
                return try await recordings.intercept(request, body: body) { _, _ in throw error }
            } catch CassetteError.noMatch(var noMatch) {
                noMatch.unreachable = error.detail
                throw CassetteError.noMatch(noMatch)
            }
        }
    }
}
