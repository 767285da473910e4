import Foundation
import PlaceCore
import Testing
import WalkingGraph

/// Where a walk starts and ends (issue 26): on the square a person stands on, not in the tunnel under
/// it; never on a private way; on a way open to all before one for customers or indoors; in a
/// tunnel only when nothing else is near, and said. Fixtures/square-town.osm, at 60° N where
/// 0.0001° is 11.1 m north-south and 5.6 m east-west:
///
/// - Torget, a pedestrian area (`highway=pedestrian`, `area=yes`), 100 m × 78 m, with a street
///   at each side's middle and a footway at two corners; Servicetunneln (`tunnel=yes`, `layer=-1`,
///   `access=destination`) runs under it 5 m from its middle.
/// - Senatstorget, a multipolygon square of two untagged outer halves, with a statue in its
///   middle (an untagged inner ring).
/// - Östra torget, a square of its own sharing Torget's east edge (a large square mapped in parts).
/// - Off Södra gatan: Gården (`access=private`), Kundgången (`foot=customers`), Galleria (an indoor
///   corridor on level 1); north of the town Djuptunneln (`layer=-2`), 560 m from the last street.
struct SquareTownTests {
    static func graph() throws -> WalkingGraph {
        try WalkingGraphBuilder.build(contentsOf: TestGraphs.fixtureURL("square-town.osm"))
    }

    static let torgetMiddle = Coordinate(60.00035, 25.0009)
    static let eastOfTorget = Coordinate(60.00035, 25.0040)

    @Test func theMiddleOfTheSquareStandsOnTheSquareNotInTheTunnelUnderIt() throws {
        let graph = try Self.graph()
        let snapped = try #require(graph.snap(Self.torgetMiddle))
        #expect(snapped.isInArea)
        #expect(snapped.distance == 0)
        #expect(snapped.wayName == "Torget")
        #expect(snapped.coordinate == Self.torgetMiddle)
        #expect(!snapped.fellBack)
        #expect(snapped.routeEnd.ground == .area)
    }

    @Test func aWalkFromTheSquaresMiddleGoesStraightAcrossIt() throws {
        let graph = try Self.graph()
        let walk = try graph.route(from: Self.torgetMiddle, to: Self.eastOfTorget)
        let straight = Self.torgetMiddle.distance(to: Self.eastOfTorget)
        #expect(abs(walk.distance - straight) < 1, "\(walk.distance) m on foot, \(straight) m straight")
        #expect(walk.path.first == Self.torgetMiddle)
        #expect(walk.steps.first?.instruction == "Head east on Torget")
        #expect(walk.route().warnings.isEmpty)
        let distance = try #require(graph.distances(from: Self.torgetMiddle, to: [Self.eastOfTorget]).first ?? nil)
        #expect(abs(distance.metres - walk.distance) < 0.01)
        #expect(distance.ends?.start.ground == .area)
        #expect(distance.ends?.end.name == "Östgatan")
    }

    @Test func aWalkFromCornerToCornerCrossesTheSquareDiagonally() throws {
        let graph = try Self.graph()
        let south = Coordinate(59.9998, 25.0000)  // Södra gatan, where Hörngången leaves for the south-west corner
        let north = Coordinate(60.0010, 25.0018)  // Norra gatan, where Norra gången leaves for the north-east corner
        let walk = try graph.route(from: south, to: north)
        let diagonal = Coordinate(60.0000, 25.0000).distance(to: Coordinate(60.0007, 25.0018))
        let expected = south.distance(to: Coordinate(60.0000, 25.0000)) + diagonal + Coordinate(60.0007, 25.0018).distance(to: north)
        #expect(abs(walk.distance - expected) < 1, "\(walk.distance) m on foot; across the square \(expected) m")
        #expect(TestGraphs.length(walk.path) < expected + 1)
    }

    @Test func twoPointsOnTheSquareAreJoinedStraight() throws {
        let graph = try Self.graph()
        let a = Coordinate(60.0001, 25.0002)
        let b = Coordinate(60.0006, 25.0016)
        let walk = try graph.route(from: a, to: b)
        #expect(abs(walk.distance - a.distance(to: b)) < 0.5)
        #expect(walk.path == [a, b])
    }

    @Test func aPointOnTheEdgeTwoSquaresShareWalksStraightIntoEither() throws {
        let graph = try Self.graph()
        let onTheEdge = Coordinate(60.0002, 25.0018)
        #expect(graph.snap(onTheEdge)?.isInArea == true)
        for inside in [Coordinate(60.0002, 25.0012), Coordinate(60.0002, 25.0024)] {
            for (from, to) in [(onTheEdge, inside), (inside, onTheEdge)] {
                let walk = try graph.route(from: from, to: to)
                #expect(abs(walk.distance - from.distance(to: to)) < 0.5, "\(from) to \(to): \(walk.distance) m")
            }
        }
    }

