import Foundation
import Testing

/// The outputs README.md and docs/ show, run as they stand there. A code block that follows the
/// line `<!-- checked output -->` (or `<!-- checked output, with amsterdam_centrum.osm imported -->`)
/// is read as a session: each `$ places …` line is run, in the repository, offline against the
/// bundled recordings and in a store of the block's own, and what it printed is compared with the
/// lines shown under it. Lines that start with `places:` are stderr's, the others stdout's; a line
/// that is only `…` stands for any number of lines; times in seconds (`0.25 s`) are not compared,
/// and neither is a replay notice's reason after "not live data" (this machine's network decides it).
@Suite(.timeLimit(.minutes(10))) struct DocumentedOutputTests {
    struct Step: Sendable {
        let environment: [String: String]
        let arguments: [String]
        let expected: [String]
    }

    struct Example: Sendable, CustomTestStringConvertible {
        let page: String
        let line: Int
        let importsAmsterdam: Bool
        let steps: [Step]
        var testDescription: String { "\(page):\(line)" }
    }

    static let pages: [String] = {
        let docs = CLI.repository.appendingPathComponent("docs")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: docs.path)) ?? []
        return ["README.md"] + names.filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    }()

    static let examples: [Example] = pages.flatMap { page -> [Example] in
        guard let text = try? String(contentsOf: CLI.repository.appendingPathComponent(page), encoding: .utf8) else { return [] }
        return examples(in: text, page: page)
    }

    static let extract = CLI.repository.appendingPathComponent("../shared/data/amsterdam_centrum.osm").standardizedFileURL
    static var hasExtract: Bool { FileManager.default.fileExists(atPath: extract.path) }

    /// The checked blocks of one page.
    static func examples(in text: String, page: String) -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var found: [Example] = []
        var index = 0
        while index < lines.count {
            let marker = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard marker.hasPrefix("<!-- checked output") else { continue }
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            let start = index + 1
            var end = start
            while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
            var steps: [Step] = []
            for line in lines[start..<min(end, lines.count)] {
                if line.hasPrefix("$ ") {
                    let (environment, words) = command(String(line.dropFirst(2)))
                    steps.append(Step(environment: environment, arguments: Array(words.dropFirst()), expected: []))
                } else if let last = steps.popLast() {
                    steps.append(Step(environment: last.environment, arguments: last.arguments, expected: last.expected + [line]))
                }
            }
            found.append(Example(page: page, line: start, importsAmsterdam: marker.contains("amsterdam_centrum.osm imported"), steps: steps))
            index = end + 1
        }
        return found
    }

    /// A shell line's leading `NAME=value` assignments and its words (quotes removed, a trailing
    /// `# comment` dropped).
    static func command(_ line: String) -> (environment: [String: String], words: [String]) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "#", !inWord {
                break
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        var environment: [String: String] = [:]
        while let first = words.first, first != "places", let equals = first.firstIndex(of: "=") {
            environment[String(first[..<equals])] = String(first[first.index(after: equals)...])
            words.removeFirst()
        }
        return (environment, words)
    }

    /// What is compared of a line.
    static func normalised(_ line: String) -> String {
        var line = line.replacingOccurrences(of: #"\b\d+\.\d+ s\b"#, with: "# s", options: .regularExpression)
        if let cut = line.range(of: "not live data") { line = String(line[..<cut.upperBound]) }
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// `actual` as `expected` shows it, where a line `…` stands for any number of lines.
    static func matches(_ expected: [String], _ actual: [String]) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            let rest = Array(expected.dropFirst())
            return (0...actual.count).contains { matches(rest, Array(actual.dropFirst($0))) }
        }
        guard let head = actual.first, normalised(head) == normalised(first) else { return false }
        return matches(Array(expected.dropFirst()), Array(actual.dropFirst()))
    }

    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines
    }

    @Test func thePagesHaveCheckedOutputs() {
        // The front page's examples at least: coffee, a name, parking, a route offline (serve's
        // answers are checked by PlacesServerTests' DocumentedServeTests).
        let front = Self.examples.filter { $0.page == "README.md" }.flatMap(\.steps).map { $0.arguments.first ?? "" }
        for command in ["coffee", "complete", "parking", "route"] {
            #expect(front.contains(command), "README.md shows no checked `places \(command)`")
        }
        #expect(Self.examples.count >= 10)
    }

    @Test(arguments: examples)
    func theOutputShownIsTheOutputPrinted(_ example: Example) async throws {
        let needsShared = example.importsAmsterdam || example.steps.contains { $0.arguments.contains { $0.hasPrefix("../shared/") } }
        if needsShared, !Self.hasExtract {
            print("skipped \(example.page):\(example.line): ../shared/data/amsterdam_centrum.osm is not beside the repository")
            return
        }
        let store = TemporaryStore()
        if example.importsAmsterdam {
            let imported = try await CLI.run(["import", Self.extract.path], environment: store.environment)
            try #require(imported.status == 0, "\(imported.stderr)")
        }
        for step in example.steps {
            var environment = store.environment
            // What a page shows is the answer, not how soon it came: the harness's two-minute
            // deadline lets the example plugin's Python start on a loaded machine. A page's own wins.
            for (name, value) in step.environment {
                environment[name] = value.replacingOccurrences(of: "$PATH", with: ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
            }
            let output = try await CLI.run(step.arguments, environment: environment)
            let expected = Self.trimmed(step.expected)
            let expectedOut = expected.filter { !$0.hasPrefix("places:") }
            let expectedErr = expected.filter { $0.hasPrefix("places:") }
            let shown = "\(example.page):\(example.line): places \(step.arguments.joined(separator: " "))"
            #expect(
                Self.matches(Self.trimmed(expectedOut), Self.trimmed(output.stdoutLines)),
                "\(shown)\nprinted:\n\(output.stdout)\nshown:\n\(expectedOut.joined(separator: "\n"))")
            let printed = output.stderrLines.map(Self.normalised)
            for line in expectedErr {
                #expect(printed.contains(Self.normalised(line)), "\(shown)\nstderr:\n\(output.stderr)\nshown: \(line)")
            }
        }
    }
}
