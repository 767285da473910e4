import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// An empty answer is an answer: exit 0, "no match" on stderr, nothing on stdout for a table or
/// NDJSON (a script reading lines gets none), the document with no results for JSON.
@Suite(.timeLimit(.minutes(10))) struct EmptyAnswerTests {
    @Test func everyListingCommandSaysNoMatchTheSameWay() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        let cases: [[String]] = [
            ["coffee", "--near", "52.30,4.80", "--offline"],
            ["parking", "--near", "52.30,4.80", "--offline"],
            ["complete", "xyzzy"],
            ["recommendations", "--near", "52.0,5.0", "--feed", "examples/feed.json"],
            ["favorites", "list"],
        ]
        for arguments in cases {
            for format in ["table", "ndjson"] {
                let output = try await CLI.run(arguments + ["--format", format], environment: store.environment)
                #expect(output.status == 0, "\(arguments) \(format): \(output.stderr)")
                #expect(output.stdout.isEmpty, "\(arguments) \(format): \(output.stdout)")
                #expect(output.stderrLines.contains { $0.hasPrefix("places: no match") }, "\(arguments) \(format): \(output.stderr)")
            }
        }
        let json = try await CLI.run(["coffee", "--near", "52.30,4.80", "--offline", "--format", "json"], environment: store.environment)
        #expect(json.status == 0)
        #expect(try JSONValue.parse(Data(json.stdout.utf8))["results"]?.arrayValue?.isEmpty == true)
    }
}
