public import PlaceCore
public import Foundation

/// One position report from a GPS: where, when, and how sure.
///
/// Read from GPX track points, GeoJSON points, NDJSON lines or gpsd's TPV reports; fed to
/// ``RouteMonitor`` (follow) and the stop detector (stops).
public struct LocationFix: Sendable, Equatable {
    public var coordinate: Coordinate
    /// When it was taken; nil when the source did not say.
    public var time: Date?
    /// The radius, in metres, within which the true position lies (about 68 %, CoreLocation's and
    /// gpsd's `eph` meaning); nil when unknown. Zero and negative values are not accuracies and
    /// are read as unknown.
    public var horizontalAccuracy: Double?
    /// Metres above sea level, when known.
    public var elevation: Double?
    /// Metres per second over ground, when the receiver said.
    public var speed: Double?
    /// Degrees clockwise from true north, when the receiver said.
    public var course: Double?

    public init(
        coordinate: Coordinate, time: Date? = nil, horizontalAccuracy: Double? = nil, elevation: Double? = nil,
        speed: Double? = nil, course: Double? = nil
    ) {
        self.coordinate = coordinate
        self.time = time
        self.horizontalAccuracy = horizontalAccuracy.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.elevation = elevation
        self.speed = speed
        self.course = course
    }
}
