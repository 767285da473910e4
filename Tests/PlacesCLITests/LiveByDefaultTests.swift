import Foundation
import PlaceBytes
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Testing

/// Keyless providers go live by default, through the HTTP cache; without network the recordings,
/// then the imported data, answer. Everything here talks to 127.0.0.1 only.
@Suite(.timeLimit(.minutes(10))) struct LiveByDefaultTests {
    /// An Overpass answer with one café in Paris.
    static let paris = #"""
        {"version": 0.6, "generator": "Overpass API (loopback)", "elements": [
          {"type": "node", "id": 501, "lat": 48.8541, "lon": 2.3326,
           "tags": {"amenity": "cafe", "name": "Café de Flore", "addr:street": "Boulevard Saint-Germain", "addr:housenumber": "172"}}
        ]}
        """#

    /// A folder that lives across runs (each run gets a fresh HOME), for the cache and the config.
    final class Home {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-live-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: folder) }

        func config(osm endpoint: String) throws -> String {
            let file = folder.appendingPathComponent("config.toml")
            try "[osm]\nendpoint = \"\(endpoint)\"\n\n[http]\ncontact = \"tests@example.org\"\n".write(to: file, atomically: true, encoding: .utf8)
            return file.path
        }

        var environment: [String: String] {
            ["PLACES_HTTP_MODE": "auto", "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path, "PLACES_NOW": ""]
        }

        var cacheFiles: [URL] {
            let http = folder.appendingPathComponent("cache/places/http")
            return ((try? FileManager.default.contentsOfDirectory(atPath: http.path)) ?? []).map { http.appendingPathComponent($0) }
        }
    }

    static func names(_ output: CLI.Output) throws -> [String] {
        try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
    }

    @Test func aKeylessProviderAnswersLiveAnywhereAndTheCacheSparesTheRepeat() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data(Self.paris.utf8)) }
        defer { server.stop() }
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(server.port)/api/interpreter")
        let arguments = ["coffee", "--near", "48.854,2.333", "--provider", "osm", "--format", "json", "--config", config]
        let first = try await CLI.run(arguments, environment: home.environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try Self.names(first) == ["Café de Flore"])
        #expect(!first.stderr.contains("replayed"), "\(first.stderr)")
        #expect(server.requests.count == 1)
        #expect(server.requests.first?.headers["user-agent"] == "places/0.2.0 (+tests@example.org)")
        // Overpass says nothing of its answers' lifetime: an hour is assumed, so the repeat sends nothing.
        let second = try await CLI.run(arguments, environment: home.environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.names(second) == ["Café de Flore"])
        #expect(server.requests.count == 1)
        // --no-cache asks again.
        let forced = try await CLI.run(arguments + ["--no-cache"], environment: home.environment)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(server.requests.count == 2)
    }

    @Test func anExpiredAnswerIsRevalidatedWithItsETag() async throws {
        let server = try LocalHTTPServer { request in
            if request.headers["if-none-match"] == "\"v1\"" { return .init(status: 304, headers: ["ETag": "\"v1\""], body: Data()) }
            return .init(
                status: 200, headers: ["Content-Type": "application/json", "ETag": "\"v1\"", "Cache-Control": "no-cache"], body: Data(Self.paris.utf8)
            )
        }
        defer { server.stop() }
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(server.port)/api/interpreter")
        // A deadline no starved machine reaches: the first answer must be cached for the second to revalidate it.
        let arguments = [
            "coffee", "--near", "48.854,2.333", "--provider", "osm", "--format", "json", "--config", config, "--deadline", "120s",
        ]
        let first = try await CLI.run(arguments, environment: home.environment)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try await CLI.run(arguments, environment: home.environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.names(second) == ["Café de Flore"])
        #expect(server.requests.count == 2)
        #expect(server.requests.last?.headers["if-none-match"] == "\"v1\"")
    }

    @Test func aDamagedCacheIsSaidAndPassedBy() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data(Self.paris.utf8)) }
        defer { server.stop() }
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(server.port)/api/interpreter")
        let arguments = ["coffee", "--near", "48.854,2.333", "--provider", "osm", "--format", "json", "--config", config]
        _ = try await CLI.run(arguments, environment: home.environment)
        let files = home.cacheFiles
        #expect(!files.isEmpty)
        for file in files { try Data("not a cached answer".utf8).write(to: file) }
        let second = try await CLI.run(arguments, environment: home.environment)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Self.names(second) == ["Café de Flore"])
        #expect(server.requests.count == 2)
        #expect(second.stderr.contains("is damaged; it was removed and the service asked"), "\(second.stderr)")
    }

    @Test func aRateLimitIsRespectedAcrossRuns() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 429, headers: ["Retry-After": "600"], body: Data("{\"remark\": \"slow down\"}".utf8)) }
        defer { server.stop() }
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(server.port)/api/interpreter")
        let arguments = ["coffee", "--near", "48.8566,2.3522", "--provider", "osm", "--config", config]
        let first = try await CLI.run(arguments, environment: home.environment)
        #expect(first.status == 69, "\(first.stderr)")
        #expect(first.stderr.contains("rate limiting"), "\(first.stderr)")
        let asked = server.requests.count
        let second = try await CLI.run(arguments, environment: home.environment)
        #expect(second.status == 69)
        #expect(second.stderr.contains("held back by places"), "\(second.stderr)")
        #expect(server.requests.count == asked)
    }

    @Test func withoutNetworkTheRecordingsAnswerAndSaySo() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let scenario = Scenario()
        try scenario.copy("osm") {
            $0.request.url = $0.request.url.replacingOccurrences(of: "https://overpass-api.de", with: "http://127.0.0.1:\(port)")
        }
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(port)/api/interpreter")
        let output = try await CLI.run(
            ["coffee", "--near", "52.37,4.89", "--provider", "osm", "--config", config, "--cassette-dir", scenario.folder.path],
            environment: home.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdoutLines.count > 3)
        #expect(output.stderr.contains("not live data: the network cannot be reached (127.0.0.1:\(port): connection refused)"), "\(output.stderr)")
    }

    @Test func withoutNetworkOrRecordingTheImportedDataAnswers() async throws {
        let refusing = try RefusingPort()
        defer { withExtendedLifetime(refusing) {} }
        let port = refusing.port
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let home = Home()
        let config = try home.config(osm: "http://127.0.0.1:\(port)/api/interpreter")
        let empty = Scenario()
        let output = try await CLI.run(
            ["coffee", "--near", "52.3712,4.8931", "--provider", "osm", "--config", config, "--cassette-dir", empty.folder.path, "--format", "json"],
            environment: home.environment.merging(store.environment) { $1 })
        #expect(output.status == 0, "\(output.stderr)")
        #expect(try Self.names(output).contains("Café de Jaren"))
        #expect(output.stderr.contains("osm: the network cannot be reached (127.0.0.1:\(port): connection refused)"), "\(output.stderr)")
        #expect(output.stderr.contains("no recording of this request to POST http://127.0.0.1:\(port)/api/interpreter"), "\(output.stderr)")
        #expect(output.stderr.contains("answered from the imported data instead"), "\(output.stderr)")
    }

    @Test func aKeyForOneProviderChangesNothingForTheOthers() async throws {
        let output = try await CLI.run(
            ["providers", "--format", "json"], environment: ["PLACES_HTTP_MODE": "auto", "FOURSQUARE_API_KEY": "fsq3-test-key-1"])
        let providers = try JSONValue.parse(Data(output.stdout.utf8)).arrayValue ?? []
        func mode(_ id: String) -> String? { providers.first { $0["id"]?.stringValue == id }?["mode"]?.stringValue }
        #expect(mode("foursquare") == "live")
        #expect(mode("osm") == "live")
        #expect(mode("photon") == "live")
        #expect(mode("google") == "recorded")
        #expect(mode("parkshark") == "recorded")
        let parkshark = providers.first { $0["id"]?.stringValue == "parkshark" }?["detail"]?.stringValue ?? ""
        #expect(parkshark.contains("went offline"), "\(parkshark)")
    }
}
