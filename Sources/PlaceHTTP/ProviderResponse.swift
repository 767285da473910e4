public import Foundation
public import HTTPTypes

package import PlaceBytes
public import PlaceCore
/// Turns HTTP answers into places or into a ``ProviderError`` a user can act on.
public struct ProviderResponse: Sendable {
    /// The provider whose answers these are; named in every error.
    public let provider: ProviderID
    /// Host and path, for messages: "places-api.foursquare.com/places/search".
    public let endpoint: String
    /// Hides secrets in a service's own messages before they go into an error.
    public let redactor: Redactor

    /// A reader of `provider`'s answers from `endpoint`, hiding secrets with `redactor`.
    public init(provider: ProviderID, endpoint: String, redactor: Redactor) {
        self.provider = provider
        self.endpoint = endpoint
        self.redactor = redactor
    }

    /// Throws for any status outside 200–299, with the service's own message when it gave one.
    /// - Parameters:
    ///   - keyRemedy: what to do when the key is refused.
    ///   - busy: why trying later may help ("the public Overpass server is busy").
    public func check(_ response: HTTPResponse, body: Data, keyRemedy: Remedy? = nil, busy: String? = nil) throws {
        let status = response.status.code
        guard !(200..<300).contains(status) else { return try checkContent(response) }
        let said = serviceMessage(in: body).map { ": \($0)" } ?? ""
        switch status {
        case 401, 403:
            throw ProviderError(
                provider: provider, kind: .unauthorized, message: "\(endpoint) refused the key (HTTP \(status)\(said))",
                remedy: keyRemedy)
        case 404:
            throw ProviderError(provider: provider, kind: .notFound, message: "\(endpoint) has no such thing (HTTP 404\(said))")
        case 429:
            let retry = response.headerFields[.retryAfter].map { "; the service asks to wait \($0) s" } ?? ""
            throw ProviderError(
                provider: provider, kind: .rateLimited, message: "\(endpoint) is rate limiting us (HTTP 429\(said))\(retry)",
                remedy: .tryLater(busy))
        case 500...599:
            throw ProviderError(
                provider: provider, kind: .httpError, message: "\(endpoint) failed (HTTP \(status)\(said))",
                remedy: .tryLater(busy ?? "the service is having trouble"))
        default:
            throw ProviderError(provider: provider, kind: .httpError, message: "\(endpoint) answered HTTP \(status)\(said)")
        }
    }

    /// Throws when a successful answer says it is a web page or XML, where JSON was asked for: a
    /// proxy, a captive portal or a login page answered instead of the service. Other types are let
    /// through (services label JSON as text/plain, or not at all); the JSON reader judges the bytes.
    public func checkContent(_ response: HTTPResponse) throws {
        guard let value = response.headerFields[.contentType] else { return }
        let type = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard ["text/html", "application/xhtml+xml", "text/xml", "application/xml"].contains(type) else { return }
        let what = type.contains("html") ? "a web page" : "XML"
        throw ProviderError(
            provider: provider, kind: .unexpectedResponse,
            message: "\(endpoint) answered with \(what) (Content-Type \(type)), not JSON; something between us and "
                + "the service (a proxy, a Wi-Fi login page) may have answered instead",
            remedy: .tryLater(nil))
    }

    /// Reads the body with `read`, or throws ``ProviderError`` (`unexpectedResponse`) naming the field that is wrong.
    package func read<T>(_ body: Data, _ read: (JSONCursor) throws(JSONShapeError) -> T) throws -> T {
        let root: JSONValue
        do {
            root = try JSONValue.parse(body)
        } catch {
            throw unexpected("the answer is not valid JSON (\(error))", underlying: error)
        }
        do {
            return try read(JSONCursor(root))
        } catch {
            throw unexpected(error.description, underlying: error)
        }
    }

    private func unexpected(_ problem: String, underlying: any Error & Sendable) -> ProviderError {
        ProviderError(
            provider: provider, kind: .unexpectedResponse, message: "unexpected answer from \(endpoint): \(problem)",
            remedy: .reportAPIChange, underlyingError: underlying)
    }

    /// The `message` (or `error`, `error_message`, `detail`) a service put in its JSON error body.
    private func serviceMessage(in body: Data) -> String? {
        guard let value = try? JSONValue.parse(body) else { return nil }
        for key in ["message", "error_message", "error", "detail", "remark"] {
            if let text = value[key]?.stringValue, !text.isEmpty {
                return redactor.serviceMessage(text)
            }
        }
        return nil
    }
}
