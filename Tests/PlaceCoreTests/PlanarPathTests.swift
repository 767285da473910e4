import Foundation
@testable import PlaceCore
import Testing

struct PlanarPathTests {
    /// A seeded zigzag of `count` points around Amsterdam, 5–40 m apart, doubling back on itself.
    static func zigzag(_ count: Int, seed: UInt64 = 7) -> [Coordinate] {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var point = Coordinate(52.37, 4.89)
        var heading = 0.0
        return (0..<count).map { _ in
            defer {
                heading += (next() - 0.5) * 120
                point = Geodesy.destination(from: point, distance: 5 + next() * 35, bearing: heading)
            }
            return point
        }
    }

    @Test func distancesAgreeWithTheEllipsoid() throws {
        // A 1 km segment east; points 30 m north of it, along its length.
        let start = Coordinate(52.37, 4.89)
        let end = Geodesy.destination(from: start, distance: 1000, bearing: 90)
        let path = try PlanarPath([start, end])
        #expect(abs(path.length - Geodesy.distance(start, end)) < 0.05)
        for metres in stride(from: 0.0, through: 1000, by: 100) {
            let foot = Geodesy.destination(from: start, distance: metres, bearing: 90)
            let off = Geodesy.destination(from: foot, distance: 30, bearing: 0)
            let match = path.nearest(to: off)
            #expect(abs(match.distance - 30) < 0.1)
            // Geodesy.destination walks a sphere; measure what it gave on the ellipsoid.
            #expect(abs(match.along - Geodesy.distance(start, foot)) < 0.1)
        }
        // Beyond the end, the distance is to the end point.
        let beyond = Geodesy.destination(from: end, distance: 40, bearing: 90)
        #expect(abs(path.nearest(to: beyond).distance - Geodesy.distance(end, beyond)) < 0.05)
    }

    @Test func theGridFindsWhatABruteForceScanFinds() throws {
        let points = Self.zigzag(1000)
        let path = try PlanarPath(points)
        var state: UInt64 = 99
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let bearing = Double(state >> 40 % 360)
            let distance = Double(state >> 20 & 0x3FF) * 2  // up to 2 km, beyond the path too
            let probe = Geodesy.destination(from: points[Int(state >> 50) % points.count], distance: distance, bearing: bearing)
            let fast = path.nearest(to: probe)
            let slow = path.bruteForceNearest(to: probe)
            #expect(abs(fast.distance - slow.distance) < 1e-6, "at \(probe)")
        }
    }

    @Test func theHintFindsTheLocalMatchAndFallsBackWhenFar() throws {
        let points = Self.zigzag(1000)
        let path = try PlanarPath(points)
        let probe = points[500]
        let hinted = path.nearest(to: probe, near: 498, within: 15)
        #expect(hinted.distance < 1e-6)
        // A hint at the wrong end still finds the true nearest point: nothing near the hint is within.
        let far = path.nearest(to: probe, near: 0, within: 15)
        #expect(far.distance < 1e-6)
        // A hint out of range is ignored rather than trusted.
        #expect(path.nearest(to: probe, near: 5000, within: 15).distance < 1e-6)
    }

    @Test func aSinglePointIsAPathOfNoLength() throws {
        let point = Coordinate(52.37, 4.89)
        let path = try PlanarPath([point])
        #expect(path.length == 0)
        let away = Geodesy.destination(from: point, distance: 25, bearing: 45)
        #expect(abs(path.nearest(to: away).distance - 25) < 0.05)
    }

    @Test func repeatedPointsDoNotDivideByZero() throws {
        let a = Coordinate(52.37, 4.89)
        let b = Geodesy.destination(from: a, distance: 100, bearing: 0)
        let path = try PlanarPath([a, a, a, b, b])
        let match = path.nearest(to: Geodesy.destination(from: a, distance: 50, bearing: 0))
        #expect(match.distance < 0.01)
        #expect(abs(match.along - 50) < 0.1)
    }

    @Test func noPointsIsAnError() {
        #expect(throws: PathError.empty) { try PlanarPath([]) }
    }
}
