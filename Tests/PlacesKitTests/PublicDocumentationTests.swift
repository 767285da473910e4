import Foundation
import Testing

/// The front door's public declarations carry documentation (issue 28, step 3): an app developer
/// reads them in Xcode's quick help and in the DocC catalogue. A new one without fails the test,
/// which lists where.
struct PublicDocumentationTests {
    /// Undocumented public declarations allowed in each module an app sees: PlacesKit; what it
    /// re-exports whole (the core, HTTP, the providers, the ranking and the import); the byte layer
    /// its documents are made of; and PlacesServer, the product a host embeds.
    static let allowed = 0

    static let pattern =
        #"^(@\w+(\(.*\))?\s+)*public\s+(static\s+|final\s+|mutating\s+|nonisolated\s+|private\(set\)\s+)*(func|var|let|struct|enum|class|protocol|init|typealias|subscript|actor)\b"#

    /// Each public declaration not preceded by a `///` line (attributes between are passed over).
    static func undocumented(in folder: URL) throws -> [String] {
        let declaration = try Regex(pattern)
        var found: [String] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                guard text.firstMatch(of: declaration) != nil else { continue }
                var above = number - 1
                while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                    found.append("\(file.lastPathComponent):\(number + 1): \(text.prefix(80))")
                }
            }
        }
        return found.sorted()
    }

    @Test(arguments: ["PlacesKit", "PlaceImport", "PlaceCore", "PlaceHTTP", "PlaceProviders", "PlaceRanking", "PlaceBytes", "PlacesServer"])
    func theFrontDoorsPublicDeclarationsAreDocumented(module: String) throws {
        let folder = TestService.repository.appendingPathComponent("Sources/\(module)")
        let missing = try Self.undocumented(in: folder)
        #expect(
            missing.count <= Self.allowed,
            "\(missing.count) public declarations of \(module) have no documentation (at most \(Self.allowed)):\n\(missing.joined(separator: "\n"))"
        )
    }
}
