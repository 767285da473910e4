import Foundation
import PlaceCore
import Testing
import WalkingGraph

/// A point on a square is found among the areas around it, not by reading every area of the
/// graph: wherever the square lies on the globe, across the lines of the grid the areas are kept
/// in, and for an area many kilometres wide.
struct AreaCellsTests {
    /// A square in each hemisphere pair, each across a line of the grid (a hundredth of a degree),
    /// and a park 20 km wide; each with a footway to one corner, so that it belongs to the ways.
    static let squares = """
        <?xml version="1.0" encoding="UTF-8"?>
        <osm version="0.6" generator="hand">
         \(square(id: 1, south: -33.9004, west: -70.6004, size: 0.0008, name: "Plaza Sur"))
         \(square(id: 2, south: 52.3696, west: 4.8896, size: 0.0008, name: "Noordplein"))
         \(square(id: 3, south: 40.7096, west: -74.0104, size: 0.0008, name: "West Square"))
         \(square(id: 4, south: 60.0, west: 24.0, size: 0.2, name: "Iso puisto", kind: "leisure=park;highway=pedestrian"))
        </osm>
        """

    static func square(id: Int, south: Double, west: Double, size: Double, name: String, kind: String = "highway=pedestrian") -> String {
        let base = id * 100
        let corners = [(south, west), (south, west + size), (south + size, west + size), (south + size, west)]
        var xml = corners.enumerated().map { number, corner in
            "<node id=\"\(base + number)\" lat=\"\(corner.0)\" lon=\"\(corner.1)\"/>"
        }
        xml.append("<node id=\"\(base + 9)\" lat=\"\(south - size / 4)\" lon=\"\(west)\"/>")
        let tags = kind.split(separator: ";").map { pair in
            let parts = pair.split(separator: "=")
            return "<tag k=\"\(parts[0])\" v=\"\(parts[1])\"/>"
        }
        xml.append(
            "<way id=\"\(base)\"><nd ref=\"\(base)\"/><nd ref=\"\(base + 1)\"/><nd ref=\"\(base + 2)\"/><nd ref=\"\(base + 3)\"/>"
                + "<nd ref=\"\(base)\"/>\(tags.joined())<tag k=\"area\" v=\"yes\"/><tag k=\"name\" v=\"\(name)\"/></way>")
        xml.append(
            "<way id=\"\(base + 1)\"><nd ref=\"\(base + 9)\"/><nd ref=\"\(base)\"/><tag k=\"highway\" v=\"footway\"/></way>")
        return xml.joined(separator: "\n ")
    }

    @Test(arguments: [
        ("Plaza Sur", Coordinate(-33.9000, -70.6000)),
        ("Plaza Sur", Coordinate(-33.8997, -70.5997)),
        ("Noordplein", Coordinate(52.3700, 4.8900)),
        ("West Square", Coordinate(40.7100, -74.0100)),
        ("Iso puisto", Coordinate(60.15, 24.17)),
    ])
    func aPointOnASquareStandsOnIt(name: String, point: Coordinate) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("squares-\(UUID().uuidString).osm")
        try Self.squares.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let graph = try WalkingGraphBuilder.build(contentsOf: file)
        let snapped = try #require(graph.snap(point))
        #expect(snapped.isInArea, "\(point) should stand on \(name), snapped to \(snapped.wayName ?? "-")")
        #expect(snapped.wayName == name)
        #expect(snapped.distance == 0)
    }

    @Test func aPointBesideEverySquareStandsOnNone() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("squares-\(UUID().uuidString).osm")
        try Self.squares.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let graph = try WalkingGraphBuilder.build(contentsOf: file)
        // 2 m west of Noordplein's west edge: on the footway's corner side, not on the square.
        let beside = Coordinate(52.3700, 4.88957)
        #expect(graph.snap(beside)?.isInArea == false)
    }
}
