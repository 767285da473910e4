import Foundation
import PlacesKit
import Testing

/// The library example of docs/library.md and of the DocC article "Embedding places", run as it
/// stands there: the test reads the block from each page and checks it is this function's body,
/// line for line, so they cannot drift apart.
struct ReadmeLibraryTests {
    /// What the example printed.
    final class Printed: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ line: String) { lock.withLock { lines.append(line) } }
        var all: [String] { lock.withLock { lines } }
    }

    // BEGIN README EXAMPLE (the body below, from `let settings` to the last brace, is the pages' block)
    static func example(_ printed: Printed) async throws {
        @Sendable func print(_ items: Any...) { printed.add(items.map { "\($0)" }.joined(separator: " ")) }
        let settings = try PlacesSettings(SettingsOptions(httpMode: "replay", cassetteDirectories: "cassettes", store: "app.sqlite"))
        let service = try PlacesService(settings: settings, notices: NoticeSink { print("note:", $0) })
        let coffee = try await service.coffee(CoffeeQuery(near: .name("Dam"), top: 3))
        for item in coffee.ranking.ranked {
            print(item.rank, item.place.name, Int(item.walk.meters.rounded()), "m")
        }
        for failure in coffee.outcome.failures {
            print("not answered:", failure)
        }
    }
    // END README EXAMPLE

    static func lines(_ text: some StringProtocol) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
    }

    static let pages = ["docs/library.md", "Sources/PlacesKit/PlacesKit.docc/EmbeddingPlaces.md"]

    @Test(arguments: pages)
    func thePagesExampleIsThisCode(page: String) throws {
        let text = try String(contentsOf: TestService.repository.appendingPathComponent(page), encoding: .utf8)
        let blocks = text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let block = try #require(blocks.first { $0.contains("let settings = try PlacesSettings") }, "\(page) has no library example")
        let fromPage = Self.lines(block).filter { $0 != "import PlacesKit" }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let body = try #require(source.range(of: "let settings = try PlacesSettings"))
        let end = try #require(source.range(of: "// END README EXAMPLE"))
        var fromTest = Self.lines(source[body.lowerBound..<end.lowerBound])
        fromTest.removeLast()  // the function's closing brace
        #expect(fromPage == fromTest)
    }

    @Test func theReadmesExampleRunsAndPrintsTheTopThree() async throws {
        let printed = Printed()
        let here = FileManager.default.currentDirectoryPath
        _ = FileManager.default.changeCurrentDirectoryPath(TestService.repository.path)
        defer { _ = FileManager.default.changeCurrentDirectoryPath(here) }
        try await Self.example(printed)
        let results = printed.all.filter { !$0.hasPrefix("note:") }
        #expect(results.count == 3, "\(printed.all)")
        #expect(results.first?.hasPrefix("1 ") == true)
        #expect(printed.all.contains { $0.hasPrefix("note: replayed from") }, "\(printed.all)")
        // Only read, so never created.
        #expect(!FileManager.default.fileExists(atPath: TestService.repository.appendingPathComponent("app.sqlite").path))
    }
}
