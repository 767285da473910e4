import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import PlaceBytes
import PlaceCore
import PlaceStore
import PlacesKit
import PlacesServer
import Synchronization
import Testing

/// One server per test: a store in a temporary folder, the repository's recordings (replay only: no
/// network), the example feed offered as `example`, a clock the test may move. Built by the same
/// `buildApplication` the executable runs.
final class TestServer: Sendable {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Saturday 21 November 2026, 11:30 in Amsterdam, as the CLI's tests pin it.
    static let now = "2026-11-21T10:30:00Z"

    let folder: URL
    let store: SQLitePlaceStore
    /// Where accounts, favourites and points go: `store` unless a test gives a database.
    let shared: (any SharedStore)?
    let service: PlacesService
    let settings: ServerSettings
    let logger: Logger
    let logLines = LogLines()

    /// - Parameters:
    ///   - configure: changes to the server's settings (limits, open search, the clock).
    ///   - config: more of the config file.
    ///   - shared: the database the instances share (`--database`); nil for the embedded store.
    init(config: String = "", shared: (any SharedStore)? = nil, configure: (inout ServerSettings) -> Void = { _ in }) throws {
        self.shared = shared
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configFile = folder.appendingPathComponent("config.toml")
        let feed = Self.repository.appendingPathComponent("examples/feed.json").path
        try Data("[feeds]\nexample = \"\(feed)\"\n\(config)".utf8).write(to: configFile)
        let storePath = folder.appendingPathComponent("places.sqlite").path
        store = try SQLitePlaceStore.openForWriting(at: storePath)
        let places = try PlacesSettings(
            SettingsOptions(
                httpMode: "replay", cassetteDirectories: Self.repository.appendingPathComponent("cassettes").path, configFile: configFile.path,
                store: storePath),
            environment: ["HOME": folder.path, "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PLACES_NOW": Self.now])
        let lines = logLines
        let logger = Logger(label: "test") { JSONLogHandler(label: $0) { line in lines.add(line) } }
        service = try PlacesService(
            settings: places, notices: ServerNotices.sink(logger), wording: .neutral, timeZone: TimeZone(identifier: "Europe/Amsterdam") ?? .current,
            store: StoreAccess(holding: store))
        var settings = ServerSettings(host: "127.0.0.1", port: 0)
        configure(&settings)
        self.settings = settings
        self.logger = logger
    }

    /// Another server on `other`'s store and service, with settings of its own (another clock):
    /// what a restarted server, or a second one, sees.
    init(sharing other: TestServer, shared: (any SharedStore)? = nil, configure: (inout ServerSettings) -> Void = { _ in }) throws {
        self.shared = shared ?? other.shared
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-server-\(UUID().uuidString)")
        store = other.store
        service = other.service
        logger = other.logger
        var settings = ServerSettings(host: "127.0.0.1", port: 0)
        configure(&settings)
        self.settings = settings
    }

    /// A server on `other`'s store opened for reading only, as `places serve` opens a store its
    /// user may not write (another user's file, a read-only disk; tests run as root, so no chmod).
    init(readingOnly other: TestServer) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-server-\(UUID().uuidString)")
        guard let readable = try SQLitePlaceStore.openForReading(at: other.store.path) else { throw TestFailure("no store to read") }
        shared = nil
        store = readable
        service = try PlacesService(
            settings: other.service.settings, notices: ServerNotices.sink(other.logger), wording: .neutral, timeZone: other.service.timeZone,
            store: StoreAccess(holding: readable))
        logger = other.logger
        settings = other.settings
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    var application: some ApplicationProtocol {
        buildApplication(ServerParts(service: service, store: store, shared: shared, settings: settings, logger: logger))
    }

    /// A new account and its token.
    func token(for name: String) throws -> String {
        guard let account = try store.addAccount(named: name, at: Date()) else { throw TestFailure("\(name) exists") }
        let (token, record) = APIToken.issue(for: account.id, at: Date())
        try store.addToken(record)
        return token
    }

    /// Imports `osm` (OpenStreetMap XML) and builds the name index.
    func importOSM(_ osm: String) async throws {
        let file = folder.appendingPathComponent("extract-\(UUID().uuidString).osm")
        try Data(osm.utf8).write(to: file)
        _ = try await service.importFiles(osm: [file.path], nameLists: [], options: NameListOptions())
    }

    /// Runs `test` against the router in-process.
    func withClient<T: Sendable>(_ test: @Sendable (any TestClientProtocol) async throws -> T) async throws -> T {
        try await application.test(.router, test)
    }
}

struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension TestClientProtocol {
    /// GET `uri`, with `token` as a bearer token when given.
    func get(_ uri: String, token: String? = nil) async throws -> TestResponse {
        try await execute(uri: uri, method: .get, headers: Self.headers(token))
    }

    func send(_ uri: String, method: HTTPRequest.Method, token: String? = nil, body: String, type: String = "application/json") async throws
        -> TestResponse
    {
        var headers = Self.headers(token)
        headers[.contentType] = type
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
    }

    static func headers(_ token: String?) -> HTTPFields {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        return headers
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    func json() throws -> JSONValue { try JSONValue.parse(Data(text.utf8)) }
}

/// A small extract around the Dam: a café with its address, a square, a street, a car park.
enum Extract {
    static let dam = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="places tests">
          <node id="1" lat="52.3731" lon="4.8926"><tag k="name" v="Dam"/><tag k="place" v="square"/></node>
          <node id="2" lat="52.3740" lon="4.8935">
            <tag k="name" v="Koffiebar Damrak"/><tag k="amenity" v="cafe"/><tag k="addr:street" v="Damrak"/>
            <tag k="addr:housenumber" v="1"/><tag k="addr:postcode" v="1012 LG"/><tag k="addr:city" v="Amsterdam"/>
          </node>
          <node id="3" lat="52.3745" lon="4.8940"/>
          <node id="4" lat="52.3770" lon="4.8965"/>
          <node id="5" lat="52.3728" lon="4.8940"><tag k="name" v="Damstraat Bakery"/><tag k="shop" v="bakery"/></node>
          <way id="10"><nd ref="3"/><nd ref="4"/><tag k="name" v="Damrak"/><tag k="highway" v="primary"/></way>
        </osm>
        """
}

/// The server's log lines.
final class LogLines: Sendable {
    private let lines = Mutex<[String]>([])

    func add(_ line: String) { lines.withLock { $0.append(line) } }

    var all: [String] { lines.withLock { $0 } }
}

/// What a WebSocket handler received, gathered across its task.
final class ReceivedEvents: Sendable {
    private let events = Mutex<[JSONValue]>([])

    func add(_ event: JSONValue) { events.withLock { $0.append(event) } }

    var all: [JSONValue] { events.withLock { $0 } }
}
