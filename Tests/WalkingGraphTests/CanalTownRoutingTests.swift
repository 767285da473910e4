import Foundation
import PlaceCore
import Testing
import WalkingGraph

/// Routing over the hand-written canal town: every rule of who may walk where, seen in a walk.
struct CanalTownRoutingTests {
    typealias Town = CanalTown

    @Test func theWalkGoesRoundByTheOnlyBridge() throws {
        let graph = try TestGraphs.canalTown()
        let origin = Town.zuidkade(4.8905)
        let destination = Town.noordkade(4.8905)
        let walk = try graph.route(from: origin, to: destination)
        let expected = TestGraphs.length([origin, Town.bridgeSouth, Town.bridgeNorth, destination])
        #expect(origin.distance(to: destination) < 70)
        #expect(
            abs(walk.distance - expected) < expected * 0.002, "routed \(walk.distance) m, by the bridge \(expected) m")
        #expect(walk.path.contains { $0.distance(to: Town.bridgeSouth) < 0.5 })
        #expect(walk.path.contains { $0.distance(to: Town.bridgeNorth) < 0.5 })
        #expect(abs(TestGraphs.length(walk.path) - walk.distance) < 0.5)
        #expect(abs(walk.duration - walk.distance / 1.4) < 1e-6)
        let instructions = walk.steps.map(\.instruction)
        #expect(
            instructions == [
                "Head east on Zuidkade", "Turn left onto Brugstraat", "Turn left onto Noordkade",
                "You have arrived at your destination",
            ])
        #expect(walk.steps.map(\.maneuver) == ["depart", "turn-left", "turn-left", "arrive"])
        #expect(abs(walk.steps.reduce(0) { $0 + $1.distance } - walk.distance) < 0.01)
    }

    @Test func theRouteIsTheCoresRoute() throws {
        let graph = try TestGraphs.canalTown()
        let route = try graph.route(from: Town.zuidkade(4.8905), to: Town.noordkade(4.8905)).route()
        #expect(route.provider == "local")
        #expect(route.attribution == "© OpenStreetMap contributors")
        #expect(route.legs.count == 1)
        #expect(route.summary == "Zuidkade, Noordkade")
        #expect(route.warnings.isEmpty)
        #expect(route.path.first == route.steps.first?.path.first)
    }

    @Test func oneWayOnFootIsWalkedOnlyOneWay() throws {
        let graph = try TestGraphs.canalTown()
        let up = try graph.route(from: Town.noordkade(4.8930), to: Town.achterstraat(4.8930))
        #expect(abs(up.distance - Town.noordkade(4.8930).distance(to: Town.achterstraat(4.8930))) < 0.5)
        let down = try graph.route(from: Town.achterstraat(4.8930), to: Town.noordkade(4.8930))
        // Round by Weststraat or Ooststraat: 0.003 degrees of street on each side, and the cross street.
        let around = TestGraphs.length([
            Town.achterstraat(4.8930), Town.achterstraat(4.8960), Town.noordkade(4.8960), Town.noordkade(4.8930),
        ])
        #expect(abs(down.distance - around) < 1)
    }

    @Test func oneWayForTrafficIsWalkedBothWays() throws {
        let graph = try TestGraphs.canalTown()
        // Ooststraat is oneway=yes northwards; walking it southwards is allowed.
        let walk = try graph.route(from: Town.achterstraat(4.8960), to: Town.noordkade(4.8960))
        #expect(abs(walk.distance - Town.achterstraat(4.8960).distance(to: Town.noordkade(4.8960))) < 0.5)
    }

    @Test(arguments: [
        (4.8915, "foot=no"),
        (4.8945, "access=private"),
        (4.8905, "a locked gate (barrier=gate, access=private)"),
    ])
    func closedShortcutsAreNotWalked(longitude: Double, why: String) throws {
        let graph = try TestGraphs.canalTown()
        let from = Town.noordkade(longitude)
        let to = Town.achterstraat(longitude)
        let walk = try graph.route(from: from, to: to)
        let shortcut = from.distance(to: to)
        #expect(walk.distance > shortcut + 50, "\(why): walked \(walk.distance) m, the shortcut is \(shortcut) m")
    }

    @Test func stepsLeadUpToTheSquare() throws {
        let graph = try TestGraphs.canalTown()
        let corner = Coordinate(52.3720, 4.8950)
        let walk = try graph.route(from: Town.achterstraat(4.8930), to: corner)
        let instructions = walk.steps.map(\.instruction)
        #expect(instructions.contains { $0.hasSuffix("take the steps") || $0 == "Take the steps" }, "\(instructions)")
        #expect(instructions.contains { $0.hasSuffix("onto Bovenplein") }, "\(instructions)")
        // Bovenplein is a pedestrian area, and its far corner is on it: from the top of the steps
        // straight across, not round its edge.
        let expected = TestGraphs.length([
            Town.achterstraat(4.8930), Town.achterstraat(4.8940), Coordinate(52.3716, 4.8940), corner,
        ])
        #expect(abs(walk.distance - expected) < 0.5)
    }

    @Test func theFerryForPeopleIsTakenAndTheCarFerryIsNot() throws {
        let graph = try TestGraphs.canalTown()
        let walk = try graph.route(from: Town.zuidkade(4.8955), to: Town.overkant(4.8930))
        let expected = TestGraphs.length([
            Town.zuidkade(4.8955), Town.zuidkade(4.8960), Town.overkant(4.8960), Town.overkant(4.8930),
        ])
        #expect(abs(walk.distance - expected) < 0.5)
        #expect(walk.steps.map(\.instruction).contains("Take the ferry Veer Overkant"))
        // From the west end, the car ferry would be 200 m; the walk goes east to the people's ferry instead.
        let west = try graph.route(from: Town.zuidkade(4.8900), to: Town.overkant(4.8900))
        #expect(west.distance > 800)
    }

    @Test func theIslandHasNoWalkToTheMainland() throws {
        let graph = try TestGraphs.canalTown()
        #expect {
            try graph.route(from: Town.island, to: Town.zuidkade(4.8920))
        } throws: { error in
            guard let error = error as? WalkingRouteError, case .noPath(let from, let to) = error.problem else {
                return false
            }
            return from.wayName == "Eilandpad" && to.wayName == "Zuidkade"
                && error.description.contains("parts of the map no way connects")
        }
        // Round the island itself is fine.
        let round = try graph.route(from: Coordinate(52.3688, 4.8916), to: Coordinate(52.3690, 4.8924))
        #expect(round.distance > 0 && round.distance < 100)
    }

    @Test func aWalkAlongOneStretchNeedsNoJunction() throws {
        let graph = try TestGraphs.canalTown()
        let walk = try graph.route(from: Town.zuidkade(4.8921), to: Town.zuidkade(4.8929))
        #expect(abs(walk.distance - Town.zuidkade(4.8921).distance(to: Town.zuidkade(4.8929))) < 0.1)
        #expect(walk.steps.map(\.instruction) == ["Head east on Zuidkade", "You have arrived at your destination"])
        let still = try graph.route(from: Town.zuidkade(4.8925), to: Town.zuidkade(4.8925))
        #expect(still.distance < 0.01)
    }
}
