import Foundation
import PlaceCore
import Testing
import WalkingGraph

/// The real extracts in ../shared/data, when they are beside the repository. Skipped, with a line
/// saying so, without them. (Correctness against networkx and the timings are in
/// Benchmarks/walking-graph.sh; these check that the graph holds together.)
struct SharedDataTests {
    @Test(.enabled(if: TestGraphs.hasSharedData("amsterdam_centrum.osm"), "needs ../shared/data/amsterdam_centrum.osm"))
    func amsterdamBidirectionalAStarAgreesWithPlainDijkstra() throws {
        let url = try #require(TestGraphs.sharedData("amsterdam_centrum.osm"))
        let graph = try WalkingGraphBuilder.build(contentsOf: url)
        let statistics = graph.statistics
        #expect(statistics.ways == 676)
        #expect(statistics.largestComponentShare > 0.9)
        let bounds = try #require(graph.bounds)
        var generator = SplitMix(seed: 2026)
        func point() -> Coordinate {
            Coordinate(
                bounds.south + generator.unit() * (bounds.north - bounds.south),
                bounds.west + generator.unit() * (bounds.east - bounds.west))
        }
        var routed = 0
        for _ in 0..<60 {
            let origin = point()
            let targets = (0..<5).map { _ in point() }
            let distances = graph.distances(from: origin, to: targets)
            for (target, distance) in zip(targets, distances) {
                let walk = try? graph.route(from: origin, to: target)
                #expect((walk == nil) == (distance == nil), "reachability from \(origin) to \(target)")
                if let walk, let distance {
                    routed += 1
                    #expect(abs(walk.distance - distance.alongWays) < 0.01, "from \(origin) to \(target)")
                    #expect(abs(TestGraphs.length(walk.path) - walk.distance) < max(0.5, walk.distance * 0.001))
                    #expect(walk.steps.last?.maneuver == "arrive")
                }
            }
        }
        #expect(routed > 200)
    }

    @Test(
        .enabled(
            if: TestGraphs.hasSharedData("liechtenstein_2015.osm.pbf"),
            "needs ../shared/data/liechtenstein_2015.osm.pbf"))
    func liechtensteinFromPBFThroughTheFile() throws {
        let url = try #require(TestGraphs.sharedData("liechtenstein_2015.osm.pbf"))
        let built = try WalkingGraphBuilder.build(contentsOf: url)
        let file = TestGraphs.temporaryURL()
        defer { try? FileManager.default.removeItem(at: file) }
        try built.write(to: file)
        let graph = try WalkingGraph.open(at: file)
        #expect(graph.statistics == built.statistics)
        // Vaduz (Städtle) to Schaan (Lindaplatz): about 3.3 km straight, a little more on foot.
        let vaduz = Coordinate(47.1395, 9.5219)
        let schaan = Coordinate(47.1655, 9.5095)
        let walk = try graph.route(from: vaduz, to: schaan)
        let straight = vaduz.distance(to: schaan)
        #expect(
            walk.distance > straight && walk.distance < straight * 1.6,
            "\(walk.distance) m on foot, \(straight) m straight")
        #expect(walk.origin.distance < 50 && walk.destination.distance < 50)
        #expect(walk.steps.count > 3)
    }
}
