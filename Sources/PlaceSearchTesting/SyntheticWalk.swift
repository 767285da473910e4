public import Foundation
import PlaceBytes
public import PlaceCore

/// A walk made up fix by fix, for tests of stops and of following a walk: one fix a second, walking
/// at a steady pace toward each target, staying with a few metres of seeded jitter, written as
/// NDJSON or as gpsd reports. The same calls give the same fixes every time.
public struct SyntheticWalk {
    /// Each fix: where, seconds after the walk's start, and its accuracy in metres.
    public var fixes: [(Coordinate, Int, Double)] = []
    /// Where the walker is now.
    public var position: Coordinate
    /// Seconds since the start of the last fix.
    public var second = 0
    private var random: UInt64 = 11

    public init(start: Coordinate) { position = start }

    /// Metres of jitter, within ±4 m.
    mutating func jitter() -> Double {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Double(random >> 11) / Double(1 << 53) - 0.5) * 8
    }

    /// Walks to `target` at `speed` metres a second, a fix every second on the way.
    public mutating func walk(to target: Coordinate, speed: Double = 1.4) {
        while position.distance(to: target) > speed {
            position = Geodesy.destination(from: position, distance: speed, bearing: position.bearing(to: target))
            second += 1
            fixes.append((position, second, 5))
        }
    }

    /// Stays `seconds` here, each fix a few metres off, of the given accuracy.
    public mutating func stay(_ seconds: Int, accuracy: Double = 5) {
        for _ in 0..<seconds {
            second += 1
            let point = Geodesy.destination(from: position, distance: abs(jitter()), bearing: jitter() > 0 ? 45 : 225)
            fixes.append((point, second, accuracy))
        }
    }

    /// One JSON object a line (`lat`, `lon`, `time`, `accuracy`), the walk starting at `start`.
    public func ndjson(from start: Date) -> String {
        fixes.map { point, second, accuracy in
            #"{"lat":\#(point.latitude),"lon":\#(point.longitude),"time":"\#(ISO8601Text.format(start.addingTimeInterval(Double(second))))","accuracy":\#(accuracy)}"#
        }.joined(separator: "\n") + "\n"
    }

    /// gpsd's TPV reports, the walk starting at `start`.
    public func gpsd(from start: Date) -> String {
        fixes.map { point, second, accuracy in
            #"{"class":"TPV","mode":3,"time":"\#(ISO8601Text.format(start.addingTimeInterval(Double(second))))","lat":\#(point.latitude),"lon":\#(point.longitude),"eph":\#(accuracy)}"#
        }.joined(separator: "\n") + "\n"
    }
}
