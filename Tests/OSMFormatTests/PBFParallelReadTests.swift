import Foundation
import Testing

@testable import OSMFormat

/// The PBF reader decodes blobs on other cores while the caller handles the current one
/// (PBFReader.read's `cores`): what it hands out, and where it stops, must be a one-thread read's.
@Suite struct PBFParallelReadTests {
    /// Every element, the header, and the error (as text) a read of `data` with `cores` gives.
    private func read(_ data: Data, cores: Int) -> (header: OSMFileHeader?, elements: [OSMElement], error: String?) {
        var header: OSMFileHeader?
        var elements: [OSMElement] = []
        var reporter = ProgressReporter(nil, total: data.count)
        do {
            try data.withUnsafeBytes { raw in
                try PBFReader.read(
                    raw.bindMemory(to: UInt8.self), progress: &reporter, header: { header = $0 }, element: { elements.append($0) }, cores: cores)
            }
            return (header, elements, nil)
        } catch {
            return (header, elements, "\(error)")
        }
    }

    @Test(arguments: ["sample.osm.pbf", "sample-plain.osm.pbf"])
    func fixturesReadAlike(file: String) throws {
        let data = try TestFiles.fixture(file)
        let one = read(data, cores: 1)
        #expect(one.error == nil && !one.elements.isEmpty)
        for cores in [2, 4] {
            let many = read(data, cores: cores)
            #expect(many.error == nil && many.header == one.header && many.elements == one.elements)
        }
    }

    @Test(.enabled(if: TestFiles.hasSharedData("liechtenstein_2015.osm.pbf"), "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func realExtractReadsAlike() throws {
        let data = try Data(contentsOf: try #require(TestFiles.sharedData("liechtenstein_2015.osm.pbf")), options: .alwaysMapped)
        let one = read(data, cores: 1)
        let many = read(data, cores: 3)
        #expect(one.elements.count == 142_832 + 15_247 + 358)
        #expect(many.elements == one.elements && many.header == one.header && many.error == nil)
    }

    /// A file cut short: the blobs before the cut come out in order, then the same error, though
    /// the cut was found while earlier blobs were still being decoded.
    @Test(.enabled(if: TestFiles.hasSharedData("liechtenstein_2015.osm.pbf"), "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func truncatedExtractStopsAlike() throws {
        let whole = try Data(contentsOf: try #require(TestFiles.sharedData("liechtenstein_2015.osm.pbf")), options: .alwaysMapped)
        let cut = whole.prefix(whole.count * 9 / 10)
        let one = read(cut, cores: 1)
        let many = read(cut, cores: 4)
        #expect(one.error?.contains("truncated") == true)
        #expect(many.error == one.error && many.elements == one.elements && !many.elements.isEmpty)
    }

    /// A caller that stops the read (by throwing) stops it at once, with its own error, and no
    /// decoder outlives the read (the bytes they read are gone after it).
    @Test func callerStopsTheRead() throws {
        struct Enough: Error {}
        let data = try TestFiles.fixture("sample.osm.pbf")
        var seen = 0
        var reporter = ProgressReporter(nil, total: data.count)
        #expect(throws: Enough.self) {
            try data.withUnsafeBytes { raw in
                try PBFReader.read(
                    raw.bindMemory(to: UInt8.self), progress: &reporter, header: { _ in },
                    element: { _ in
                        seen += 1
                        if seen == 2 { throw Enough() }
                    }, cores: 4)
            }
        }
        #expect(seen == 2)
    }
}
