import Foundation
import Testing

/// Every relative link of README.md and docs/ leads somewhere: to a file or folder of the
/// repository, and to a heading of that page when it names one (as GitHub makes anchors).
struct DocumentationLinkTests {
    static let repository = TestService.repository

    static var pages: [URL] {
        let docs = repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return [repository.appendingPathComponent("README.md")]
            + names.filter { $0.hasSuffix(".md") }.sorted().map { docs.appendingPathComponent($0) }
    }

    /// The lines of `text` outside fenced code blocks.
    static func prose(_ text: String) -> [String] {
        var inFence = false
        return text.components(separatedBy: "\n").filter { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return false
            }
            return !inFence
        }
    }

    /// GitHub's anchor of a heading: lower case, punctuation gone, spaces as hyphens, and `-1`,
    /// `-2` … after a repeated one.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for line in prose(text) where line.hasPrefix("#") {
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            var slug = ""
            for character in title.lowercased() {
                if character.isLetter || character.isNumber || character == "-" || character == "_" {
                    slug.append(character)
                } else if character == " " {
                    slug.append("-")
                }
            }
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The targets of the page's markdown links that are not URLs.
    static func relativeLinks(_ text: String) -> [String] {
        let expression = #/\]\(([^)\s]+)\)/#
        return prose(text).flatMap { line in
            line.matches(of: expression).map { String($0.output.1) }
        }.filter { !$0.contains("://") && !$0.hasPrefix("mailto:") }
    }

    @Test func thereArePagesToCheck() {
        #expect(Self.pages.count > 10, "README.md and docs/*.md")
    }

    @Test func everyRelativeLinkLeadsToAFileAndAHeading() throws {
        var broken: [String] = []
        for page in Self.pages {
            let text = try String(contentsOf: page, encoding: .utf8)
            let name = page.path.replacingOccurrences(of: Self.repository.path + "/", with: "")
            for link in Self.relativeLinks(text) {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                guard FileManager.default.fileExists(atPath: file.path) else {
                    broken.append("\(name): \(link): no file \(parts[0])")
                    continue
                }
                guard parts.count == 2 else { continue }
                guard file.pathExtension == "md", let target = try? String(contentsOf: file, encoding: .utf8) else {
                    broken.append("\(name): \(link): an anchor into a page that is not markdown")
                    continue
                }
                if !Self.anchors(target).contains(parts[1]) {
                    broken.append("\(name): \(link): no heading #\(parts[1]) in \(parts[0].isEmpty ? name : parts[0])")
                }
            }
        }
        #expect(broken.isEmpty, "\(broken.joined(separator: "\n"))")
    }

    @Test func anchorsAreMadeAsGitHubMakesThem() {
        #expect(Self.anchors("## Opening hours on the place's own clock\n") == ["opening-hours-on-the-places-own-clock"])
        #expect(Self.anchors("## `places show ID`\n") == ["places-show-id"])
        #expect(Self.anchors("# A\n```\n# not a heading\n```\n# A\n") == ["a", "a-1"])
    }
}
