public import Foundation
public import HTTPTypes

import PlaceCore
/// Finds secrets in requests and hides them: in cassette files, log lines and error messages.
///
/// Secrets are recognised by name (the `Authorization` header, `client_secret=` and the like)
/// and by value: once a value was seen in a secret place, every other occurrence of it —
/// plain or percent-encoded, in a URL, a header or a body — is replaced as well.
public struct Redactor: Sendable {
    /// What every secret is replaced with.
    public static let placeholder = "REDACTED"

    /// Header names, in lower case, whose values are secret.
    public var secretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key", "api-key",
        "x-goog-api-key", "x-auth-token", "x-access-token",
    ]
    /// Query parameter and form field names, in lower case, whose values are secret.
    public var secretParameterNames: Set<String> = [
        "key", "api_key", "apikey", "api-key", "client_secret", "client_id", "oauth_token", "access_token",
        "token", "secret", "password", "sig", "signature", "auth",
    ]
    /// Secrets known up front (API keys from the environment or config), hidden wherever they appear.
    public var knownSecrets: [String]

    /// A redactor with the default secret names and `knownSecrets`; values shorter than four characters are left out.
    public init(knownSecrets: [String] = []) {
        self.knownSecrets = knownSecrets.filter { $0.count >= 4 }
    }

    /// Whether a header of this name holds a secret, whatever the case of the name.
    public func isSecretHeader(_ name: String) -> Bool { secretHeaderNames.contains(name.lowercased()) }

    /// Whether a query parameter or form field of this name holds a secret, whatever the case of the name.
    public func isSecretParameter(_ name: String) -> Bool { secretParameterNames.contains(name.lowercased()) }

    /// The secret values a request carries: header values (also without their `Bearer ` scheme),
    /// secret query parameters and secret form fields, plus the known secrets.
    public func secrets(in request: HTTPRequest, body: Data?) -> [String] {
        var found = knownSecrets
        for field in request.headerFields where isSecretHeader(field.name.rawName) {
            found.append(field.value)
            if let space = field.value.firstIndex(of: " ") {
                found.append(String(field.value[field.value.index(after: space)...]))
            }
        }
        for (name, value) in QueryString.parameters(ofPath: request.path ?? "") where isSecretParameter(name) {
            found.append(value)
        }
        if let body, let text = String(data: body, encoding: .utf8), FormBody.looksLikeForm(request) {
            for (name, value) in QueryString.decode(text) where isSecretParameter(name) { found.append(value) }
        }
        // Short values would blank out ordinary text; no real key is that short.
        return Array(Set(found.filter { $0.count >= 4 && $0 != Self.placeholder })).sorted { $0.count > $1.count }
    }

    /// A service's own words for a message: secrets scrubbed first (a key cut in two would no longer
    /// be recognised), then cut to `limit` characters so that one answer cannot flood a line.
    public func serviceMessage(_ text: String, limit: Int = 200) -> String {
        let scrubbed = scrub(text)
        return scrubbed.count > limit ? String(scrubbed.prefix(limit)) + "…" : scrubbed
    }

    /// `text` with every secret value (plain, percent-encoded or base64-encoded) replaced by the placeholder.
    public func scrub(_ text: String, secrets: [String] = []) -> String {
        var result = text
        for form in Self.forms(of: secrets + knownSecrets) {
            result = result.replacingOccurrences(of: form, with: Self.placeholder)
        }
        return result
    }

    /// `data` with every secret's bytes (plain, percent-encoded or base64-encoded) replaced by the
    /// placeholder, for bodies that are not text: a key must not survive when the body is stored
    /// in base64 either.
    public func scrub(_ data: Data, secrets: [String] = []) -> Data {
        var result = data
        for form in Self.forms(of: secrets + knownSecrets) {
            let needle = Data(form.utf8)
            while let range = result.range(of: needle) {
                result.replaceSubrange(range, with: Data(Self.placeholder.utf8))
            }
        }
        return result
    }

    /// The ways a secret is written in text, longest first: as it is, percent-encoded, and in
    /// base64 (standard and URL-safe) — whole, and as the run of characters that is the same
    /// wherever in a longer base64 text the secret's bytes begin.
    static func forms(of secrets: [String]) -> [String] {
        var forms = Set<String>()
        for secret in secrets where !secret.isEmpty {
            forms.insert(secret)
            forms.insert(QueryString.encodeComponent(secret))
            for offset in 0..<3 {
                let encoded = (Data(repeating: 0, count: offset) + Data(secret.utf8)).base64EncodedString()
                // The characters that depend on the secret's bytes alone: not the first ones, which
                // also hold the bytes before it, nor the last, which hold the bytes after.
                let unpadded = encoded.dropFirst(offset == 0 ? 0 : offset + 1).prefix { $0 != "=" }
                let core = String(unpadded.dropLast(encoded.hasSuffix("=") ? 1 : 0))
                guard core.count >= 6 else { continue }
                forms.insert(core)
                forms.insert(core.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_"))
                if offset == 0 { forms.insert(encoded) }
            }
        }
        return forms.sorted { $0.count > $1.count }
    }

    /// A URL for humans: secret parameters' values replaced, known secrets scrubbed.
    public func redactedURL(_ url: String, secrets: [String] = []) -> String {
        var text = url
        if let questionMark = url.firstIndex(of: "?") {
            let base = url[..<questionMark]
            let query = url[url.index(after: questionMark)...]
            let pairs = query.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = QueryString.decodeComponent(String(parts[0]))
                guard parts.count == 2, isSecretParameter(name) else { return String(pair) }
                return "\(parts[0])=\(Self.placeholder)"
            }
            text = base + "?" + pairs.joined(separator: "&")
        }
        return scrub(text, secrets: secrets)
    }

    /// The request's URL for humans (see ``redactedURL(_:secrets:)``).
    public func redactedURL(of request: HTTPRequest) -> String {
        redactedURL(request.url?.absoluteString ?? "\(request.scheme ?? "https")://\(request.authority ?? "")\(request.path ?? "")")
    }
}

