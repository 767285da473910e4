import OSMFormat
import Testing

@testable import PlaceProviders

/// Node positions in 12 bytes a node (NodePositions) must give back exactly what was put in.
struct NodePositionsTests {
    /// Ids as a tiled country has them: runs of close ids, jumps of 2^35 between tiles, runs longer
    /// than a chunk; positions as PBF gives them (1e-7 degrees) and some with more decimals.
    @Test func givesBackEveryPositionExactly() {
        var positions = NodePositions()
        var expected: [(Int64, OSMPoint)] = []
        var id: Int64 = 5
        for index in 0..<200_000 {
            if index % 70_000 == 0 { id += 1 << 35 }
            id += Int64(index % 7 + 1)
            let latitude = index % 1000 == 0 ? 52.123_456_789_012 : Double(523_000_000 + index) / 1e7
            let longitude = index % 999 == 0 ? -179.999_999_999 : Double(48_900_000 - index * 3) / 1e7
            let point = OSMPoint(latitude: latitude, longitude: longitude)
            positions.insert(id, point)
            expected.append((id, point))
        }
        #expect(positions.count == expected.count)
        for (id, point) in expected where id % 3 == 0 || id % 1000 == 7 {
            #expect(positions[id] == point)
        }
        #expect(expected.allSatisfy { positions[$0.0] == $0.1 })
        // Ids that are not there: between two, before the first, after the last, in a tile's gap.
        let ids = Set(expected.map(\.0))
        let missing = (expected[0].0..<expected[500].0).filter { !ids.contains($0) }
        #expect(!missing.isEmpty && missing.allSatisfy { positions[$0] == nil })
        #expect(positions[1] == nil)
        #expect(positions[id + 1] == nil)
        #expect(positions[(1 << 35) - 1] == nil)
    }

    @Test func outOfOrderFallsBackWithoutLosingAny() {
        var positions = NodePositions()
        positions.insert(10, OSMPoint(latitude: 1.5, longitude: 2.5))
        positions.insert(20, OSMPoint(latitude: 3.123_456_789_1, longitude: 4))
        positions.insert(15, OSMPoint(latitude: 5, longitude: 6))
        positions.insert(20, OSMPoint(latitude: 7, longitude: 8))
        #expect(positions.count == 3)
        #expect(positions[10] == OSMPoint(latitude: 1.5, longitude: 2.5))
        #expect(positions[15] == OSMPoint(latitude: 5, longitude: 6))
        #expect(positions[20] == OSMPoint(latitude: 7, longitude: 8), "the later position of a repeated id")
        #expect(positions[11] == nil)
    }

    @Test func offTheGlobeIsKeptAsGiven() {
        var positions = NodePositions()
        positions.insert(1, OSMPoint(latitude: 400, longitude: -1000))
        positions.insert(2, OSMPoint(latitude: .nan, longitude: 0))
        #expect(positions[1] == OSMPoint(latitude: 400, longitude: -1000))
        #expect(positions[2]?.latitude.isNaN == true)
    }
}
