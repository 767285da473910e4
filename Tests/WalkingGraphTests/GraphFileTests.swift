import Foundation
import PlaceCore
import Testing
@testable import WalkingGraph
import PlaceBytes

/// The graph file: written atomically, read back the same, and refused (never a crash) when it is
/// damaged, truncated, or from another version.
struct GraphFileTests {
    private static let walks: [(Coordinate, Coordinate)] = [
        (CanalTown.zuidkade(4.8905), CanalTown.noordkade(4.8905)),
        (CanalTown.achterstraat(4.8930), Coordinate(52.3720, 4.8950)),
        (CanalTown.zuidkade(4.8955), CanalTown.overkant(4.8930)),
    ]

    private func written() throws -> (WalkingGraph, URL, Data) {
        let graph = try TestGraphs.canalTown()
        let url = TestGraphs.temporaryURL()
        try graph.write(to: url)
        return (graph, url, try Data(contentsOf: url))
    }

    @Test func theFileAnswersAsTheGraphInMemory() throws {
        let (graph, url, _) = try written()
        defer { Self.remove(url) }
        let opened = try WalkingGraph.open(at: url)
        #expect(opened.statistics == graph.statistics)
        #expect(opened.bounds == graph.bounds)
        for (from, to) in Self.walks {
            #expect(try opened.route(from: from, to: to) == graph.route(from: from, to: to))
        }
        #expect(WalkingGraph.fileURL(forStore: URL(fileURLWithPath: "/x/places.sqlite")).path == "/x/places.walk")
    }

    @Test func statisticsCountWhatTheTownHas() throws {
        let statistics = try TestGraphs.canalTown().statistics
        // 17 ways in the file, of which the canal, the car ferry, foot=no and access=private are not walkable.
        #expect(statistics.ways == 13)
        // The mainland, the island, and the gate's far side is joined round by Weststraat: two pieces.
        #expect(statistics.components == 2)
        #expect(statistics.bytes > 384 && statistics.bytes % 8 == 0)
    }

