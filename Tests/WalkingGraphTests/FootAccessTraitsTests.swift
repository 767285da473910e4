import Testing
@testable import WalkingGraph

/// What the graph keeps of a way for snapping (issue 26): under the sky or not, open to all or not.
struct FootAccessTraitsTests {
    static let traitCases: [([String: String], WayTraits)] = [
        (["highway": "service", "tunnel": "yes", "layer": "-4", "access": "destination"], .underground),
        (["highway": "footway", "tunnel": "culvert"], .underground),
        (["highway": "footway", "layer": "-1"], .underground),
        (["highway": "footway", "level": "-2;-1"], .underground),
        (["highway": "footway", "location": "underground"], .underground),
        (["highway": "footway", "tunnel": "building_passage"], .covered),
        (["highway": "footway", "covered": "yes"], .covered),
        (["highway": "footway", "indoor": "yes", "level": "1"], .indoor),
        (["highway": "corridor"], .indoor),
        (["highway": "footway", "tunnel": "yes", "indoor": "yes", "level": "-1"], [.underground, .indoor]),
        (["highway": "footway", "foot": "customers"], .restricted),
        (["highway": "footway", "access": "destination"], .restricted),
        (["highway": "pedestrian", "access": "customers", "foot": "yes"], []),
        // On a road, access=destination binds vehicles: someone on foot walks it.
        (["highway": "residential", "access": "destination"], []),
        (["highway": "footway", "level": "0;-1"], []),
        (["highway": "footway", "layer": "1", "bridge": "yes"], []),
        (["highway": "footway", "tunnel": "no", "indoor": "no", "covered": "no"], []),
    ]

    @Test(arguments: traitCases)
    func traits(tags: [String: String], expected: WayTraits) throws {
        let kind = try #require(FootAccess.verdict(tags)).kind
        #expect(FootAccess.traits(tags, kind: kind) == expected)
    }

    @Test func onlyTunnelsIndoorsAndTheRestrictedAreHidden() {
        #expect(WayTraits.underground.isOpen == false)
        #expect(WayTraits.indoor.isOpen == false)
        #expect(WayTraits.restricted.isOpen == false)
        #expect(WayTraits([.covered, .area]).isOpen)
    }

    static let areaCases: [([String: String], Bool, Bool)] = [
        (["highway": "pedestrian", "area": "yes"], false, true),
        (["highway": "footway", "area": "yes"], false, true),
        (["highway": "pedestrian", "place": "square"], false, true),
        (["highway": "pedestrian"], false, false),
        (["highway": "pedestrian"], true, true),
        (["highway": "pedestrian", "area": "no"], true, false),
        (["highway": "service", "area": "yes"], false, false),
        (["place": "square"], true, false),
    ]

    @Test(arguments: areaCases)
    func pedestrianAreas(tags: [String: String], multipolygon: Bool, expected: Bool) {
        #expect(FootAccess.isPedestrianArea(tags, multipolygon: multipolygon) == expected)
    }
}
