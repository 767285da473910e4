import Foundation
import PlaceBytes
import PlaceCore
import PlaceSearchTesting
import Testing

/// `places coffee` when the live OpenStreetMap service misbehaves, through the built binary: the
/// Overpass endpoint is a loopback server, Foursquare answers from its recordings (no key). The
/// user sees one line naming the failing provider and the other's answer, and the deadline and the
/// memory hold.
@Suite(.timeLimit(.minutes(10))) struct HostileServiceCommandTests {
    static func arguments(_ server: LocalHTTPServer, _ home: LiveByDefaultTests.Home) throws -> [String] {
        let config = try home.config(osm: "http://127.0.0.1:\(server.port)/api/interpreter")
        return ["coffee", "--near", "52.37,4.89", "--config", config, "--format", "json"]
    }

    static func results(_ output: CLI.Output) throws -> [String] {
        try JSONValue.parse(Data(output.stdout.utf8))["results"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    }

    /// A gigabyte is offered; Overpass's limit (32 MB) stops the reading, and the process never
    /// holds anything like it (a run that buffered the answer would pass 1 GB).
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: "/proc/self/status"), "measures memory through Linux's wait4"))
    func aGigabyteAnswerIsCutAtTheProvidersLimitAndTheOthersStillAnswer() async throws {
        let server = try LocalHTTPServer { _ in
            .init(
                status: 200, body: Data(repeating: 0x20, count: 64 << 10),
                delivery: .generated(prefix: Data("{".utf8), total: 1 << 30, announced: false))
        }
        defer { server.stop() }
        let home = LiveByDefaultTests.Home()
        // A deadline a loaded machine cannot miss: here the size limit is to stop the answer.
        let run = try await CLI.runMeasured(
            try Self.arguments(server, home) + ["--deadline", "10m"], environment: home.environment)
        let output = run.output
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "places: osm: the answer from 127.0.0.1:\(server.port) is too large: more than the 32 MB allowed"),
            "\(output.stderr)")
        let ids = try Self.results(output)
        #expect(!ids.isEmpty)
        #expect(ids.allSatisfy { $0.hasPrefix("foursquare:") }, "\(ids)")
        #expect(run.peakMemoryBytes < 200 << 20, "peak memory \(run.peakMemoryBytes >> 20) MB")
        await server.connectionsEnded()
        #expect(server.bodyBytesSent < 200 << 20, "\(server.bodyBytesSent >> 20) MB went out")
    }

    /// One byte a second would take hours; `--deadline 1s` ends it. Asked alone, so that a loaded
    /// machine cannot make another provider late too (the test above has the others answer).
    @Test func aBodyAtOneByteASecondEndsAtTheDeadline() async throws {
        let server = try LocalHTTPServer { _ in
            .init(
                status: 200, body: Data(String(repeating: " ", count: 10_000).utf8),
                delivery: .trickle(every: .seconds(1)))
        }
        defer { server.stop() }
        let home = LiveByDefaultTests.Home()
        let arguments = try Self.arguments(server, home) + ["--provider", "osm", "--deadline", "1s"]
        let output = try await CLI.run(arguments, environment: home.environment)
        #expect(output.status == 69, "\(output.stderr)")
        #expect(output.stderr.contains("places: osm: no answer within 1 s"), "\(output.stderr)")
        // Not a timing bound on the machine: proof that the 10,000-second answer was not awaited.
        #expect(output.elapsed < .seconds(600))
    }
}
