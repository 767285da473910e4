import Foundation

/// Where a provider's service is: scheme, host (with its port) and a base path, from the URL in
/// its config section (`endpoint = "http://localhost:8080/base"`), or its public default.
struct ServiceEndpoint: Sendable, Equatable {
    let scheme: String
    /// Host and port, as a request's authority.
    let authority: String
    /// The path before the API's own, without a trailing slash ("" at the root).
    let basePath: String
    /// The configured text when it is no URL: the provider is then not ready, rather than quietly
    /// sending the user's positions (and any key) to the public server they meant to avoid.
    let invalid: String?

    init(_ configured: String?, default standard: String) {
        let given = configured.flatMap(URL.init(string:)).flatMap { $0.host == nil || $0.scheme == nil ? nil : $0 }
        invalid = configured != nil && given == nil ? configured : nil
        let url = given ?? URL(string: standard)
        scheme = url?.scheme ?? "https"
        authority = url.flatMap { url in url.port.map { "\(url.host ?? ""):\($0)" } ?? url.host } ?? ""
        var path = url?.path ?? ""
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }
}
