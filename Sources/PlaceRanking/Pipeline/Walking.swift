public import PlaceCore

/// A walk to a place: how far on foot and how long it takes.
public struct Walk: Sendable, Equatable, Codable {
    /// Metres on foot: routed when a route was known, else straight line × detour factor.
    public let meters: Double
    /// Metres as the crow flies.
    public let straightLineMeters: Double
    /// How long the walk takes, in seconds: ``meters`` at the model's walking speed.
    public let seconds: Double
    /// True when ``meters`` comes from a routing provider.
    public let isRouted: Bool
    /// Where a routed walk joined the ways at each end, when the router says (the local walking graph does).
    public let ends: WalkEnds?

    /// ``seconds`` in minutes.
    public var minutes: Double { seconds / 60 }
}

/// How a person on foot turns distance into time.
///
/// Streets do not run as the crow flies: urban walking routes are 20–40 % longer than the
/// straight line (Amsterdam's canals sit at the high end), so without a routed distance we
/// use the straight line × ``detourFactor``. 1.4 m/s (5 km/h) is the usual walking speed.
public struct WalkingModel: Sendable, Equatable {
    /// Walking speed, in metres per second.
    public var speed: Double
    /// How much longer than the straight line a walk is when no route is known: 1.3 is 30 % longer.
    public var detourFactor: Double

    /// A model walking at `speed` metres per second, a walk being `detourFactor` times the straight line where no route is known.
    public init(speed: Double = 1.4, detourFactor: Double = 1.3) {
        self.speed = speed
        self.detourFactor = detourFactor
    }

    /// The walk from `origin` to `destination`: `routedMeters` when given, else the straight line × ``detourFactor``,
    /// at ``speed``. `ends` is kept only for a routed walk.
    public func walk(from origin: Coordinate, to destination: Coordinate, routedMeters: Double? = nil, ends: WalkEnds? = nil) -> Walk {
        let straight = origin.distance(to: destination)
        let meters = routedMeters ?? straight * detourFactor
        return Walk(
            meters: meters, straightLineMeters: straight, seconds: meters / speed, isRouted: routedMeters != nil,
            ends: routedMeters != nil ? ends : nil)
    }

    /// The straight-line distance that can be walked in `seconds`.
    public func reach(inSeconds seconds: Double) -> Double { seconds * speed / detourFactor }

    /// The radius to ask providers about for a walk of at most `seconds`: the reach rounded up to
    /// `step` and at least `minimum`, so that limits close together send one request (and one
    /// recording answers them) while the walking filter does the rest.
    public func searchRadius(forSeconds seconds: Double, step: Double, minimum: Double) -> Double {
        max(minimum, (reach(inSeconds: seconds) / step).rounded(.up) * step)
    }
}
