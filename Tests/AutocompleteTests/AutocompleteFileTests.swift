import Foundation
import Autocomplete
import PlaceCore
import PlaceSearchTesting
import Testing

struct AutocompleteFileTests {
    typealias F = AutocompleteFixture

    private func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ac-\(UUID().uuidString).plcsname")
    }

    private static let queries = ["dam", "Damr", "cafe de", "Dmrak", "Kalvrstr", "lodz", "d", "strasse", "zz"]

    @Test func roundTripAnswersTheSame() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try F.index.write(to: url)
        let opened = try AutocompleteIndex.open(at: url)
        #expect(opened.count == F.index.count)
        for text in Self.queries {
            for focus in [nil, F.amsterdam] {
                let query = AutocompleteQuery(text, focus: focus)
                let expected = F.index.complete(query)
                let actual = opened.complete(query)
                #expect(actual.map(\.record) == expected.map(\.record), "\(text)")
                #expect(actual.map(\.score) == expected.map(\.score), "\(text)")
            }
        }
        let damrak = opened.complete(AutocompleteQuery("damrak")).first?.record
        #expect(damrak?.name == "Damrak")
        #expect(damrak?.kind == .street)
        #expect(abs((damrak?.coordinate?.latitude ?? 0) - 52.3757) < 1e-6)
        #expect(opened.complete(AutocompleteQuery("jaren")).first?.record.detail == "Café")
    }

    @Test func writeReplacesAtomically() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("old".utf8).write(to: url)
        try F.index.write(to: url)
        #expect(try AutocompleteIndex.open(at: url).count == F.index.count)
    }

    @Test func missingFileThrows() {
        #expect(throws: IndexFileError.self) { try AutocompleteIndex.open(at: temporaryURL()) }
    }

    @Test func truncatedFilesThrow() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try F.index.write(to: url)
        let whole = try Data(contentsOf: url)
        for length in [0, 1, 7, 8, 100, 255, 256, 300, whole.count / 2, whole.count - 8, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            #expect(throws: IndexFileError.self, "truncated at \(length)") { try AutocompleteIndex.open(at: url) }
        }
        // Padded is wrong too.
        try (whole + Data([0, 0, 0, 0, 0, 0, 0, 0])).write(to: url)
        #expect(throws: IndexFileError.self) { try AutocompleteIndex.open(at: url) }
    }

    @Test func everyFlippedHeaderByteThrows() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try F.index.write(to: url)
        let whole = try Data(contentsOf: url)
        // Bytes 0..<208: magic, counts, section table and the checksum itself.
        for offset in 0..<208 {
            var bytes = whole
            bytes[offset] ^= 0x5A
            try bytes.write(to: url)
            #expect(throws: IndexFileError.self, "flipped byte \(offset)") { try AutocompleteIndex.open(at: url) }
        }
    }

    @Test func errorsSayWhat() throws {
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(repeating: 0x41, count: 4096).write(to: url)
        do {
            _ = try AutocompleteIndex.open(at: url)
            Issue.record("opened garbage")
        } catch {
            #expect(error.problem == .badMagic)
            #expect(error.description.contains("not an autocomplete index"))
        }
    }

    @Test func corruptBodyNeverTraps() throws {
        // A valid header over scrambled sections: answers may be wrong, but never a crash.
        let url = temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try F.index.write(to: url)
        let whole = try Data(contentsOf: url)
        var generator = SeededRandom(printingSeedFor: "corruptBodyNeverTraps")
        for _ in 0..<20 {
            var bytes = whole
            for _ in 0..<64 {
                let offset = Int.random(in: 256..<bytes.count, using: &generator)
                bytes[offset] = UInt8.random(in: 0...255, using: &generator)
            }
            try bytes.write(to: url)
            let opened = try AutocompleteIndex.open(at: url)
            for text in Self.queries {
                _ = opened.complete(AutocompleteQuery(text, focus: F.amsterdam))
                _ = opened.complete(AutocompleteQuery(text))
            }
        }
    }
}