    @Test func aMissingFileSaysSo() {
        #expect {
            try WalkingGraph.open(at: TestGraphs.temporaryURL())
        } throws: { error in
            guard let error = error as? WalkingGraphError, case .cannotRead = error.problem else { return false }
            return !error.isRebuildable
        }
    }

    @Test func truncatedOrPaddedFilesAreRefused() throws {
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        for length in [0, 1, 7, 8, 100, 383, 384, 400, whole.count / 2, whole.count - 8, whole.count - 1] {
            try whole.prefix(length).write(to: url)
            #expect(throws: WalkingGraphError.self, "truncated at \(length)") { try WalkingGraph.open(at: url) }
        }
        try (whole + Data(count: 8)).write(to: url)
        #expect(throws: WalkingGraphError.self) { try WalkingGraph.open(at: url) }
    }

    @Test func everyFlippedHeaderByteIsRefused() throws {
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        for offset in 0..<GraphFormat.headerSize {
            var bytes = whole
            bytes[offset] ^= 0x5A
            try bytes.write(to: url)
            #expect(throws: WalkingGraphError.self, "flipped byte \(offset)") { try WalkingGraph.open(at: url) }
        }
    }

    @Test func aFlippedBodyByteIsRefusedByTheChecksum() throws {
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        for offset in stride(from: GraphFormat.headerSize, to: whole.count, by: max(1, whole.count / 97)) {
            var bytes = whole
            bytes[offset] ^= 0x01
            try bytes.write(to: url)
            #expect(throws: WalkingGraphError(path: url.path, problem: .badBodyChecksum), "flipped byte \(offset)") {
                try WalkingGraph.open(at: url)
            }
        }
    }

    @Test func aFileDamagedInPlaceRightAfterItWasWrittenIsRefused() throws {
        // The writer stamps the file as checked; a change to it, in place and within the same tick
        // of the file system's clock, must not pass for the file that was checked.
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        #expect(VerifiedStamp.matches(url.path, checksum: Self.bodyChecksum(whole)))
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: UInt64(whole.count - 20))
        try handle.write(contentsOf: [whole[whole.count - 20] ^ 0x10])
        try handle.close()
        #expect(throws: WalkingGraphError(path: url.path, problem: .badBodyChecksum)) { try WalkingGraph.open(at: url) }
    }

    @Test func aCheckedFileIsNotReadWholeAgainUntilItChanges() throws {
        // Opening a file whose stamp names it reads the header only: shown by damage the stamp
        // cannot see (the time set back to the stamped one, as bit rot would leave it), which only
        // the full check finds.
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        let before = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
        let handle = try FileHandle(forWritingTo: url)
        try handle.seek(toOffset: UInt64(whole.count - 20))
        try handle.write(contentsOf: [whole[whole.count - 20] ^ 0x10])
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: try #require(before)], ofItemAtPath: url.path)
        #expect(VerifiedStamp.matches(url.path, checksum: Self.bodyChecksum(whole)))
        _ = try WalkingGraph.open(at: url)
        _ = try WalkingGraph.open(at: url, checksum: .never)
        #expect(throws: WalkingGraphError(path: url.path, problem: .badBodyChecksum)) {
            try WalkingGraph.open(at: url, checksum: .always)
        }
        // Without its stamp, the file is checked whole again.
        try FileManager.default.removeItem(atPath: VerifiedStamp.path(for: url.path))
        #expect(throws: WalkingGraphError(path: url.path, problem: .badBodyChecksum)) { try WalkingGraph.open(at: url) }
    }

    @Test func aFileLeftAloneIsStampedWhenFirstCheckedAndAFreshOneIsNot() throws {
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        let checksum = Self.bodyChecksum(whole)
        // Written just now by another hand: checked at open, and not stamped (a change within the
        // clock's tick would not be seen).
        try whole.write(to: url)
        try? FileManager.default.removeItem(atPath: VerifiedStamp.path(for: url.path))
        _ = try WalkingGraph.open(at: url)
        #expect(!FileManager.default.fileExists(atPath: VerifiedStamp.path(for: url.path)))
        // Left alone a while (its time set back), it is stamped by the first open that checks it.
        let old = Date().addingTimeInterval(-60)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
        _ = try WalkingGraph.open(at: url)
        #expect(VerifiedStamp.matches(url.path, checksum: checksum))
    }

    /// Removes a graph file and its stamp.
    private static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.removeItem(atPath: VerifiedStamp.path(for: url.path))
    }

    private static func bodyChecksum(_ file: Data) -> UInt64 {
        file.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: GraphFormat.bodyChecksumOffset, as: UInt64.self) }
    }

    @Test func anOlderVersionIsRefusedAsOneToRebuild() throws {
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        var bytes = whole
        bytes[8] = 0  // version 0, with a header checksum that matches it
        let checksum = bytes.withUnsafeBytes {
            MappedFile.fnv1a(UnsafeRawBufferPointer(rebasing: $0[0..<GraphFormat.headerChecksumOffset]))
        }
        withUnsafeBytes(of: checksum.littleEndian) {
            bytes.replaceSubrange(GraphFormat.headerChecksumOffset..<GraphFormat.headerSize, with: $0)
        }
        try bytes.write(to: url)
        do {
            _ = try WalkingGraph.open(at: url)
            Issue.record("opened a version 0 file")
        } catch {
            #expect(error.problem == .unsupportedVersion(0))
            #expect(error.isRebuildable)
            #expect(error.description.contains("version 0 is not supported"))
        }
    }

    @Test func garbageIsNotAGraph() throws {
        let url = TestGraphs.temporaryURL()
        defer { Self.remove(url) }
        try Data(repeating: 0x41, count: 4096).write(to: url)
        #expect(throws: WalkingGraphError(path: url.path, problem: .badMagic)) { try WalkingGraph.open(at: url) }
    }

    @Test func aScrambledBodyOpenedWithoutTheChecksumNeverTraps() throws {
        // The checksum is the first line; bounds checks on every read are the second.
        let (_, url, whole) = try written()
        defer { Self.remove(url) }
        var generator = SplitMix(seed: 18)
        for round in 0..<40 {
            var bytes = whole
            for _ in 0..<(round < 20 ? 16 : 400) {
                let offset =
                    GraphFormat.headerSize + Int(generator.next() % UInt64(bytes.count - GraphFormat.headerSize))
                bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            try bytes.write(to: url)
            let opened = try WalkingGraph.open(at: url, verifyChecksum: false)
            for (from, to) in Self.walks {
                _ = opened.snap(from)
                _ = try? opened.route(from: from, to: to)
                _ = opened.distances(from: from, to: [to, CanalTown.island, from])
            }
        }
    }

    @Test func aScrambledGraphWithSquaresOpenedWithoutTheChecksumNeverTraps() throws {
        // The areas' sections (rings, anchors) are read with the same bounds checks as the rest.
        let url = TestGraphs.temporaryURL()
        defer { Self.remove(url) }
        try SquareTownTests.graph().write(to: url)
        let whole = try Data(contentsOf: url)
        let points = [
            SquareTownTests.torgetMiddle, SquareTownTests.eastOfTorget, Coordinate(60.00035, 25.0052),
            Coordinate(60.0050, 24.9982), Coordinate(60.00035, 25.0059),
        ]
        var generator = SplitMix(seed: 26)
        for round in 0..<40 {
            var bytes = whole
            for _ in 0..<(round < 20 ? 16 : 400) {
                let offset =
                    GraphFormat.headerSize + Int(generator.next() % UInt64(bytes.count - GraphFormat.headerSize))
                bytes[offset] = UInt8(truncatingIfNeeded: generator.next())
            }
            try bytes.write(to: url)
            let opened = try WalkingGraph.open(at: url, verifyChecksum: false)
            for from in points {
                _ = opened.snap(from)
                _ = opened.distances(from: from, to: points)
                for to in points { _ = try? opened.route(from: from, to: to) }
            }
        }
    }

    @Test func writingReplacesAnOldFileWhole() throws {
        let url = TestGraphs.temporaryURL()
        defer { Self.remove(url) }
        try Data("old".utf8).write(to: url)
        try TestGraphs.canalTown().write(to: url)
        #expect(try WalkingGraph.open(at: url).statistics.ways == 13)
    }
}
