import Foundation
import PlaceCore
import PlacesKit
import PlacesServer
import Testing

/// The README's `places serve` example, as it stands there: each `curl -s 'http://127.0.0.1:8080/…'`
/// of its block is asked of a server with open search over the central Amsterdam extract, and the
/// answer is compared with the line shown under it.
@Suite(.timeLimit(.minutes(10))) struct DocumentedServeTests {
    static let extract = TestServer.repository.appendingPathComponent("../shared/data/amsterdam_centrum.osm").standardizedFileURL
    static var hasExtract: Bool { FileManager.default.fileExists(atPath: extract.path) }

    /// The README's requests (the path after the host) and the answers shown.
    static func requests() throws -> [(path: String, answer: String)] {
        let readme = try String(contentsOf: TestServer.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        var found: [(String, String)] = []
        for (index, line) in lines.enumerated() where line.hasPrefix("$ curl -s 'http://127.0.0.1:8080/") && index + 1 < lines.count {
            let url = line.dropFirst("$ curl -s 'http://127.0.0.1:8080".count).prefix { $0 != "'" }
            found.append((String(url), lines[index + 1]))
        }
        return found
    }

    @Test(.enabled(if: hasExtract, "../shared/data/amsterdam_centrum.osm is not beside the repository"))
    func theReadmesAnswersAreTheServersAnswers() async throws {
        let requests = try Self.requests()
        #expect(!requests.isEmpty, "the README shows a request to places serve")
        let server = try TestServer { $0.openSearch = true }
        _ = try await server.service.importFiles(osm: [Self.extract.path], nameLists: [], options: NameListOptions())
        try await server.withClient { client in
            for (path, answer) in requests {
                let response = try await client.get(path)
                #expect(response.text.trimmingCharacters(in: .newlines) == answer, "\(path)\nanswered: \(response.text)\nshown:    \(answer)")
            }
        }
    }
}
