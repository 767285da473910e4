import Foundation
import PlaceBytes
import PlaceCore
import Testing

/// `places complete`: what its help says against what it does, sources and alternate names in
/// the output, and an index file from another version or damaged.
@Suite(.timeLimit(.minutes(10))) struct CompleteCommandTests {
    static func names(_ output: CLI.Output) throws -> [String] { try ImportCommandTests.names(output) }

    static func suggestions(_ output: CLI.Output) throws -> [JSONValue] {
        try JSONValue.parse(Data(output.stdout.utf8))["suggestions"]?.arrayValue ?? []
    }

    /// The thresholds are read from the help, then tried on "Kalverstraat" with letters replaced
    /// by q: a help that said other numbers than the matcher uses fails here.
    @Test func theHelpStatesTheTypoThresholdsTheToolUses() async throws {
        let help = try await CLI.run(["complete", "--help"])
        #expect(help.status == 0)
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        func number(after phrase: String, before end: String) throws -> Int {
            let range = try #require(text.range(of: phrase), "the help says '\(phrase)…': \(text)")
            let rest = text[range.upperBound...]
            let stop = try #require(rest.range(of: end))
            return try #require(Int(rest[..<stop.lowerBound]), "a number after '\(phrase)'")
        }
        let oneEdit = try number(after: "A typo is forgiven from ", before: " letters on")
        let twoEdits = try number(after: "letters on, two from ", before: " ")
        let fallback = try number(after: "; a ", before: "-letter word gets one only when nothing matches as typed")
        #expect(fallback < oneEdit && oneEdit < twoEdits && twoEdits < 12)

        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        /// The first `length` letters of "kalverstraat" with `edits` of them (from the second on,
        /// every other one) replaced by q.
        func typed(_ length: Int, edits: Int) -> String {
            var letters = Array("kalverstraat".prefix(length))
            for edit in 0..<edits { letters[1 + 2 * edit] = "q" }
            return String(letters)
        }
        func finds(_ text: String) async throws -> Bool {
            let result = try await CLI.run(["complete", text, "--format", "json"], environment: store.environment)
            #expect(result.status == 0, "\(result.stderr)")
            return try Self.names(result).contains("Kalverstraat")
        }
        #expect(try await finds(typed(oneEdit, edits: 1)), "one edit from \(oneEdit) letters")
        #expect(try await finds(typed(fallback, edits: 1)), "one edit at \(fallback) letters when nothing matches as typed")
        #expect(try await !finds(typed(fallback - 1, edits: 1)), "none below \(fallback) letters")
        #expect(try await finds(typed(twoEdits, edits: 2)), "two edits from \(twoEdits) letters")
        #expect(try await !finds(typed(twoEdits - 1, edits: 2)), "not two below \(twoEdits) letters")
    }

    /// Addresses in either order, a street without its houses, a qualifier that names nothing,
    /// and a name with a number where a position is asked.
    @Test func addressesAndQualifiersAsPeopleTypeThem() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        // The readings of an address are CompletionFlowTests'; here, one through the binary.
        let found = try await CLI.run(["complete", "41 Nes", "--format", "json"], environment: store.environment)
        #expect(found.status == 0, "\(found.stderr)")
        #expect(try Self.suggestions(found).first?["kind"]?.stringValue == "address", "\(found.stdout)")
        let unknown = try await CLI.run(["complete", "Damrak, Atlantis"], environment: store.environment)
        #expect(unknown.status == 0, "\(unknown.stderr)")
        #expect(unknown.stderr.contains("'Atlantis' names no imported place"), "\(unknown.stderr)")
        #expect(unknown.stdout.contains("Damrak"))
        let near = try await CLI.run(["coffee", "--near", "Nes 41", "--offline", "--top", "1"], environment: store.environment)
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderr.contains("near: Nes 41"), "\(near.stderr)")
        let kinds = try await CLI.run(["complete", "Nes", "--kind", "river"], environment: store.environment)
        #expect(kinds.status == 64)
        #expect(kinds.stderr.contains("street, poi, place or address"), "\(kinds.stderr)")
    }

    @Test func anAlternateNameIsShownBesideTheName() async throws {
        let store = TemporaryStore()
        let json = store.folder.appendingPathComponent("cities.json")
        try """
        {"2867714": {"geonameid": 2867714, "name": "Munich", "latitude": 48.13743, "longitude": 11.57549, "countrycode": "DE",
                     "population": 1505005, "alternatenames": ["München", "Muenchen", "Munchen"]}}
        """.write(to: json, atomically: true, encoding: .utf8)
        let imported = try await CLI.run(["import", "--names", json.path, "--format", "json"], environment: store.environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("geonames-json"), "\(imported.stdout)")
        let result = try await CLI.run(["complete", "Muenchen", "--format", "json"], environment: store.environment)
        let first = try Self.suggestions(result).first
        #expect(first?["name"]?.stringValue == "Munich")
        #expect(first?["matched_name"]?.stringValue == "Muenchen")
        let table = try await CLI.run(["complete", "München"], environment: store.environment)
        #expect(table.stdout.contains("München (Munich)"), "\(table.stdout)")
        // Given without --names, the file is recognised too.
        let positional = try await CLI.run(["import", json.path], environment: store.environment)
        #expect(positional.status == 0, "\(positional.stderr)")
    }

    @Test func anIndexOfAnotherVersionOrDamagedIsRebuiltFromTheStore() async throws {
        let store = TemporaryStore()
        _ = try await ImportCommandTests.imported(store)
        // The import's segment of the index (one file per import, in places.names.d).
        let folder = URL(fileURLWithPath: store.path).deletingPathExtension().appendingPathExtension("names.d")
        let index = try #require(
            try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).first { $0.pathExtension == "names" })
        var bytes = try Data(contentsOf: index)
        // Version 1, with a header checksum that matches: what an older places wrote.
        bytes.replaceSubrange(8..<12, with: [1, 0, 0, 0])
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes.prefix(248) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        withUnsafeBytes(of: hash.littleEndian) { bytes.replaceSubrange(248..<256, with: $0) }
        try bytes.write(to: index)
        let older = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(older.status == 0, "\(older.stderr)")
        #expect(older.stderr.contains("another version"), "\(older.stderr)")
        #expect(try Self.names(older).contains("Damrak"))

        try Data(repeating: 0x41, count: 300).write(to: index)
        let damaged = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(damaged.status == 0, "\(damaged.stderr)")
        #expect(damaged.stderr.contains("damaged"), "\(damaged.stderr)")
        #expect(try Self.names(damaged).contains("Damrak"))
        let again = try await CLI.run(["complete", "Damr", "--format", "json"], environment: store.environment)
        #expect(again.stderr.isEmpty, "rebuilt once: \(again.stderr)")
    }
}
