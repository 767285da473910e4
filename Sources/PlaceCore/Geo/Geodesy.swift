import Foundation

/// Distances and bearings on the WGS 84 ellipsoid.
///
/// Distance uses Lambert's formula: a spherical central angle on reduced latitudes with a
/// first-order flattening correction. Against GeographicLib's exact geodesics it stays within
/// about 0.01 % (metres over thousands of kilometres), where plain haversine can be 0.5 % off.
/// It costs a handful of trigonometric calls, which ranking can afford per candidate.
public enum Geodesy {
    /// WGS 84 semi-major axis, metres.
    public static let equatorialRadius = 6_378_137.0
    /// WGS 84 flattening.
    public static let flattening = 1 / 298.257223563
    /// IUGG mean radius, metres: the sphere used for bearings and offsets.
    public static let meanRadius = 6_371_008.8

    /// Length of the shortest path between two points, in metres.
    public static func distance(_ a: Coordinate, _ b: Coordinate) -> Double {
        if a == b { return 0 }
        let f = flattening
        // Reduced (parametric) latitudes.
        let beta1 = atan((1 - f) * tan(radians(a.latitude)))
        let beta2 = atan((1 - f) * tan(radians(b.latitude)))
        let deltaLambda = radians(b.longitude - a.longitude)
        // Central angle by haversine on the reduced latitudes (well conditioned for short distances).
        let h =
            sin((beta2 - beta1) / 2) * sin((beta2 - beta1) / 2)
            + cos(beta1) * cos(beta2) * sin(deltaLambda / 2) * sin(deltaLambda / 2)
        let sigma = 2 * asin(min(1, sqrt(h)))
        if sigma == 0 { return 0 }
        let p = (beta1 + beta2) / 2
        let q = (beta2 - beta1) / 2
        let sinHalf = sin(sigma / 2)
        let cosHalf = cos(sigma / 2)
        // Near-antipodal points make the correction ill-conditioned; the sphere is within 0.5 % there.
        guard cosHalf > 1e-6 else { return equatorialRadius * (1 - f / 2) * sigma }
        let x = (sigma - sin(sigma)) * (sin(p) * sin(p)) * (cos(q) * cos(q)) / (cosHalf * cosHalf)
        let y = (sigma + sin(sigma)) * (cos(p) * cos(p)) * (sin(q) * sin(q)) / (sinHalf * sinHalf)
        return equatorialRadius * (sigma - f / 2 * (x + y))
    }

    /// Initial bearing from `a` towards `b`, degrees clockwise from true north in 0..<360.
    public static func bearing(from a: Coordinate, to b: Coordinate) -> Double {
        let phi1 = radians(a.latitude)
        let phi2 = radians(b.latitude)
        let deltaLambda = radians(b.longitude - a.longitude)
        let y = sin(deltaLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(deltaLambda)
        let degrees = atan2(y, x) * 180 / .pi
        let normalized = degrees.truncatingRemainder(dividingBy: 360)
        return normalized < 0 ? normalized + 360 : normalized
    }

    /// The point reached by going `distance` metres from `origin` on `bearing` (spherical model).
    /// A distance or bearing that is not finite leaves you where you are.
    public static func destination(from origin: Coordinate, distance: Double, bearing: Double) -> Coordinate {
        guard distance.isFinite, bearing.isFinite else { return origin }
        let delta = distance / meanRadius
        let theta = radians(bearing)
        let phi1 = radians(origin.latitude)
        let lambda1 = radians(origin.longitude)
        let phi2 = asin(sin(phi1) * cos(delta) + cos(phi1) * sin(delta) * cos(theta))
        let lambda2 = lambda1 + atan2(sin(theta) * sin(delta) * cos(phi1), cos(delta) - sin(phi1) * sin(phi2))
        var longitude = degrees(lambda2)
        longitude = (longitude + 540).truncatingRemainder(dividingBy: 360) - 180
        let latitude = min(90, max(-90, degrees(phi2)))
        return (try? Coordinate(latitude: latitude, longitude: longitude)) ?? origin
    }

    static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}

extension Coordinate {
    /// Metres to `other` along the ellipsoid (see ``Geodesy/distance(_:_:)``).
    public func distance(to other: Coordinate) -> Double { Geodesy.distance(self, other) }

    /// Initial bearing to `other` in degrees, 0 = north, 90 = east.
    public func bearing(to other: Coordinate) -> Double { Geodesy.bearing(from: self, to: other) }
}
