public import Foundation
public import HTTPTypes

import PlaceCore
/// Names the program on every request, as public servers ask (Nominatim's and Photon's usage
/// policies): `places/0.2.0 (+mailto:you@example.org)`.
public struct UserAgentMiddleware: HTTPMiddleware {
    /// The `User-Agent` sent: `product/version`, followed by ` (+contact)` when a contact was given.
    public let value: String

    /// - Parameter contact: how the server's operators can reach the user (a mail address or URL).
    public init(product: String, version: String, contact: String?) {
        let trimmed = contact?.trimmingCharacters(in: .whitespaces) ?? ""
        value = trimmed.isEmpty ? "\(product)/\(version)" : "\(product)/\(version) (+\(trimmed))"
    }

    /// Sets the `User-Agent` header to ``value``, replacing any the request had, and sends the request on.
    public func intercept(_ request: HTTPRequest, body: Data?, next: HTTPNext) async throws -> (HTTPResponse, Data) {
        var request = request
        request.headerFields[.userAgent] = value
        return try await next(request, body)
    }
}
