import PlaceCore
import Testing
@testable import WalkingGraph

struct InstructionsTests {
    private typealias Stretch = Instructions.Stretch

    /// A stretch from `start` going `metres` on `bearing`.
    private func stretch(
        _ name: String?, _ kind: WayKind = .road, from start: Coordinate, bearing: Double, metres: Double
    ) -> Stretch {
        Stretch(
            name: name, kind: kind,
            path: [start, Geodesy.destination(from: start, distance: metres, bearing: bearing)], metres: metres)
    }

    private func chain(_ parts: [(String?, WayKind, Double, Double)]) -> [Stretch] {
        var at = Coordinate(52.37, 4.89)
        var stretches: [Stretch] = []
        for (name, kind, bearing, metres) in parts {
            let next = stretch(name, kind, from: at, bearing: bearing, metres: metres)
            stretches.append(next)
            at = next.path[1]
        }
        return stretches
    }

    @Test func turnsAreNamedByTheirAngle() {
        let steps = Instructions.steps(
            for: chain([
                ("Damrak", .road, 180, 200), ("Dam", .pedestrian, 180, 50), ("Rokin", .road, 200, 100),
                ("Spui", .road, 290, 80),
                (nil, .crossing, 300, 12), (nil, .steps, 210, 20), ("Singel", .footway, 30, 100),
                (nil, .ferry, 30, 300),
            ]), speed: 1.4)
        #expect(
            steps.map(\.instruction) == [
                "Head south on Damrak", "Continue onto Dam", "Continue onto Rokin", "Turn right onto Spui",
                "Cross the street",
                "Turn left and take the steps", "Turn around onto Singel", "Take the ferry",
                "You have arrived at your destination",
            ])
        #expect(
            steps.map(\.maneuver) == [
                "depart", "straight", "straight", "turn-right", "straight", "turn-left", "uturn", "ferry", "arrive",
            ])
        #expect(abs(steps[0].duration - 200 / 1.4) < 1e-9)
    }

    @Test func stretchesOfOneStreetAreOneStep() {
        let steps = Instructions.steps(
            for: chain([
                ("Kalverstraat", .pedestrian, 0, 100), ("Kalverstraat", .pedestrian, 10, 80), (nil, .footway, 80, 5),
                ("Kalverstraat", .pedestrian, 10, 60),
            ]), speed: 1.4)
        #expect(steps.map(\.instruction) == ["Head north on Kalverstraat", "You have arrived at your destination"])
        #expect(abs(steps[0].distance - 245) < 1e-9)
    }

    @Test func aNamedBridgeStraightOnInAStreetIsPartOfTheStreet() {
        let straight = Instructions.steps(
            for: chain([
                ("Grimburgwal", .road, 90, 60), ("Sleutelbrug", .road, 92, 12), ("Grimburgwal", .road, 90, 36),
                ("Oudezijds Achterburgwal", .road, 0, 40),
            ]), speed: 1.4)
        #expect(
            straight.map(\.instruction) == [
                "Head east on Grimburgwal", "Turn left onto Oudezijds Achterburgwal",
                "You have arrived at your destination",
            ])
        #expect(abs(straight[0].distance - 108) < 1e-9)
        // Turning onto the bridge and off it again is two turns the walker must be told.
        let zigzag = Instructions.steps(
            for: chain([("Grimburgwal", .road, 90, 60), ("Sleutelbrug", .road, 0, 12), ("Grimburgwal", .road, 90, 36)]),
            speed: 1.4)
        #expect(zigzag.count == 4)
    }

    @Test(arguments: [
        (0.0, "north"), (44.0, "northeast"), (90.0, "east"), (181.0, "south"), (270.0, "west"), (340.0, "north"),
        (359.9, "north"),
    ])
    func compassWords(bearing: Double, word: String) {
        #expect(Instructions.compass(bearing) == word)
    }
}

/// A route's summary names the two streets walked longest, each once.
struct RouteSummaryTests {
    static func step(_ name: String?, _ metres: Double, _ maneuver: String? = nil) -> RouteStep {
        RouteStep(instruction: name ?? "", distance: metres, duration: metres / 1.4, maneuver: maneuver, name: name)
    }

    @Test func aStreetWalkedInTwoStretchesIsNamedOnce() {
        let steps = [Self.step("Rokin", 300), Self.step("Langebrugsteeg", 40), Self.step("Rokin", 250), Self.step(nil, 0, "arrive")]
        #expect(WalkingRoute.summary(of: steps) == "Rokin, Langebrugsteeg", "was \"Rokin, Rokin\"")
        #expect(WalkingRoute.summary(of: [Self.step("Damrak", 100), Self.step("Dam", 50), Self.step("Rokin", 200)]) == "Damrak, Rokin")
        #expect(WalkingRoute.summary(of: [Self.step(nil, 100)]) == nil)
    }
}
