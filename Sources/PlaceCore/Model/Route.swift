/// A route from one point to another, as a routing provider (Google Directions, OSRM) gives it.
public struct Route: Sendable, Equatable, Codable {
    /// Who computed it.
    public var provider: ProviderID
    /// The whole path, first point at the origin.
    public var path: [Coordinate]
    /// Metres along the path.
    public var distance: Double
    /// Seconds the provider expects it to take.
    public var duration: Double
    /// The parts between waypoints, in order; empty when the provider gives no breakdown.
    public var legs: [RouteLeg]
    /// The provider's one-line name for it ("Damstraat").
    public var summary: String?
    /// What the provider says the user must see ("Walking directions are in beta…").
    public var warnings: [String]
    /// Attribution the provider requires ("Map data ©2026 Google", "© OpenStreetMap contributors").
    public var attribution: String?
    /// Where the walk joined the ways at its start and at its end, when the router says (the local
    /// walking graph does; Google and OSRM do not).
    public var start: RouteEnd?
    /// Where the walk joined the ways at its end, when the router says.
    public var end: RouteEnd?

    /// Makes a route from what the provider gives: who, the path, metres and seconds, and whatever else it says.
    public init(
        provider: ProviderID, path: [Coordinate], distance: Double, duration: Double, legs: [RouteLeg] = [], summary: String? = nil,
        warnings: [String] = [], attribution: String? = nil, start: RouteEnd? = nil, end: RouteEnd? = nil
    ) {
        self.provider = provider
        self.path = path
        self.distance = distance
        self.duration = duration
        self.legs = legs
        self.summary = summary
        self.warnings = warnings
        self.attribution = attribution
        self.start = start
        self.end = end
    }

    /// Every step of every leg, in order.
    public var steps: [RouteStep] { legs.flatMap(\.steps) }
}

/// The part of a route between two waypoints; a route without waypoints has one.
public struct RouteLeg: Sendable, Equatable, Codable {
    /// Metres along the leg.
    public var distance: Double
    /// Seconds the provider expects the leg to take.
    public var duration: Double
    /// The provider's name for where the leg starts (an address or a street), when it gives one.
    public var startName: String?
    /// The provider's name for where the leg ends (an address or a street), when it gives one.
    public var endName: String?
    /// The leg's instructions, in order.
    public var steps: [RouteStep]

    /// Makes a leg from its metres and seconds and, when known, its end names and steps.
    public init(distance: Double, duration: Double, startName: String? = nil, endName: String? = nil, steps: [RouteStep] = []) {
        self.distance = distance
        self.duration = duration
        self.startName = startName
        self.endName = endName
        self.steps = steps
    }
}

/// One instruction: what to do, then how far to go.
public struct RouteStep: Sendable, Equatable, Codable {
    /// Plain text, no markup ("Turn right onto Damstraat").
    public var instruction: String
    /// Metres the step covers.
    public var distance: Double
    /// Seconds the provider expects the step to take.
    public var duration: Double
    /// The provider's manoeuvre word, when it gives one ("turn-right", "depart", "arrive").
    public var maneuver: String?
    /// The street the step follows, when known.
    public var name: String?
    /// The step's own path; its first point is where the instruction applies.
    public var path: [Coordinate]

    /// Makes a step from its instruction, metres and seconds and, when known, its manoeuvre, street and path.
    public init(
        instruction: String, distance: Double, duration: Double, maneuver: String? = nil, name: String? = nil, path: [Coordinate] = []
    ) {
        self.instruction = instruction
        self.distance = distance
        self.duration = duration
        self.maneuver = maneuver
        self.name = name
        self.path = path
    }
}

/// Where one end of a walk joins the ways: how far from the point asked for, on what, and whether
/// only a way nobody in the open is on was near. A router over its own map of the ways knows it
/// (the local walking graph); Google and OSRM do not say.
public struct RouteEnd: Sendable, Equatable, Codable {
    /// What the walk starts or ends on.
    public enum Ground: String, Sendable, Codable, CaseIterable {
        /// A street or a path under the sky, open to all.
        case way
        /// Inside a pedestrian area (a square), crossed straight from the point itself.
        case area
        /// Below ground.
        case tunnel
        /// Under a roof: a building passage, an indoor corridor.
        case indoors
        /// Open to some only: customers, people going there.
        case restricted
    }

    /// Metres from the point asked for to where the walk starts or ends; 0 inside an area.
    public var distance: Double
    /// The way's or the area's name, when it has one.
    public var name: String?
    /// What sort of way it is, in words: "the footpath", "the service road".
    public var wayDescription: String
    /// What the walk starts or ends on: a way open to all, an area, a tunnel, indoors or a restricted way.
    public var ground: Ground
    /// When no way under the sky and open to all was near, so that a tunnel, an indoor or a
    /// restricted way was taken: how far one was looked for, in metres; nil otherwise.
    public var fallbackReach: Double?

    /// Makes an end from its distance, name, way and ground; `fallbackReach` only when no way open to all was near.
    public init(distance: Double, name: String?, wayDescription: String, ground: Ground, fallbackReach: Double? = nil) {
        self.distance = distance
        self.name = name
        self.wayDescription = wayDescription
        self.ground = ground
        self.fallbackReach = fallbackReach
    }

    /// The way's name, else what sort of way it is.
    public var label: String { name ?? wayDescription }
}

/// Where a walk joined the ways at both ends (``RouteEnd``), for a walking distance that was routed.
public struct WalkEnds: Sendable, Equatable, Codable {
    /// Where the walk joined the ways at its start.
    public var start: RouteEnd
    /// Where the walk joined the ways at its end.
    public var end: RouteEnd

    /// Makes the pair from the walk's two ends.
    public init(start: RouteEnd, end: RouteEnd) {
        self.start = start
        self.end = end
    }
}
