import Foundation

/// Where a PostgreSQL store is: `postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?schema=NAME]`.
/// The password is kept for connecting and never shown: ``redacted`` is what messages and logs use.
public struct PostgresLocation: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    /// The schema the store's tables live in (PostgreSQL's `search_path`); nil for the user's default.
    public var schema: String?

    /// Why a `--database` value is not a PostgreSQL URL, in words naming the part that is wrong.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public let text: String
        public let reason: String
        public var description: String {
            "'\(text)' is not a PostgreSQL URL (\(reason)); give postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"
        }
    }

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String, schema: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.schema = schema
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
        for item in components.queryItems ?? [] {
            guard item.name == "schema", let value = item.value, Self.isPlainName(value) else {
                throw Malformed(text: shown, reason: "only ?schema=NAME (letters, digits, _) is understood, not '\(item.name)'")
            }
            schema = value
        }
        self.init(
            host: host, port: components.port ?? 5432, username: components.user?.removingPercentEncoding ?? username,
            password: components.password?.removingPercentEncoding, database: database.removingPercentEncoding ?? database, schema: schema)
    }

    /// The URL without its password: what every message, log line and `/health` shows.
    public var redacted: String {
        let user = username.addingPercentEncoding(withAllowedCharacters: .urlUserAllowed) ?? username
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        return "postgres://\(user)\(password == nil ? "" : ":***")@\(host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
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