    @Test func aPointAboveTheTunnelOffTheSquareGoesToTheStreetNotTheTunnel() throws {
        let graph = try Self.graph()
        let aboveTheTunnel = Coordinate(60.0003, 24.9985)
        let snapped = try #require(graph.snap(aboveTheTunnel))
        #expect(snapped.wayName == "Västgatan")
        #expect(snapped.traits.isOpen)
        #expect(abs(snapped.distance - 5.6) < 0.3)
        #expect(!snapped.fellBack)
    }

    @Test func aPrivateWayIsNeverWhereAWalkStarts() throws {
        let graph = try Self.graph()
        // 5 m from Gården (access=private), 78 m from Södra gatan.
        let inTheYard = Coordinate(59.9991, 25.0010)
        let snapped = try #require(graph.snap(inTheYard))
        #expect(snapped.wayName == "Södra gatan")
        #expect(abs(snapped.distance - inTheYard.distance(to: Coordinate(59.9998, 25.0010))) < 0.1)
        let walk = try graph.route(from: inTheYard, to: Self.eastOfTorget)
        #expect(!walk.steps.contains { $0.name == "Gården" })
    }

    /// 5 m from Kundgången (foot=customers), 78 m from Södra gatan; 5 m from Galleria (an indoor
    /// corridor), 55 m from Södra gatan.
    static let nearerHiddenWays: [(Coordinate, String)] = [
        (Coordinate(59.9991, 25.0031), "Kundgången"), (Coordinate(59.9993, 24.9991), "Galleria"),
    ]

    @Test(arguments: nearerHiddenWays)
    func aWayOpenToAllUnderTheSkyComesBeforeANearerOneThatIsNot(point: Coordinate, nearer: String) throws {
        let graph = try Self.graph()
        let snapped = try #require(graph.snap(point))
        #expect(snapped.wayName == "Södra gatan", "not \(nearer)")
        #expect(snapped.traits.isOpen && !snapped.fellBack)
        #expect(snapped.distance < 150)
    }

    @Test func aTunnelFarFromAnyStreetIsTakenAndSaid() throws {
        let graph = try Self.graph()
        // 11 m from Djuptunneln (layer=-2), 445 m from the nearest street.
        let overTheDeepTunnel = Coordinate(60.0050, 24.9982)
        let snapped = try #require(graph.snap(overTheDeepTunnel))
        #expect(snapped.wayName == "Djuptunneln")
        #expect(snapped.traits.contains(.underground))
        #expect(snapped.fallbackReach == WalkingGraph.openWayReach)
        #expect(snapped.routeEnd.ground == .tunnel)
        let walk = try graph.route(from: overTheDeepTunnel, to: Self.torgetMiddle)
        #expect(
            walk.route().warnings.first
                == "The start is 11 m from the nearest way, in a tunnel: no street or path open to all under the sky is within 150 m; "
                + "the walk begins there.")
        #expect(walk.route().start?.fallbackReach == 150)
    }

    @Test func theMultipolygonSquareIsWalkedAcrossAndRoundItsStatue() throws {
        let graph = try Self.graph()
        let west = Coordinate(60.00035, 25.0052)
        let east = Coordinate(60.00035, 25.0066)
        #expect(graph.snap(west)?.isInArea == true)
        #expect(graph.snap(west)?.wayName == "Senatstorget")
        let walk = try graph.route(from: west, to: east)
        let straight = west.distance(to: east)
        // The straight line runs through the statue; the walk goes round it.
        #expect(walk.distance > straight + 0.1 && walk.distance < straight * 1.1, "\(walk.distance) m, straight \(straight) m")
        // On the statue itself: not on the square (a hole in it), but at its edge, a few metres off.
        let onTheStatue = Coordinate(60.00035, 25.0059)
        let snapped = try #require(graph.snap(onTheStatue))
        #expect(!snapped.isInArea)
        #expect(snapped.wayName == "Senatstorget")
        #expect(snapped.distance > 4 && snapped.distance < 6)
    }

    @Test func aSquaresEdgeIsWalkedAlongFromOutside() throws {
        let graph = try Self.graph()
        // From the street east of Senatstorget, over Bron, across the square, on to Östra gången.
        let walk = try graph.route(from: Coordinate(60.00035, 25.0040), to: Coordinate(60.00035, 25.0080))
        #expect(walk.distance < Coordinate(60.00035, 25.0040).distance(to: Coordinate(60.00035, 25.0080)) * 1.1)
        #expect(walk.steps.contains { $0.name == "Senatstorget" })
    }

    @Test func theFileKeepsTheSquaresAndTheTraits() throws {
        let graph = try Self.graph()
        let url = TestGraphs.temporaryURL()
        defer { try? FileManager.default.removeItem(at: url) }
        try graph.write(to: url)
        let opened = try WalkingGraph.open(at: url)
        #expect(opened.statistics == graph.statistics)
        for point in [Self.torgetMiddle, Coordinate(60.0003, 24.9985), Coordinate(60.0050, 24.9982)] {
            #expect(opened.snap(point) == graph.snap(point))
        }
        #expect(try opened.route(from: Self.torgetMiddle, to: Self.eastOfTorget) == graph.route(from: Self.torgetMiddle, to: Self.eastOfTorget))
    }
}
