import Foundation
import OSMFormat
import Testing

/// Real extracts from ../shared/data, when it is beside the repository (it is not part of it).
/// Counts checked with `osmium fileinfo -e`. Without the data these tests are skipped, with a line saying so.
@Suite struct SharedDataTests {
    private struct Counts: Equatable {
        var nodes = 0, ways = 0, relations = 0, cafes = 0
    }

    private func count(_ name: String) throws -> Counts {
        let url = try #require(TestFiles.sharedData(name))
        var counts = Counts()
        try OSMFileReader.read(contentsOf: url) { element in
            switch element {
            case .node(let node):
                counts.nodes += 1
                if node.tags["amenity"] == "cafe" { counts.cafes += 1 }
            case .way: counts.ways += 1
            case .relation: counts.relations += 1
            }
        }
        return counts
    }

    @Test(.enabled(if: TestFiles.hasSharedData("amsterdam_centrum.osm"), "needs ../shared/data/amsterdam_centrum.osm"))
    func amsterdamCentrumXML() throws {
        #expect(try count("amsterdam_centrum.osm") == Counts(nodes: 36_098, ways: 3_435, relations: 183, cafes: 69))
    }

    @Test(.enabled(if: TestFiles.hasSharedData("liechtenstein_2015.osm.pbf"), "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func liechtensteinPBF() throws {
        let counts = try count("liechtenstein_2015.osm.pbf")
        #expect(counts.nodes == 142_832 && counts.ways == 15_247 && counts.relations == 358)
    }

    @Test(.enabled(if: TestFiles.hasSharedData("helsinki_centre.osm.pbf"), "needs ../shared/data/helsinki_centre.osm.pbf"))
    func helsinkiCentrePBF() throws {
        let counts = try count("helsinki_centre.osm.pbf")
        #expect(counts.nodes == 24_260 && counts.ways == 5_130 && counts.relations == 620)
    }
}
