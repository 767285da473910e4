import Foundation
import OSMFormat
import Testing

/// Positions in 12 bytes an element (LocationIndex) must give back exactly what was put in, in
/// memory and spilled to a file alike.
struct LocationIndexTests {
    /// Ids as a tiled country has them: runs of close ids, jumps of 2^35 between tiles, runs longer
    /// than a chunk; positions as PBF gives them (1e-7 degrees) and some with more decimals.
    @Test(arguments: [false, true]) func givesBackEveryPositionExactly(spilled: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("location-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let positions = LocationIndex(spillingTo: spilled ? folder.path : nil)
        var expected: [(Int64, OSMPoint)] = []
        var id: Int64 = 5
        for index in 0..<200_000 {
            if index % 70_000 == 0 { id += 1 << 35 }
            id += Int64(index % 7 + 1)
            let latitude = index % 1000 == 0 ? 52.123_456_789_012 : Double(523_000_000 + index) / 1e7
            let longitude = index % 999 == 0 ? -179.999_999_999 : Double(48_900_000 - index * 3) / 1e7
            let point = OSMPoint(latitude: latitude, longitude: longitude)
            #expect(positions.append(id, point) == expected.count)
            expected.append((id, point))
        }
        #expect(positions.count == expected.count)
        #expect(expected.allSatisfy { positions[$0.0] == $0.1 })
        #expect(expected.indices.allSatisfy { positions.number(of: expected[$0].0) == $0 })
        // Fixed point is the rounded 1e-7 degrees, for the walking graph.
        #expect(positions.fixed(at: 1000).latitude == 521_234_568)
        #expect(positions.fixed(at: 1001) == (523_001_001, 48_896_997))
        // Ids that are not there: between two, before the first, after the last, in a tile's gap.
        let ids = Set(expected.map(\.0))
        let missing = (expected[0].0..<expected[500].0).filter { !ids.contains($0) }
        #expect(!missing.isEmpty && missing.allSatisfy { positions[$0] == nil })
        #expect(positions[1] == nil)
        #expect(positions[id + 1] == nil)
        #expect(positions[(1 << 35) - 1] == nil)
        // The unnamed file is gone from the folder at once.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// Way centres are box middles with every decimal a double has: kept as doubles, no one aside.
    @Test func centresKeepEveryDecimal() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("location-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let centres = LocationIndex(spillingTo: folder.path, precision: .doubles)
        let points = (0..<150_000).map { OSMPoint(latitude: 52 + Double($0) / 3e5 + 1e-12, longitude: 4.9 - Double($0) / 7e5) }
        for (number, point) in points.enumerated() { centres.append(Int64(number * 3 + 1), point) }
        #expect(points.indices.allSatisfy { centres[Int64($0 * 3 + 1)] == points[$0] })
        #expect(centres[2] == nil)
        #expect(centres.fixed(at: 0) == (520_000_000, 49_000_000))
    }

    /// Ids at the ends of Int64 (a hand-made file) are kept and found, never a trap.
    @Test func idsFarApartAreEachARun() {
        let positions = LocationIndex()
        let ids: [Int64] = [Int64.min, -5, 0, Int64(UInt32.max) + 7, Int64.max]
        for (number, id) in ids.enumerated() { positions.append(id, OSMPoint(latitude: Double(number), longitude: 1)) }
        #expect(ids.indices.allSatisfy { positions.number(of: ids[$0]) == $0 })
        #expect(positions[Int64.max - 1] == nil)
        #expect(positions[Int64.min + 1] == nil)
        #expect(positions[1] == nil)
    }

    @Test func outOfOrderFallsBackWithoutLosingAny() {
        let positions = LocationIndex()
        positions.append(10, OSMPoint(latitude: 1.5, longitude: 2.5))
        positions.append(20, OSMPoint(latitude: 3.123_456_789_1, longitude: 4))
        positions.append(15, OSMPoint(latitude: 5, longitude: 6))
        #expect(positions.append(20, OSMPoint(latitude: 7, longitude: 8)) == 3, "a repeated id gets a number of its own")
        #expect(positions[10] == OSMPoint(latitude: 1.5, longitude: 2.5))
        #expect(positions[15] == OSMPoint(latitude: 5, longitude: 6))
        #expect(positions[20] == OSMPoint(latitude: 7, longitude: 8), "the later position of a repeated id")
        #expect(positions.number(of: 20) == 3)
        #expect(positions[11] == nil)
    }

    @Test func offTheGlobeIsKeptAsGiven() {
        let positions = LocationIndex()
        positions.append(1, OSMPoint(latitude: 400, longitude: -1000))
        positions.append(2, OSMPoint(latitude: .nan, longitude: 0))
        positions.append(3, OSMPoint(latitude: 90.000_000_04, longitude: 0))
        positions.append(4, OSMPoint(latitude: 90, longitude: -180))
        #expect(positions[1] == OSMPoint(latitude: 400, longitude: -1000))
        #expect(positions[2]?.latitude.isNaN == true)
        #expect((0..<3).allSatisfy { !positions.isOnGlobe($0) }, "90.00000004 rounds onto the globe but is not on it")
        #expect(positions.isOnGlobe(3))
    }
}
