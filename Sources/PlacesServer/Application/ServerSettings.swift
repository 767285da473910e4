public import Foundation
public import PlacesKit

/// How `places serve` runs: where it listens, who may ask what, and the limits that keep one
/// client from holding the server. Read from the command line, then `[serve]` in the config file,
/// then these defaults.
public struct ServerSettings: Sendable {
    /// The address to listen on; `127.0.0.1` by default.
    public var host: String
    /// The port to listen on (0 picks a free one); 8080 by default.
    public var port: Int
    /// Search, completion, details, routes and the Photon-compatible endpoints answer without a
    /// token (rate-limited by address). Favourites, points and follow always need one.
    public var openSearch: Bool
    /// Requests each token (or address) may make: a bucket of ``rateBurst`` refilled at this rate.
    public var ratePerSecond: Double
    /// How many requests a bucket holds: the most a token (or address) may make at once after a pause.
    public var rateBurst: Double
    /// The largest request body (a trace to find stops in); larger ones get 413 unread.
    public var maximumBodyBytes: Int
    /// How long a request body may take to arrive: a client trickling bytes is cut off.
    public var bodyTimeout: Duration
    /// How long a connection may stay silent, and a request's head take to arrive; also the
    /// longest a followed walk may go without a fix.
    public var idleTimeout: Duration
    /// The longest a followed walk may last.
    public var longestWalk: Duration
    /// What makes a walk live, for points.
    public var liveWalk: LiveWalkRules
    /// The server's clock, for the points' checks; the wall clock unless a test says.
    public var clock: @Sendable () -> Date

    /// Settings with these values. The defaults listen on 127.0.0.1:8080, answer searches only with a token, allow 20
    /// requests a second in bursts of up to 40, and take bodies of up to 32 MiB.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, openSearch: Bool = false, ratePerSecond: Double = 20, rateBurst: Double = 40,
        maximumBodyBytes: Int = 32 << 20, bodyTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
        longestWalk: Duration = .seconds(4 * 3600), liveWalk: LiveWalkRules = LiveWalkRules(), clock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.host = host
        self.port = port
        self.openSearch = openSearch
        self.ratePerSecond = ratePerSecond
        self.rateBurst = rateBurst
        self.maximumBodyBytes = maximumBodyBytes
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.longestWalk = longestWalk
        self.liveWalk = liveWalk
        self.clock = clock
    }

    /// `HOST:PORT`, `:PORT` or `PORT`.
    /// - Throws: ``PlacesError`` (`usage`, parameter `listen`).
    public mutating func listen(_ text: String) throws(PlacesError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let host: Substring
        let portText: Substring
        if let colon = trimmed.lastIndex(of: ":") {
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        } else {
            host = ""
            portText = Substring(trimmed)
        }
        guard let port = Int(portText), (0...65535).contains(port) else {
            throw PlacesError(.usage, "'\(text)' is not HOST:PORT; write it like 127.0.0.1:8080 or :8080", parameter: "listen")
        }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? host.dropFirst().dropLast() : host
        self.host = bare.isEmpty ? "127.0.0.1" : String(bare)
        self.port = port
    }

    /// `20/s`, `600/min`, `5` (per second).
    /// - Throws: ``PlacesError`` (`usage`, parameter `rate-limit`).
    public mutating func rateLimit(_ text: String) throws(PlacesError) {
        let parts = text.split(separator: "/", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        let per: Double? =
            parts.count == 1 ? 1 : ["s": 1, "sec": 1, "second": 1, "m": 60, "min": 60, "minute": 60, "h": 3600, "hour": 3600][parts[1]]
        guard let count = Double(parts[0]), count > 0, count.isFinite, let per else {
            throw PlacesError(.usage, "'\(text)' is not a rate; write it like 20/s, 600/min or 5", parameter: "rate-limit")
        }
        ratePerSecond = count / per
    }

    /// `32MiB`, `500KB`, `1048576`.
    /// - Throws: ``PlacesError`` (`usage`, parameter `max-body`).
    public mutating func maximumBody(_ text: String) throws(PlacesError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("gib", 1_073_741_824), ("mib", 1_048_576), ("kib", 1024), ("gb", 1e9), ("mb", 1e6), ("kb", 1e3), ("b", 1)]
        let unit = units.first { trimmed.hasSuffix($0.0) }
        let number = unit.map { String(trimmed.dropLast($0.0.count)) } ?? trimmed
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value >= 1, value * (unit?.1 ?? 1) <= 17_179_869_184 else {
            throw PlacesError(.usage, "'\(text)' is not a size from 1 byte to 16 GiB; write it like 32MiB or 500KB", parameter: "max-body")
        }
        maximumBodyBytes = Int(value * (unit?.1 ?? 1))
    }

    /// The settings `[serve]` in the config file gives, over these.
    /// - Throws: ``PlacesError`` (`configuration`) naming the key and the file.
    public mutating func apply(_ config: ConfigFile) throws(PlacesError) {
        let section = try config.section("serve")
        do {
            if let listen = section["listen"] { try self.listen(listen) }
            if let rate = section["rate_limit"] { try rateLimit(rate) }
            if let body = section["max_body"] { try maximumBody(body) }
        } catch {
            throw PlacesError(.configuration, "[serve] in \(config.displayName): \(error.message)")
        }
        if let burst = section["rate_burst"] {
            guard let value = Double(burst), value >= 1 else {
                throw PlacesError(.configuration, "[serve] rate_burst in \(config.displayName): '\(burst)' must be a number of requests, at least 1")
            }
            rateBurst = value
        }
        if let open = section["open_search"] {
            guard let value = Bool(open) else {
                throw PlacesError(.configuration, "[serve] open_search in \(config.displayName): '\(open)' must be true or false")
            }
            openSearch = value
        }
    }
}
