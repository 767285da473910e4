import PlaceCore

/// Which points of a GPX file a reader yields.
///
/// A recorded trace is track points (the default). A planned route is usually a `<rte>`, sometimes a
/// `<trk>`; waypoints are loose points of interest, yielded only when asked for. A change from one
/// `<trkseg>`, `<trk>` or `<rte>` to the next, or between waypoints and the others, is a
/// ``TraceItem/segmentBreak``.
public struct GPXPointKinds: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `<trk><trkseg><trkpt>`: what a GPS records.
    public static let trackPoints = GPXPointKinds(rawValue: 1 << 0)
    /// `<rte><rtept>`: a planned route.
    public static let routePoints = GPXPointKinds(rawValue: 1 << 1)
    /// `<wpt>`: points of interest.
    public static let waypoints = GPXPointKinds(rawValue: 1 << 2)

    public static let all: GPXPointKinds = [.trackPoints, .routePoints, .waypoints]
}