/// Query strings and form bodies: encoding that keeps `,` and `:` readable, decoding that
/// treats `+` as a space (as servers do for both).
public enum QueryString {
    private static let unreserved: CharacterSet = {
        var set = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        set.insert(charactersIn: "-._~,:")
        return set
    }()

    /// Percent-encodes everything but ASCII letters, digits and `-._~,:`.
    public static func encodeComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    /// Reads `+` as a space and undoes percent-encoding; when a `%` escape is malformed, only the `+`s are changed.
    public static func decodeComponent(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `name=value` pairs joined by `&`, in the order given, both sides encoded with ``encodeComponent(_:)``.
    public static func encode(_ parameters: [(String, String)]) -> String {
        parameters.map { "\(encodeComponent($0.0))=\(encodeComponent($0.1))" }.joined(separator: "&")
    }

    /// The decoded `name=value` pairs of a query or form body, in order; a name without `=` gets an empty value.
    public static func decode(_ query: String) -> [(String, String)] {
        query.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decodeComponent(String(parts[0])), parts.count > 1 ? decodeComponent(String(parts[1])) : "")
        }
    }

    /// The decoded query parameters of a request path such as `/places/search?ll=1,2`.
    public static func parameters(ofPath path: String) -> [(String, String)] {
        guard let questionMark = path.firstIndex(of: "?") else { return [] }
        return decode(String(path[path.index(after: questionMark)...]))
    }

    /// The path without its query.
    public static func pathWithoutQuery(_ path: String) -> String {
        path.firstIndex(of: "?").map { String(path[..<$0]) } ?? path
    }
}

enum FormBody {
    static func looksLikeForm(_ request: HTTPRequest) -> Bool {
        request.headerFields[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false
    }
}
