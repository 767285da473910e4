import Foundation
import PlaceCore

/// Positions in the graph are OSM's own fixed point: 1e-7 degrees in an `Int32` (about 1 cm).
enum FixedPoint {
    static let perDegree = 1e7

    @inline(__always) static func degrees(_ value: Int32) -> Double { Double(value) / perDegree }

    /// The nearest fixed-point value; only called with degrees already checked to be on the globe.
    @inline(__always) static func value(_ degrees: Double) -> Int32 {
        Int32((degrees * perDegree).rounded())
    }
}

/// Metres per degree of latitude and of longitude on the WGS 84 ellipsoid around one latitude: the
/// meridional radius and the prime-vertical radius times the cosine.
///
/// A segment of a way is a few metres to a few hundred metres long, so measuring it on the plane
/// tangent at its middle latitude is within a millimetre of the geodesic (Lambert's formula in
/// ``Geodesy`` agrees to 1e-6), at a quarter of the cost: one sine and one cosine.
struct LocalScale {
    var metresPerDegreeLatitude: Double
    var metresPerDegreeLongitude: Double

    init(latitude: Double) {
        let phi = latitude * .pi / 180
        let sine = sin(phi)
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let w2 = 1 - e2 * sine * sine
        let w = w2.squareRoot()
        let meridional = Geodesy.equatorialRadius * (1 - e2) / (w2 * w)
        let primeVertical = Geodesy.equatorialRadius / w
        metresPerDegreeLatitude = meridional * .pi / 180
        metresPerDegreeLongitude = primeVertical * cos(phi) * .pi / 180
    }

    init(metresPerDegreeLatitude: Double, metresPerDegreeLongitude: Double) {
        self.metresPerDegreeLatitude = metresPerDegreeLatitude
        self.metresPerDegreeLongitude = metresPerDegreeLongitude
    }

    /// The smallest scale anywhere between two latitudes, a little smaller still: straight lines
    /// measured with it are never longer than the ways, which is what makes it a safe (consistent)
    /// A* estimate over a whole graph.
    static func lowerBound(south: Double, north: Double) -> LocalScale {
        let nearEquator = south <= 0 && north >= 0 ? 0 : min(abs(south), abs(north))
        let nearPole = max(abs(south), abs(north))
        let safety = 0.9999
        return LocalScale(
            metresPerDegreeLatitude: LocalScale(latitude: nearEquator).metresPerDegreeLatitude * safety,
            metresPerDegreeLongitude: LocalScale(latitude: min(nearPole, 89.9)).metresPerDegreeLongitude * safety)
    }

    /// Metres between two points in fixed point, on this plane.
    @inline(__always) func distance(_ latitude1: Int32, _ longitude1: Int32, _ latitude2: Int32, _ longitude2: Int32)
        -> Double
    {
        let dy = Double(Int64(latitude2) - Int64(latitude1)) / FixedPoint.perDegree * metresPerDegreeLatitude
        let dx = Double(Int64(longitude2) - Int64(longitude1)) / FixedPoint.perDegree * metresPerDegreeLongitude
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The length of one segment of a way, on the plane at its middle latitude.
    @inline(__always) static func segmentLength(
        _ latitude1: Int32, _ longitude1: Int32, _ latitude2: Int32, _ longitude2: Int32
    ) -> Double {
        if latitude1 == latitude2 && longitude1 == longitude2 { return 0 }
        let middle = (Double(latitude1) + Double(latitude2)) / 2 / FixedPoint.perDegree
        return LocalScale(latitude: middle).distance(latitude1, longitude1, latitude2, longitude2)
    }
}
