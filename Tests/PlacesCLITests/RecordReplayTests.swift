import Foundation
import PlaceCore
import PlaceHTTP
import PlaceSearchTesting
import Testing

/// Record mode for real: the binary asks a live (loopback) Overpass server, writes the cassette,
/// and then answers the same question offline from it.
@Suite(.timeLimit(.minutes(10))) struct RecordReplayTests {
    static let overpassAnswer = #"""
        {"version": 0.6, "generator": "test server", "elements": [
          {"type": "node", "id": 1, "lat": 52.3705, "lon": 4.8921, "tags": {"amenity": "cafe", "cuisine": "coffee_shop", "name": "Loopback Koffie"}},
          {"type": "node", "id": 2, "lat": 52.3712, "lon": 4.8930, "tags": {"amenity": "cafe", "cuisine": "bubble_tea", "name": "Loopback Boba"}}
        ]}
        """#

    @Test func recordThenReplayTheSameAnswerWithoutTheServer() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data(Self.overpassAnswer.utf8)) }
        let scenario = Scenario()
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("[osm]\nendpoint = \"http://127.0.0.1:\(server.port)/api/interpreter\"\n".utf8).write(to: config)
        let arguments = [
            "coffee", "--near", "52.37,4.89", "--provider", "osm", "--config", config.path, "--cassette-dir", scenario.folder.path, "--format",
            "ndjson",
        ]

        let recorded = try await CLI.run(arguments + ["--http-mode", "record"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(recorded.stdoutLines.count == 1)
        #expect(recorded.stdout.contains("Loopback Koffie"))
        #expect(recorded.stderr.contains("recorded 1 interaction into"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(String(decoding: request.body, as: UTF8.self).hasPrefix("data=%5Bout:json%5D"))

        let file = scenario.folder.appendingPathComponent("osm/coffee.json")
        let cassette = try Cassette(contentsOf: file)
        #expect(cassette.interactions.count == 1)
        #expect(cassette.interactions.first?.request.url == "http://127.0.0.1:\(server.port)/api/interpreter")
        #expect(cassette.interactions.first?.request.body.map { if case .form = $0 { true } else { false } } == true)

        server.stop()
        let replayed = try await CLI.run(arguments + ["--http-mode", "replay"])
        #expect(replayed.status == 0, "\(replayed.stderr)")
        #expect(replayed.stdout == recorded.stdout)
        #expect(replayed.stderr.contains("replayed from \(file.path)"))

        // Missing mode replays what is recorded and would go to the network only for the rest.
        let missing = try await CLI.run(arguments + ["--http-mode", "missing"])
        #expect(missing.status == 0)
        #expect(missing.stdout == recorded.stdout)
    }

    @Test func liveModeAgainstADeadServerNamesTheHost() async throws {
        let server = try LocalHTTPServer { _ in .init(status: 200, body: Data()) }
        let port = server.port
        server.stop()
        let scenario = Scenario()
        let config = scenario.folder.appendingPathComponent("config.toml")
        try Data("[osm]\nendpoint = \"http://127.0.0.1:\(port)/api/interpreter\"\n".utf8).write(to: config)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--provider", "osm", "--config", config.path, "--http-mode", "live"])
        #expect(output.status == 69)
        #expect(output.stderr.contains("places: osm: cannot reach 127.0.0.1:\(port)"))
    }
}
