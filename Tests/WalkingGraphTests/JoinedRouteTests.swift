import Foundation
import PlaceCore
import Testing
@testable import WalkingGraph

/// Two neighbouring extracts imported separately, each with its own graph: a walk from one's
/// streets to the other's crosses where their ways meet, the same OSM nodes or the same positions.
struct JoinedRouteTests {
    /// West: Weststraat along latitude 52.000 from 5.000 to 5.010, where it meets Grensstraat, the
    /// border street from 51.998 to 52.002 along 5.010. East: Ooststraat along 52.001 from 5.010 to
    /// 5.020, and Grensstraat too (both extracts hold the way that crosses their border). `shift`
    /// moves the east's copy of Grensstraat east by that many degrees; `sameIDs` false gives its
    /// nodes other ids.
    static func files(shift: Double = 0, sameIDs: Bool = true) -> (west: String, east: String) {
        func node(_ id: Int, _ latitude: Double, _ longitude: Double) -> String {
            "<node id=\"\(id)\" version=\"1\" lat=\"\(String(format: "%.7f", latitude))\" lon=\"\(String(format: "%.7f", longitude))\"/>"
        }
        func way(_ id: Int, _ refs: [Int], _ name: String) -> String {
            "<way id=\"\(id)\" version=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined()
                + "<tag k=\"highway\" v=\"residential\"/><tag k=\"name\" v=\"\(name)\"/></way>"
        }
        func osm(_ lines: [String]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\">\n" + lines.joined(separator: "\n")
                + "\n</osm>\n"
        }
        func border(_ base: Int, _ longitude: Double) -> [String] {
            [
                node(base, 51.998, longitude), node(base + 1, 52.000, longitude), node(base + 2, 52.001, longitude),
                node(base + 3, 52.002, longitude),
            ]
        }
        let westBorder = 100
        let eastBorder = sameIDs ? 100 : 200
        let west = osm(
            [node(1, 52.000, 5.000), node(2, 52.000, 5.005)] + border(westBorder, 5.010) + [
                way(1, [1, 2, westBorder + 1], "Weststraat"),
                way(10, [westBorder, westBorder + 1, westBorder + 2, westBorder + 3], "Grensstraat"),
            ])
        let east = osm(
            border(eastBorder, 5.010 + shift) + [node(3, 52.001, 5.015), node(4, 52.001, 5.020)] + [
                way(10, [eastBorder, eastBorder + 1, eastBorder + 2, eastBorder + 3], "Grensstraat"),
                way(2, [eastBorder + 2, 3, 4], "Ooststraat"),
            ])
        return (west, east)
    }

    static func graphs(shift: Double = 0, sameIDs: Bool = true) throws -> (west: WalkingGraph, east: WalkingGraph) {
        let (west, east) = files(shift: shift, sameIDs: sameIDs)
        func build(_ text: String) throws -> WalkingGraph {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("joined-\(UUID().uuidString).osm")
            defer { try? FileManager.default.removeItem(at: url) }
            try Data(text.utf8).write(to: url)
            return try WalkingGraphBuilder.build(contentsOf: url)
        }
        return (try build(west), try build(east))
    }

    static let start = Coordinate(52.000, 5.001)
    static let end = Coordinate(52.001, 5.019)

    @Test func aWalkCrossesFromOneExtractsStreetsToTheOthers() throws {
        let (west, east) = try Self.graphs()
        // Neither graph alone has both ends' streets.
        #expect(try west.route(from: Self.start, to: Self.end).destination.distance > 500)
        let walk = try west.route(from: Self.start, to: Self.end, continuingOn: east)
        let expected =
            Self.start.distance(to: Coordinate(52.000, 5.010))
            + Coordinate(52.000, 5.010).distance(
                to: Coordinate(52.001, 5.010)) + Coordinate(52.001, 5.010).distance(to: Self.end)
        #expect(abs(walk.distance - expected) < 2, "\(walk.distance) m, expected \(expected) m")
        #expect(walk.origin.wayName == "Weststraat" && walk.destination.wayName == "Ooststraat")
        #expect(walk.origin.distance < 0.5 && walk.destination.distance < 0.5)
        let names = walk.steps.compactMap(\.name)
        #expect(names.contains("Weststraat") && names.contains("Grensstraat") && names.contains("Ooststraat"), "\(names)")
        #expect(walk.path.first.map { $0.distance(to: Self.start) < 0.5 } == true)
        #expect(walk.path.last.map { $0.distance(to: Self.end) < 0.5 } == true)
        // The path is continuous: no jump where the graphs meet.
        for (a, b) in zip(walk.path, walk.path.dropFirst()) { #expect(a.distance(to: b) < 400) }
        #expect(abs(TestGraphs.length(walk.path) - walk.distance) < 2)
        // And back the other way.
        let back = try east.route(from: Self.end, to: Self.start, continuingOn: west)
        #expect(abs(back.distance - walk.distance) < 1)
    }

    @Test func theSamePositionsJoinWithoutTheSameNodeIDs() throws {
        let (west, east) = try Self.graphs(sameIDs: false)
        let walk = try west.route(from: Self.start, to: Self.end, continuingOn: east)
        #expect(walk.steps.compactMap(\.name).contains("Grensstraat"))
    }

    @Test func streetsThatDoNotMeetGiveNoWalk() throws {
        // The east's border street 70 m east of the west's: two streets side by side, not joined.
        let (west, east) = try Self.graphs(shift: 0.001)
        #expect {
            try west.route(from: Self.start, to: Self.end, continuingOn: east)
        } throws: { error in
            guard let error = error as? WalkingRouteError, case .noPath = error.problem else { return false }
            return true
        }
    }

    @Test func meetingPointsAreLookedForNearTheWalkOnly() throws {
        let (west, east) = try Self.graphs()
        let start = try #require(west.snap(Self.start))
        let end = try #require(east.snap(Self.end))
        let near = west.meetingPoints(
            with: east, from: start, to: end, origin: Self.start, destination: Self.end, within: 3_000)
        // Grensstraat's four points.
        #expect(near.count == 4)
        // A walk whose ellipse does not reach the border finds none.
        let far = west.meetingPoints(
            with: east, from: start, to: end, origin: Self.start, destination: Coordinate(52.000, 5.002),
            within: 300)
        #expect(far.isEmpty)
    }
}
