import Foundation
import PlaceCore
import Testing
import WalkingGraph

struct OneToManyTests {
    typealias Town = CanalTown

    @Test func oneSearchGivesWhatEachRouteGives() throws {
        let graph = try TestGraphs.canalTown()
        let focus = Town.zuidkade(4.8912)
        let targets = [
            Town.noordkade(4.8905), Town.achterstraat(4.8930), Coordinate(52.3720, 4.8950), Town.overkant(4.8930),
            Town.zuidkade(4.8950),
            Coordinate(52.3702, 4.8922), focus,
        ]
        let distances = graph.distances(from: focus, to: targets)
        for (target, distance) in zip(targets, distances) {
            let walk = try graph.route(from: focus, to: target)
            let found = try #require(distance)
            #expect(abs(found.alongWays - walk.distance) < 0.01, "to \(target)")
            #expect(abs(found.offWays - (walk.origin.distance + walk.destination.distance)) < 0.01)
            #expect(abs(found.metres - found.alongWays - found.offWays) < 1e-9)
        }
    }

    @Test func theIslandAndFarPlacesAreNil() throws {
        let graph = try TestGraphs.canalTown()
        let focus = Town.zuidkade(4.8912)
        let distances = graph.distances(
            from: focus, to: [Town.island, Town.noordkade(4.8905), Town.zuidkade(4.8920)], within: 200)
        #expect(distances[0] == nil)
        #expect(distances[1] == nil, "round by the bridge is more than 200 m")
        #expect(distances[2].map { abs($0.alongWays - focus.distance(to: Town.zuidkade(4.8920))) < 0.05 } == true)
    }

    @Test func oneWayOnFootCountsForDistancesToo() throws {
        let graph = try TestGraphs.canalTown()
        let up = graph.distances(from: Town.noordkade(4.8930), to: [Town.achterstraat(4.8930)])
        let down = graph.distances(from: Town.achterstraat(4.8930), to: [Town.noordkade(4.8930)])
        let alongUp = try #require(up.first??.alongWays)
        let alongDown = try #require(down.first??.alongWays)
        #expect(alongUp < 100 && alongDown > 400)
    }

    @Test func noTargetsNoWork() throws {
        #expect(try TestGraphs.canalTown().distances(from: Town.island, to: []).isEmpty)
    }
}
