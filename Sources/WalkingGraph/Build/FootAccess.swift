/// Which OpenStreetMap ways a person may walk, in which direction, and what kind of way each is.
///
/// The rules follow OSRM's foot profile (`profiles/foot.lua`) where it has one, and say so where
/// they differ:
/// - `highway` of a kind built for people or shared with slow traffic is walkable (``walkableHighways``);
///   roads built for fast traffic (trunk, motorway), cycleways, busways and bridleways only when
///   `foot` allows it; ways under construction, proposed or abandoned never.
/// - Platforms (`railway=platform`, `public_transport=platform`) and piers (`man_made=pier`) are walkable.
/// - Ferries (`route=ferry`) only when `foot` says yes: most ferries are mapped for cars.
/// - `foot=*` decides first; without it, `access=*`; a way with neither is open.
/// - One-way only where `oneway:foot` says so: `oneway=yes` binds vehicles, not people on foot.
/// - Areas (`area=yes`, or any closed way) are walked along their outline; osmnx leaves them out.
///   Pedestrian areas (squares: ``isPedestrianArea(_:multipolygon:)``, multipolygons too) are
///   walked across as well (``WalkingGraphBuilder/crossAreas()``).
/// - What a walkable way is like for someone standing on it (a tunnel, indoors, open to some only)
///   is kept beside it (``traits(_:kind:)``), for where walks start and end; ways closed to people
///   on foot are not in the graph at all.
enum FootAccess {
    /// Highway kinds walkable unless a tag says otherwise.
    static let walkableHighways: Set<String> = [
        "footway", "pedestrian", "path", "steps", "living_street", "residential", "service", "unclassified", "road",
        "track", "tertiary", "tertiary_link", "secondary", "secondary_link", "primary", "primary_link", "platform",
        "corridor",
    ]
    /// Highway kinds walkable only when `foot` allows it explicitly.
    static let highwaysNeedingFootPermission: Set<String> = [
        "cycleway", "bridleway", "busway", "trunk", "trunk_link", "motorway", "motorway_link",
    ]
    /// `foot` values that open a way whatever `access` says.
    static let footAllowed: Set<String> = ["yes", "designated", "permissive", "destination", "customers", "official"]
    /// `foot` or `access` values that close a way to someone walking through.
    static let denied: Set<String> = [
        "no", "private", "agricultural", "forestry", "delivery", "restricted", "military", "permit", "use_sidepath",
        "discouraged",
    ]

    /// What a walkable way is, for the instructions ("Take the steps", "Cross the street").
    struct Verdict: Equatable {
        var kind: WayKind
        /// May be walked from its first node towards its last.
        var forward: Bool
        /// May be walked from its last node towards its first.
        var backward: Bool
    }

    /// The verdict on a way's tags, or nil when nobody may walk it.
    static func verdict(_ tags: [String: String]) -> Verdict? {
        guard let kind = kind(tags) else { return nil }
        let foot = tags["foot"]
        if let foot, footAllowed.contains(foot) {
            // An explicit yes wins over access=no (a footpath through a closed site).
        } else if let foot, denied.contains(foot) {
            return nil
        } else if kind.needsFootPermission(tags) {
            return nil
        } else if let access = tags["access"], denied.contains(access) {
            return nil
        }
        switch tags["oneway:foot"] {
        case "yes", "true", "1": return Verdict(kind: kind, forward: true, backward: false)
        case "-1", "reverse": return Verdict(kind: kind, forward: false, backward: true)
        default: return Verdict(kind: kind, forward: true, backward: true)
        }
    }

    /// The kind of way, when it is one people could walk at all (before access is looked at).
    private static func kind(_ tags: [String: String]) -> WayKind? {
        if let highway = tags["highway"] {
            if walkableHighways.contains(highway) || highwaysNeedingFootPermission.contains(highway) {
                return WayKind(highway: highway, tags: tags)
            }
            // highway=construction, proposed, abandoned, raceway, bus_guideway, …: nobody walks there.
            return nil
        }
        if tags["route"] == "ferry" { return .ferry }
        if tags["railway"] == "platform" || tags["public_transport"] == "platform" { return .platform }
        if tags["man_made"] == "pier" { return .pier }
        return nil
    }

    /// A barrier node that closes the way through it (a locked gate: `barrier=gate` with
    /// `access=private`), by the same `foot`-then-`access` rule as ways. A bollard stops cars, not people.
    static func blocks(node tags: [String: String]) -> Bool {
        guard tags["barrier"] != nil else { return false }
        if let foot = tags["foot"] {
            if footAllowed.contains(foot) { return false }
            if denied.contains(foot) { return true }
        }
        return tags["access"].map { denied.contains($0) } ?? false
    }
}

extension WayKind {
    init(highway: String, tags: [String: String]) {
        switch highway {
        case "footway":
            self =
                switch tags["footway"] {
                case "crossing": .crossing
                case "sidewalk": .sidewalk
                default: .footway
                }
        case "pedestrian": self = .pedestrian
        case "path": self = .path
        case "steps": self = .steps
        case "cycleway": self = .cycleway
        case "track": self = .track
        case "service": self = .service
        case "platform": self = .platform
        case "corridor": self = .corridor
        case "living_street": self = .livingStreet
        case "bridleway": self = .bridleway
        default: self = tags["footway"] == "crossing" ? .crossing : .road
        }
    }

    /// Ferries, cycleways, busways, bridleways and fast roads need `foot=yes` (or designated, permissive).
    func needsFootPermission(_ tags: [String: String]) -> Bool {
        if self == .ferry { return true }
        guard let highway = tags["highway"] else { return false }
        return FootAccess.highwaysNeedingFootPermission.contains(highway)
    }
}
