import Foundation
import Testing

/// The same command run twice, in two processes, prints the same bytes: Swift seeds its hashing per
/// process, so an output that follows the order of a Dictionary or a Set would differ between runs.
/// The things allowed to differ are how long each provider took (`"ms"` in the providers list) and
/// the fresh home folder each run gets (the store's path in `providers`).
@Suite(.timeLimit(.minutes(10))) struct DeterminismTests {
    static let commands: [[String]] = [
        ["coffee", "--near", "52.37,4.89", "--top", "50", "--format", "json", "--explain"],
        ["coffee", "--near", "52.37,4.89", "--top", "50", "--format", "geojson"],
        ["parking", "--near", "52.3731,4.8926", "--top", "50", "--format", "json", "--explain"],
        ["parking", "--advice", "--arrive", "fri 08:30", "--duration", "2h", "--format", "json", "--explain"],
        ["recommendations", "--near", "52.3731,4.8926", "--feed", "examples/feed.json", "--format", "json", "--explain"],
        ["route", "--from", "52.3731,4.8926", "--to", "52.3676,4.9041", "--format", "json"],
        ["stops", "examples/day.gpx", "--format", "json"],
        ["providers", "--format", "json"],
        ["show", "osm:node/2724001437", "--format", "json"],
    ]

    @Test(arguments: commands)
    func twoRunsPrintTheSameBytes(_ arguments: [String]) async throws {
        let first = try await CLI.run(arguments)
        let second = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.isEmpty)
        #expect(
            Self.withoutTimings(first.stdout) == Self.withoutTimings(second.stdout),
            "places \(arguments.joined(separator: " ")) printed different output in two runs")
        #expect(Self.withoutHome(first.stderr) == Self.withoutHome(second.stderr))
    }

    /// The text with every provider's elapsed time (`"ms": 188`) set to 0 and the run's home folder named alike.
    static func withoutTimings(_ text: String) -> String {
        withoutHome(text.replacing(/"ms": [0-9]+/, with: "\"ms\": 0"))
    }

    /// The text with the run's own home folder (`places-cli-UUID`, see `CLI.run`) named alike.
    static func withoutHome(_ text: String) -> String {
        text.replacing(/places-cli-[0-9A-F-]{36}/, with: "places-cli-HOME")
    }
}
