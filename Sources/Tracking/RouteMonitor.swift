public import PlaceCore
import Foundation

/// Follows a walker along a route, one fix at a time, and says when they leave it, come back to
/// it, and arrive.
///
/// The rules, after the Off Route sample and Mapbox Navigation (see ``Settings`` for the numbers):
/// - **Off route at once** when a fix is at or beyond the distance threshold from the route.
/// - **Off route after a while** when fixes stay beyond the tolerance (but under the threshold)
///   for longer than the time threshold: a walker on the other side of a wide street for a few
///   seconds is not lost; one who keeps drifting is.
/// - **Back on route** when a fix comes within the tolerance again (the plain one: a vague fix that
///   might be on the route is not enough).
/// - **A cooldown** after an alert: a walker who wobbles across the threshold gets one alert, not
///   one per fix. An off-route that begins during the cooldown is said when it ends, if the walker
///   is still off.
/// - **Arrived** when a fix is within the arrival radius of the destination; nothing follows it.
///
/// The fix's accuracy counts: both thresholds widen to the accuracy (the true position may be
/// that far from the reported one), and a fix worse than ``Settings/maximumAccuracy`` is too
/// vague to raise an alert or an arrival at all.
///
/// A value type with no allocation per fix: it keeps up with millions of fixes a second.
public struct RouteMonitor: Sendable {
    public struct Settings: Sendable, Equatable {
        /// Metres from the route that are off route at once. Mapbox uses 50 m for drivers; a walker
        /// 50 m off is a block away in a city, which is clearly lost, while 25 m is the other side
        /// of a canal with its quays. Widened to `accuracy + accuracyMargin` for a vague fix.
        public var offRouteDistance: Double
        /// Added to a fix's accuracy for the widened thresholds (Mapbox's snapping distance, 15 m).
        public var accuracyMargin: Double
        /// Metres from the route still on it: pavement on the far side of a street, GPS wobble.
        /// The Off Route sample used 0 (snapped) and alerted on any distance after 5 s, which on a
        /// phone in a city alerts all the time. Widened to the fix's accuracy.
        public var tolerance: Double
        /// Seconds beyond the tolerance (under the distance threshold) before an alert. The sample
        /// used 5 s indoors; a walker covers 20 m in 15 s, enough to tell a detour from a stumble.
        public var offRouteTime: Double
        /// Seconds after an alert during which no other alert is given (the sample: 10 s).
        public var cooldown: Double
        /// Metres from the destination that count as there (ReCrowd: 50 m).
        public var arrivalRadius: Double
        /// Fixes less accurate than this (metres) neither alert nor arrive.
        public var maximumAccuracy: Double

        public init(
            offRouteDistance: Double = 50, accuracyMargin: Double = 15, tolerance: Double = 15, offRouteTime: Double = 15,
            cooldown: Double = 30, arrivalRadius: Double = 50, maximumAccuracy: Double = 100
        ) {
            self.offRouteDistance = offRouteDistance
            self.accuracyMargin = accuracyMargin
            self.tolerance = tolerance
            self.offRouteTime = offRouteTime
            self.cooldown = cooldown
            self.arrivalRadius = arrivalRadius
            self.maximumAccuracy = maximumAccuracy
        }

        /// The distance threshold for a fix of this accuracy.
        public func offRouteDistance(accuracy: Double?) -> Double { max(offRouteDistance, (accuracy ?? 0) + accuracyMargin) }

        /// The tolerance for a fix of this accuracy.
        public func tolerance(accuracy: Double?) -> Double { max(tolerance, accuracy ?? 0) }
    }

    /// Why an off-route alert was given.
    public enum OffRouteReason: Sendable, Equatable {
        /// The fix was at or beyond the distance threshold (the threshold used).
        case distance(threshold: Double)
        /// Fixes stayed beyond the tolerance this many seconds.
        case time(seconds: Double)
        /// The walker left during the cooldown after an earlier alert and is still off.
        case afterCooldown
    }

    public enum Event: Sendable, Equatable {
        case offRoute(OffRoute)
        case backOnRoute(BackOnRoute)
        case arrived(Arrival)

        /// The fix that caused it.
        public var fix: LocationFix {
            switch self {
            case .offRoute(let event): event.fix
            case .backOnRoute(let event): event.fix
            case .arrived(let event): event.fix
            }
        }
    }

    public struct OffRoute: Sendable, Equatable {
        public var fix: LocationFix
        /// Metres from the fix to the route.
        public var distance: Double
        public var reason: OffRouteReason
        /// Metres along the route to the point nearest the fix.
        public var along: Double
    }

    public struct BackOnRoute: Sendable, Equatable {
        public var fix: LocationFix
        public var distance: Double
        /// Seconds since the walker left (since the first fix beyond the tolerance), when fixes had times.
        public var secondsOff: Double?
        public var along: Double
    }

