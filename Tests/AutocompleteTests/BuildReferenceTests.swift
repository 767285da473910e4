import Foundation
import PlaceCore
import Testing

@testable import Autocomplete

/// The index build, however it is scheduled (in memory or through sorted runs on disk, one
/// thread or two), writes the same bytes for the same names: the file the build wrote before it
/// was made faster, recorded here as its length and FNV-1a hash, for the seeded 20,000-name list
/// of ``SearchAgainstScanTests`` (umlauts, alternate names, the same place from two sources).
struct BuildReferenceTests {
    /// Length and FNV-1a 64 of the index built from ``SearchAgainstScanTests/records``: first
    /// recorded from the single-threaded build of commit 3bf41b0 (format 2), recorded again for
    /// format 3 (records of 72 bytes with locality, country and category, a fourth kind segment
    /// for addresses, the data centre in the directory), whose in-memory and spilling builds
    /// agreed byte for byte; and again when the list's places were given categories and countries
    /// (and so the countries of ``CountryRecords``), on which both builds again agreed.
    static let referenceLength = 6_732_960
    static let referenceHash: UInt64 = 0xb739_dd86_4b20_eedb

    static func fingerprint(_ bytes: [UInt8]) -> (length: Int, hash: UInt64) {
        (bytes.count, bytes.withUnsafeBytes { IndexFormat.fnv1a($0) })
    }

    @Test func inMemoryBuildWritesTheReferenceBytes() throws {
        let builder = try AutocompleteIndexBuilder(temporaryDirectory: nil)
        for record in SearchAgainstScanTests.records { try builder.add(record) }
        let built = Self.fingerprint(try builder.buildInMemory())
        #expect(built.length == Self.referenceLength, "length \(built.length)")
        #expect(built.hash == Self.referenceHash, "hash \(String(built.hash, radix: 16))")
    }

    /// The names folded on more threads than this machine has cores: batches come back in
    /// another order, folded here or on a worker, and the file must not change.
    @Test(arguments: [2, 3, 7])
    func foldingOnManyThreadsWritesTheReferenceBytes(workers: Int) throws {
        let builder = try AutocompleteIndexBuilder(temporaryDirectory: nil)
        builder.folding = FoldingPipeline(workers: workers)
        #expect(builder.folding.workers == workers)
        for record in SearchAgainstScanTests.records { try builder.add(record) }
        let built = Self.fingerprint(try builder.buildInMemory())
        #expect(built.length == Self.referenceLength, "length \(built.length)")
        #expect(built.hash == Self.referenceHash, "hash \(String(built.hash, radix: 16))")
    }

    /// A budget small enough that every sort spills many runs and merges them.
    @Test func spillingBuildWritesTheSameBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("build-reference-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let builder = try AutocompleteIndexBuilder(temporaryDirectory: folder, memoryBudget: 1 << 17)
        for record in SearchAgainstScanTests.records { try builder.add(record) }
        let url = folder.appendingPathComponent("names.plcsname")
        try builder.write(to: url)
        let built = Self.fingerprint(Array(try Data(contentsOf: url)))
        #expect(built.length == Self.referenceLength, "length \(built.length)")
        #expect(built.hash == Self.referenceHash, "hash \(String(built.hash, radix: 16))")
        // The runs are gone once the file is written, while the builder is still held: a process
        // that exits before releasing it (an import's last act) leaves nothing behind.
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(left == ["names.plcsname"], "\(left)")
        withExtendedLifetime(builder) {}
    }

    /// Names of one source skip pass 1 (grouping by name to merge sources), which for them
    /// hands every record on unchanged: the file is the one pass 1 makes.
    @Test func oneSourceSkipsGroupingAndWritesTheSameBytes() throws {
        let records = SearchAgainstScanTests.records.enumerated().map { number, record in
            var record = record
            record.id = "names:list.csv#\(number)"
            return record
        }
        let grouped = try AutocompleteIndexBuilder(temporaryDirectory: nil)
        try grouped.startGrouping()
        let direct = try AutocompleteIndexBuilder(temporaryDirectory: nil)
        for record in records {
            try grouped.add(record)
            try direct.add(record)
        }
        let groupedBytes = try grouped.buildInMemory()
        #expect(!direct.grouping)
        let directBytes = try direct.buildInMemory()
        #expect(grouped.grouping && !direct.grouping)
        #expect(groupedBytes.count > 1_000_000)
        #expect(Self.fingerprint(directBytes) == Self.fingerprint(groupedBytes))
    }
}
