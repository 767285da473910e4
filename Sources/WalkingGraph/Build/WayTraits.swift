import Foundation

/// What a way is like for someone standing on it, beside what sort of way it is (``WayKind``):
/// under the sky or not, open to everyone or not, a stretch across a square. Kept per stretch of
/// way in the graph, so that a walk starts and ends where a person standing there can walk.
public struct WayTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Below ground: `tunnel=yes` (or `culvert`, any tunnel but a passage through a building),
    /// `layer` below 0, every `level` below 0, `location=underground`.
    public static let underground = WayTraits(rawValue: 1 << 0)
    /// Inside a building: `indoor=*` (but `no`), `highway=corridor`.
    public static let indoor = WayTraits(rawValue: 1 << 1)
    /// Under a roof at street level: `tunnel=building_passage`, `covered=yes`. A passage under a
    /// building is a street's, open to the street at both ends: a walk may start in it.
    public static let covered = WayTraits(rawValue: 1 << 2)
    /// Open to some people only: `foot=destination|customers`, or on a way built for people
    /// `access=destination|customers` without a `foot` tag (on a road, those bind vehicles).
    /// Ways closed to people on foot (`foot=private|no`, `access=private|no` without `foot=yes`)
    /// are not in the graph at all (``FootAccess``).
    public static let restricted = WayTraits(rawValue: 1 << 3)
    /// Across a pedestrian area (a square), or along its edge.
    public static let area = WayTraits(rawValue: 1 << 4)

    /// Where a walk starts or ends only when no other way is near: nobody standing in the open,
    /// free to walk, is there.
    public static let hidden: WayTraits = [.underground, .indoor, .restricted]

    /// Whether a person standing in the open, anyone, could be on it.
    public var isOpen: Bool { isDisjoint(with: .hidden) }
}

extension FootAccess {
    /// The traits of a walkable way's (or area's) tags; see ``WayTraits`` for which tags say what.
    static func traits(_ tags: [String: String], kind: WayKind) -> WayTraits {
        var traits: WayTraits = []
        switch tags["tunnel"] {
        case nil, "no": break
        case "building_passage", "avalanche_protector": traits.insert(.covered)
        default: traits.insert(.underground)
        }
        if let layer = tags["layer"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), layer < 0 {
            traits.insert(.underground)
        }
        if let level = tags["level"], isBelowGround(level: level) { traits.insert(.underground) }
        if tags["location"] == "underground" { traits.insert(.underground) }
        if tags["covered"] == "yes" { traits.insert(.covered) }
        if kind == .corridor { traits.insert(.indoor) }
        if let indoor = tags["indoor"], indoor != "no" { traits.insert(.indoor) }
        if let foot = tags["foot"] {
            if restrictedToSome.contains(foot) { traits.insert(.restricted) }
        } else if let access = tags["access"], restrictedToSome.contains(access), kind.isBuiltForPeople {
            traits.insert(.restricted)
        }
        return traits
    }

    /// `foot` or `access` values that let some people in, not everyone.
    static let restrictedToSome: Set<String> = ["destination", "customers"]

    /// `level=-1`, `-2;-1`: every level below ground (`0;-1` reaches the street).
    private static func isBelowGround(level: String) -> Bool {
        let levels = level.split(separator: ";").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        return !levels.isEmpty && levels.allSatisfy { $0 < 0 }
    }

    /// Whether a way's or a multipolygon's tags make a pedestrian area, walkable across and not only
    /// along its edge: `highway=pedestrian|footway` with `area=yes` or `place=square`, or as a
    /// multipolygon (an area by its type). `area=no` never is.
    static func isPedestrianArea(_ tags: [String: String], multipolygon: Bool) -> Bool {
        guard let highway = tags["highway"], highway == "pedestrian" || highway == "footway", tags["area"] != "no"
        else { return false }
        return multipolygon || tags["area"] == "yes" || tags["place"] == "square"
    }
}

extension WayKind {
    /// Ways built for people on foot, where `access` says who may walk rather than who may drive.
    var isBuiltForPeople: Bool {
        switch self {
        case .footway, .sidewalk, .crossing, .pedestrian, .path, .steps, .corridor, .platform, .pier: true
        default: false
        }
    }
}
