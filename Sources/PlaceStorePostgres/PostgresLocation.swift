import Foundation

/// Where a PostgreSQL store is and how to reach it:
/// `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME&sslmode=MODE&sslrootcert=FILE]`.
/// The password is kept for connecting and never shown: ``redacted`` is what messages and logs use.
public struct PostgresLocation: Sendable, Equatable {
    /// Whether the connection is encrypted and the server's certificate checked, as libpq's `sslmode` says.
    public enum TLSMode: String, Sendable, Equatable, CaseIterable {
        /// Plain text.
        case disable
        /// Encrypted when the server offers it, without checking its certificate (libpq's default).
        case prefer
        /// Encrypted, without checking the certificate: a server without TLS is refused.
        case require
        /// Encrypted, with a certificate signed by a trusted authority (`sslrootcert`, else the
        /// system's) for this host name.
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// The schema the store's tables live in (PostgreSQL's `search_path`); nil for the user's default.
    public var schema: String?
    public var tls: TLSMode
    /// The certificate authorities (a PEM file) a `verify-full` server's certificate is checked
    /// against; nil for the system's.
    public var rootCertificate: String?

    /// Why a `--database` value is not a PostgreSQL URL, in words naming the part that is wrong.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "'\(text)' is not a PostgreSQL URL (\(reason)); give postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        }
    }

    public init(
        host: String, port: Int = 5432, username: String, password: String? = nil, database: String, schema: String? = nil,
        tls: TLSMode = .prefer, rootCertificate: String? = nil
    ) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
        self.tls = tls
        self.rootCertificate = rootCertificate
    }

    /// Reads a `postgres://` or `postgresql://` URL.
    public init(parsing text: String) throws(Malformed) {
        // The password must not reach a message, even one about a malformed URL.
        let shown = Self.redact(text)
        guard let components = URLComponents(string: text) else { throw Malformed(text: shown, reason: "it cannot be read as a URL") }
        guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else {
            throw Malformed(text: shown, reason: "it does not start with postgres://")
        }
        guard let host = components.host, !host.isEmpty else { throw Malformed(text: shown, reason: "it names no host") }
        guard let username = components.user, !username.isEmpty else { throw Malformed(text: shown, reason: "it names no user") }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw Malformed(text: shown, reason: "it names no database after the host") }
        if let port = components.port, !(1...65_535).contains(port) {
            throw Malformed(text: shown, reason: "port \(port) is not between 1 and 65535")
        }
        var schema: String?
        var tls: TLSMode?
        var rootCertificate: String?
        for item in components.queryItems ?? [] {
            let value = item.value ?? ""
            switch item.name {
            case "schema":
                guard Self.isPlainName(value) else {
                    throw Malformed(text: shown, reason: "schema '\(value)' is not a name of letters, digits and _")
                }
                schema = value
            case "sslmode":
                guard let mode = TLSMode(rawValue: value) else {
                    throw Malformed(text: shown, reason: "sslmode must be disable, prefer, require or verify-full, not '\(value)'")
                }
                tls = mode
            case "sslrootcert":
                guard !value.isEmpty else { throw Malformed(text: shown, reason: "sslrootcert names no file") }
                rootCertificate = value
            default:
                throw Malformed(text: shown, reason: "only ?schema=NAME, sslmode=MODE and sslrootcert=FILE are understood, not '\(item.name)'")
            }
        }
        // As libpq: a root certificate given is there to check the server's.
        if rootCertificate != nil, tls == nil { tls = .verifyFull }
        if rootCertificate != nil, tls != .verifyFull {
            throw Malformed(text: shown, reason: "sslrootcert checks the server's certificate, which only sslmode=verify-full does")
        }
        self.init(
            host: host, port: components.port ?? 5432, username: components.user?.removingPercentEncoding ?? username,
            password: components.password?.removingPercentEncoding, database: database.removingPercentEncoding ?? database, schema: schema,
            tls: tls ?? .prefer, rootCertificate: rootCertificate)
    }

    /// The URL without its password: what every message, log line and `/health` shows.
    public var redacted: String {
        let user = username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? username
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        var parameters = schema.map { ["schema=\($0)"] } ?? []
        if tls != .prefer { parameters.append("sslmode=\(tls.rawValue)") }
        if let rootCertificate { parameters.append("sslrootcert=\(rootCertificate)") }
        return "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)"
            + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
    }

    /// A schema or table name PostgreSQL takes without quoting, so that it can be written into SQL.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || ("a"..."z").contains(first), name.count <= 63 else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// `text` with whatever stands between `user:` and `@` replaced, for a URL that cannot be parsed.
    static func redact(_ text: String) -> String {
        guard let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].lastIndex(of: "@") else { return text }
        let credentials = text[schemeEnd.upperBound..<at]
        guard let colon = credentials.firstIndex(of: ":") else { return text }
        return String(text[..<colon]) + ":***" + String(text[at...])
    }
}
