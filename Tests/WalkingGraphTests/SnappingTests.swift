import Foundation
import PlaceCore
import Testing
import WalkingGraph

struct SnappingTests {
    typealias Town = CanalTown

    @Test func aPointInTheCanalGoesToTheNearerBank() throws {
        let graph = try TestGraphs.canalTown()
        let inTheWater = Coordinate(52.3702, 4.8922)
        let snapped = try #require(graph.snap(inTheWater))
        #expect(snapped.wayName == "Noordkade")
        #expect(abs(snapped.distance - inTheWater.distance(to: Town.noordkade(4.8922))) < 0.05)
        #expect(snapped.coordinate.distance(to: Town.noordkade(4.8922)) < 0.05)
    }

    @Test func aPointFarOutInTheRiverIsPlacedOnTheNearestWayAndSaid() throws {
        let graph = try TestGraphs.canalTown()
        let inTheRiver = Coordinate(52.3684, 4.8945)
        let walk = try graph.route(from: inTheRiver, to: Town.overkant(4.8960))
        #expect(walk.origin.wayName == "Overkant")
        #expect(abs(walk.origin.distance - inTheRiver.distance(to: Town.overkant(4.8945))) < 0.05)
        let warnings = walk.route().warnings
        #expect(warnings == ["The start is 45 m from the nearest walkable way; the walk begins there."])
    }

    @Test func aPointOffTheExtractStillFindsTheNearestWay() throws {
        let graph = try TestGraphs.canalTown()
        let farAway = Coordinate(52.40, 4.95)
        let snapped = try #require(graph.snap(farAway))
        // The north-east corner of the square is the nearest walkable point.
        #expect(snapped.coordinate.distance(to: Coordinate(52.3720, 4.8950)) < 0.05)
        #expect(abs(snapped.distance - farAway.distance(to: Coordinate(52.3720, 4.8950))) < snapped.distance * 0.001)
        let walk = try graph.route(from: farAway, to: Town.noordkade(4.8905))
        #expect(snapped.distance > 4_800 && snapped.distance < 4_900)
        #expect(
            walk.route().warnings.first
                == "The start is \(Int(snapped.distance.rounded())) m from the nearest walkable way; the walk begins there."
        )
    }

    @Test func theMiddleOfASquareStandsOnTheSquare() throws {
        // Bovenplein is a pedestrian area (area=yes): a walk from its middle crosses it straight to
        // the top of the steps, the one way onto it, rather than starting from its edge.
        let graph = try TestGraphs.canalTown()
        let middle = Coordinate(52.3718, 4.8945)
        let snapped = try #require(graph.snap(middle))
        #expect(snapped.wayName == "Bovenplein")
        #expect(snapped.isInArea && snapped.distance == 0)
        let topOfTheSteps = Coordinate(52.3716, 4.8940)
        let footOfTheSteps = Coordinate(52.3712, 4.8940)
        let walk = try graph.route(from: middle, to: footOfTheSteps)
        #expect(walk.path.first == middle && walk.path.dropFirst().first == topOfTheSteps)
        let straightOver = middle.distance(to: topOfTheSteps) + topOfTheSteps.distance(to: footOfTheSteps)
        #expect(abs(walk.distance - straightOver) < 0.1, "\(walk.distance) m, over the square and down the steps \(straightOver) m")
    }

    @Test func snappingAgreesWithLookingAtEveryWay() throws {
        // The ring search against a brute force over a seeded spread of points, in and around the town.
        let graph = try TestGraphs.canalTown()
        var generator = SplitMix(seed: 7)
        let ways: [[Coordinate]] = try CanalTownWays.all()
        for _ in 0..<300 {
            let point = Coordinate(52.366 + generator.unit() * 0.008, 4.887 + generator.unit() * 0.012)
            let snapped = try #require(graph.snap(point))
            let brute =
                ways.map { way in
                    zip(way, way.dropFirst()).map { PlanarSegment.distance(from: point, to: $0.0, $0.1) }.min()
                        ?? .infinity
                }.min() ?? .infinity
            #expect(
                abs(snapped.distance - brute) < 0.05, "at \(point): snapped \(snapped.distance) m, nearest \(brute) m")
        }
    }
}

/// Every walkable way of the canal town, point by point (what the graph should hold).
enum CanalTownWays {
    static func all() throws -> [[Coordinate]] {
        let zuid = [4.8900, 4.8905, 4.8920, 4.8930, 4.8950, 4.8960].map(CanalTown.zuidkade)
        let noord = [4.8900, 4.8905, 4.8915, 4.8930, 4.8945, 4.8950, 4.8960].map(CanalTown.noordkade)
        let achter = [4.8900, 4.8905, 4.8915, 4.8930, 4.8940, 4.8945, 4.8960].map(CanalTown.achterstraat)
        let square = [
            Coordinate(52.3716, 4.8940), Coordinate(52.3716, 4.8950), Coordinate(52.3720, 4.8950),
            Coordinate(52.3720, 4.8940),
            Coordinate(52.3716, 4.8940),
        ]
        let island = [
            Coordinate(52.3688, 4.8915), Coordinate(52.3688, 4.8925), Coordinate(52.3690, 4.8925),
            Coordinate(52.3690, 4.8915),
            Coordinate(52.3688, 4.8915),
        ]
        return [
            zuid, noord, achter, square, island,
            [CanalTown.bridgeSouth, CanalTown.bridgeNorth],
            [CanalTown.noordkade(4.8900), CanalTown.achterstraat(4.8900)],
            [CanalTown.noordkade(4.8960), CanalTown.achterstraat(4.8960)],
            [CanalTown.noordkade(4.8930), CanalTown.achterstraat(4.8930)],
            [CanalTown.noordkade(4.8905), Coordinate(52.3708, 4.8905)],  // up to the gate
            [Coordinate(52.3708, 4.8905), CanalTown.achterstraat(4.8905)],  // beyond it
            [CanalTown.achterstraat(4.8940), Coordinate(52.3716, 4.8940)],  // the steps
            [CanalTown.zuidkade(4.8960), CanalTown.overkant(4.8960)],  // the ferry
            [CanalTown.overkant(4.8900), CanalTown.overkant(4.8930), CanalTown.overkant(4.8960)],
        ]
    }
}

/// Distance from a point to a segment on the plane tangent at the point: the test's own measure.
enum PlanarSegment {
    static func distance(from point: Coordinate, to a: Coordinate, _ b: Coordinate) -> Double {
        let north = point.distance(to: Coordinate(min(90, point.latitude + 0.001), point.longitude)) / 0.001
        let east = point.distance(to: Coordinate(point.latitude, point.longitude + 0.001)) / 0.001
        let ax = (a.longitude - point.longitude) * east, ay = (a.latitude - point.latitude) * north
        let bx = (b.longitude - point.longitude) * east, by = (b.latitude - point.latitude) * north
        let dx = bx - ax, dy = by - ay
        let squared = dx * dx + dy * dy
        let t = squared > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squared)) : 0
        let x = ax + t * dx, y = ay + t * dy
        return (x * x + y * y).squareRoot()
    }
}

/// A seeded generator, so a failure can be repeated.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
