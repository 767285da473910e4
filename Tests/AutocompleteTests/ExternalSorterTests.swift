import Foundation
import PlaceSearchTesting
import Testing

@testable import Autocomplete

/// The build's sort against Swift's own on byte strings shaped like its keys: long runs of
/// shared first bytes (a kind and an importance), strings that are prefixes of others, ties in
/// the first 16 bytes, duplicates. In memory (below and above the radix threshold) and through
/// sorted runs on disk.
struct ExternalSorterTests {
    static func keys(count: Int, using random: inout SeededRandom) -> [[UInt8]] {
        (0..<count).map { _ in
            var key: [UInt8] = [UInt8(random.next() % 3), 0xC0, UInt8(0xF0 + random.next() % 2)]
            let shape = random.next() % 4
            if shape == 0 { key += Array("restaurantbibliothek".utf8).prefix(Int(random.next() % 21)) }
            let length = Int(random.next() % (shape == 1 ? 40 : 8))
            for _ in 0..<length { key.append(UInt8(0x61 + random.next() % (shape == 2 ? 2 : 26))) }
            return key
        }
    }

    @Test(arguments: [(500, false), (30_000, false), (30_000, true)])
    func sortsAsSwiftDoes(count: Int, spilling: Bool) throws {
        var random = SeededRandom(printingSeedFor: "sortsAsSwiftDoes")
        let keys = Self.keys(count: count, using: &random)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sorter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sorter = ExternalSorter(name: "test", budget: spilling ? 200_000 : 1 << 30, directory: directory)
        for key in keys { try sorter.add(key) }
        let sorted = try sorter.sorted()
        var output: [[UInt8]] = []
        while let next = try sorted.next() { output.append(Array(next)) }
        #expect(output.count == keys.count)
        #expect(output == keys.sorted { $0.lexicographicallyPrecedes($1) })
    }
}
