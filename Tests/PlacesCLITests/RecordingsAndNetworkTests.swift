import Foundation
import PlaceCore
import Testing

/// Where the recordings are and what is said when they are not: a binary built outside the
/// checkout still finds the checkout's recordings; without recordings a provider that only
/// replays is not ready, and a live one that cannot reach its service says so; a city's own
/// parking services are not asked elsewhere.
@Suite(.timeLimit(.minutes(10))) struct RecordingsAndNetworkTests {
    @Test func aBinaryBuiltOutsideTheCheckoutFindsItsRecordings() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("places-elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("places")
        try CLI.placeBinary(at: copy)
        let output = try await CLI.run(["coffee", "--near", "52.37,4.89", "--top", "1"], in: folder, binary: copy)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains(CLI.repository.appendingPathComponent("cassettes").path), "\(output.stderr)")
    }

    @Test func withoutRecordingsTheNetworkIsNamedAndReplayOnlyProvidersAreNotReady() async throws {
        let store = TemporaryStore()
        let config = store.folder.appendingPathComponent("config.toml")
        // A closed port on loopback: the service cannot be reached, without leaving the machine.
        try "[osm]\nendpoint = \"http://127.0.0.1:9\"\n".write(to: config, atomically: true, encoding: .utf8)
        let environment = store.environment.merging(["PLACES_HTTP_MODE": "", "PLACES_CASSETTE_DIR": store.folder.appendingPathComponent("none").path])
        {
            $1
        }
        let providers = try await CLI.run(["providers", "--config", config.path], environment: environment)
        #expect(providers.stdout.split(separator: "\n").contains { $0.hasPrefix("foursquare") && $0.contains(" no ") }, "\(providers.stdout)")
        let coffee = try await CLI.run(["coffee", "--near", "52.37,4.89", "--config", config.path], environment: environment)
        #expect(coffee.status == 69, "\(coffee.stderr)")
        #expect(coffee.stderr.contains("osm: the network cannot be reached (127.0.0.1:9"), "\(coffee.stderr)")
        #expect(coffee.stderr.contains("and there is no recording of this request"), "\(coffee.stderr)")
    }

    @Test func parkingOutsideAmsterdamSaysItsServicesKnowAmsterdamOnly() async throws {
        let output = try await CLI.run(["parking", "--near", "60.17,24.94"])
        #expect(output.status == 66, "\(output.stderr)")
        #expect(output.stderrLines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("parkshark and amsterdam-garages know Amsterdam only, not 60.17,24.94"), "\(output.stderr)")
        #expect(output.stderr.contains("--offline answers from imported OpenStreetMap data"), "\(output.stderr)")
    }
}
