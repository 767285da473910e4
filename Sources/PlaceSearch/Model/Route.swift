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
    public var legs: [RouteLeg]
    /// The provider's one-line name for it ("Damstraat").
    public var summary: String?
    /// What the provider says the user must see ("Walking directions are in beta…").
    public var warnings: [String]
    /// Attribution the provider requires ("Map data ©2026 Google", "© OpenStreetMap contributors").
    public var attribution: String?

    public init(
        provider: ProviderID, path: [Coordinate], distance: Double, duration: Double, legs: [RouteLeg] = [], summary: String? = nil,
        warnings: [String] = [], attribution: String? = nil
    ) {
        self.provider = provider
        self.path = path
        self.distance = distance
        self.duration = duration
        self.legs = legs
        self.summary = summary
        self.warnings = warnings
        self.attribution = attribution
    }

    /// Every step of every leg, in order.
    public var steps: [RouteStep] { legs.flatMap(\.steps) }
}

/// The part of a route between two waypoints; a route without waypoints has one.
public struct RouteLeg: Sendable, Equatable, Codable {
    public var distance: Double
    public var duration: Double
    public var startName: String?
    public var endName: String?
    public var steps: [RouteStep]

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
    public var distance: Double
    public var duration: Double
    /// The provider's manoeuvre word, when it gives one ("turn-right", "depart", "arrive").
    public var maneuver: String?
    /// The street the step follows, when known.
    public var name: String?
    /// The step's own path; its first point is where the instruction applies.
    public var path: [Coordinate]

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
