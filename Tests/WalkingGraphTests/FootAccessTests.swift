import Testing
@testable import WalkingGraph

struct FootAccessTests {
    @Test(arguments: [
        (["highway": "footway"], WayKind.footway, true, true),
        (["highway": "footway", "footway": "crossing"], .crossing, true, true),
        (["highway": "residential", "oneway": "yes"], .road, true, true),
        (["highway": "pedestrian", "area": "yes"], .pedestrian, true, true),
        (["highway": "path", "oneway:foot": "yes"], .path, true, false),
        (["highway": "path", "oneway:foot": "-1"], .path, false, true),
        (["highway": "footway", "access": "no", "foot": "yes"], .footway, true, true),
        (["highway": "cycleway", "foot": "designated"], .cycleway, true, true),
        (["route": "ferry", "foot": "yes"], .ferry, true, true),
        (["railway": "platform"], .platform, true, true),
        (["highway": "steps"], .steps, true, true),
    ])
    func walkable(tags: [String: String], kind: WayKind, forward: Bool, backward: Bool) {
        #expect(FootAccess.verdict(tags) == FootAccess.Verdict(kind: kind, forward: forward, backward: backward))
    }

    @Test(arguments: [
        ["highway": "footway", "foot": "no"],
        ["highway": "service", "access": "private"],
        ["highway": "residential", "foot": "use_sidepath"],
        ["highway": "cycleway"],
        ["highway": "busway"],
        ["highway": "motorway"],
        ["highway": "construction"],
        ["route": "ferry"],
        ["route": "ferry", "motor_vehicle": "yes"],
        ["waterway": "canal"],
        ["building": "yes"],
    ])
    func notWalkable(tags: [String: String]) {
        #expect(FootAccess.verdict(tags) == nil)
    }

    @Test func lockedGatesBlockAndBollardsDoNot() {
        #expect(FootAccess.blocks(node: ["barrier": "gate", "access": "private"]))
        #expect(FootAccess.blocks(node: ["barrier": "gate", "foot": "no"]))
        #expect(!FootAccess.blocks(node: ["barrier": "gate", "access": "private", "foot": "yes"]))
        #expect(!FootAccess.blocks(node: ["barrier": "bollard"]))
        #expect(!FootAccess.blocks(node: ["access": "private"]))
    }

    @Test func aWayIsNamedByItsNameElseItsRef() {
        #expect(WalkingGraphBuilder.name(["name": "Damrak", "ref": "S100"]) == "Damrak")
        #expect(WalkingGraphBuilder.name(["name": " Rokin\u{A0}"]) == "Rokin")
        #expect(WalkingGraphBuilder.name(["name": "  ", "ref": "N200"]) == "N200")
        #expect(WalkingGraphBuilder.name(["highway": "footway"]) == nil)
    }
}