    public struct Arrival: Sendable, Equatable {
        public var fix: LocationFix
        /// Metres from the fix to the destination.
        public var distance: Double
    }

    /// What the monitor knows after the last fix, for progress displays.
    public struct Progress: Sendable, Equatable {
        /// Metres from the last fix to the route.
        public var distanceFromRoute: Double
        /// Metres along the route to the point nearest the last fix.
        public var along: Double
        /// Metres left along the route from there.
        public var remaining: Double
        public var isOffRoute: Bool
        public var hasArrived: Bool
    }

    public let settings: Settings
    public let destination: Coordinate
    private let path: PlanarPath

    private var segment: Int?
    private var lastMatch = PlanarPath.Match(segment: 0, distance: 0, along: 0)
    /// Off route and said so.
    private var alerted = false
    /// When fixes first went beyond the tolerance, while they stay there.
    private var offSince: Date?
    /// When the last alert was given (its fix's time).
    private var lastAlertAt: Date?
    private var arrived = false

    /// - Parameters:
    ///   - route: the path to follow, origin first.
    ///   - destination: where arrival is judged; the route's last point when nil.
    /// - Throws: ``PathError`` for a route without points.
    public init(route: [Coordinate], destination: Coordinate? = nil, settings: Settings = Settings()) throws(PathError) {
        path = try PlanarPath(route)
        guard let end = destination ?? route.last else { throw PathError.empty }
        self.destination = end
        self.settings = settings
    }

    public var progress: Progress {
        Progress(
            distanceFromRoute: lastMatch.distance, along: lastMatch.along, remaining: max(0, path.length - lastMatch.along),
            isOffRoute: alerted, hasArrived: arrived)
    }

    /// The route's length in metres.
    public var routeLength: Double { path.length }

    /// Takes one fix, in time order, and returns what it changed, if anything.
    public mutating func process(_ fix: LocationFix) -> Event? {
        guard !arrived else { return nil }
        let accuracy = fix.horizontalAccuracy
        if let accuracy, accuracy > settings.maximumAccuracy { return nil }

        let toDestination = path.planarDistance(fix.coordinate, destination)
        if toDestination <= settings.arrivalRadius {
            arrived = true
            return .arrived(Arrival(fix: fix, distance: toDestination))
        }

        let tolerance = settings.tolerance(accuracy: accuracy)
        let threshold = settings.offRouteDistance(accuracy: accuracy)
        let match = path.nearest(to: fix.coordinate, near: segment, within: tolerance)
        segment = match.segment
        lastMatch = match
        let distance = match.distance

        if distance <= tolerance {
            // Widening holds alerts back; it does not clear one. A vague fix that could be on the
            // route does not say the walker is back, or the next good fix would alert again.
            if alerted, distance > settings.tolerance { return nil }
            let wasOff = alerted
            let left = offSince
            alerted = false
            offSince = nil
            guard wasOff else { return nil }
            var seconds: Double?
            if let left, left != .distantPast, let now = fix.time { seconds = now.timeIntervalSince(left) }
            return .backOnRoute(BackOnRoute(fix: fix, distance: distance, secondsOff: seconds, along: match.along))
        }

        // Beyond the tolerance. A fix without a time starts no clock (distantPast marks that).
        if offSince == nil { offSince = fix.time ?? .distantPast }
        guard !alerted else { return nil }
        var inCooldown = false
        if let lastAlertAt, let now = fix.time { inCooldown = now.timeIntervalSince(lastAlertAt) < settings.cooldown }
        let reason: OffRouteReason
        if distance >= threshold {
            reason = .distance(threshold: threshold)
        } else if let since = offSince, let now = fix.time, since != .distantPast, now.timeIntervalSince(since) >= settings.offRouteTime {
            reason = .time(seconds: now.timeIntervalSince(since))
        } else {
            return nil
        }
        if inCooldown { return nil }
        return alert(fix, distance: distance, reason: pendingSince(reason), along: match.along)
    }

    /// A reason stands as is unless the walker went off during a cooldown that has now ended.
    private func pendingSince(_ reason: OffRouteReason) -> OffRouteReason {
        guard let lastAlertAt, let offSince, offSince != .distantPast,
            offSince.timeIntervalSince(lastAlertAt) < settings.cooldown
        else { return reason }
        return .afterCooldown
    }

    private mutating func alert(_ fix: LocationFix, distance: Double, reason: OffRouteReason, along: Double) -> Event {
        alerted = true
        lastAlertAt = fix.time ?? lastAlertAt
        return .offRoute(OffRoute(fix: fix, distance: distance, reason: reason, along: along))
    }
}
