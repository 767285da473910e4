import Foundation

/// A latitude/longitude rectangle. Boxes that cross the antimeridian have `west > east`.
public struct BoundingBox: Hashable, Sendable, Codable {
    /// The southern edge: a latitude in degrees.
    public let south: Double
    /// The western edge: a longitude in degrees, greater than `east` when the box crosses the antimeridian.
    public let west: Double
    /// The northern edge: a latitude in degrees.
    public let north: Double
    /// The eastern edge: a longitude in degrees.
    public let east: Double

    /// Makes a box from its four edges in degrees, as given: nothing is checked or reordered.
    public init(south: Double, west: Double, north: Double, east: Double) {
        self.south = south
        self.west = west
        self.north = north
        self.east = east
    }

    /// The smallest box holding a circle of `radius` metres around `center`.
    public init(center: Coordinate, radius: Double) {
        let latitudeDelta = Geodesy.degrees(radius / Geodesy.meanRadius)
        let south = max(-90, center.latitude - latitudeDelta)
        let north = min(90, center.latitude + latitudeDelta)
        let cosLatitude = cos(Geodesy.radians(center.latitude))
        // Near the poles the circle covers every longitude.
        if cosLatitude < 1e-9 || north == 90 || south == -90 {
            self.init(south: south, west: -180, north: north, east: 180)
            return
        }
        let longitudeDelta = min(180, latitudeDelta / cosLatitude)
        var west = center.longitude - longitudeDelta
        var east = center.longitude + longitudeDelta
        if longitudeDelta >= 180 {
            west = -180
            east = 180
        } else {
            if west < -180 { west += 360 }
            if east > 180 { east -= 360 }
        }
        self.init(south: south, west: west, north: north, east: east)
    }

    /// The smallest box holding every coordinate (nil for none). Does not try to cross the antimeridian.
    public init?(enclosing coordinates: some Sequence<Coordinate>) {
        var iterator = coordinates.makeIterator()
        guard let first = iterator.next() else { return nil }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        while let next = iterator.next() {
            south = min(south, next.latitude)
            north = max(north, next.latitude)
            west = min(west, next.longitude)
            east = max(east, next.longitude)
        }
        self.init(south: south, west: west, north: north, east: east)
    }

    /// Whether the box wraps across longitude ±180°, that is `west > east`.
    public var crossesAntimeridian: Bool { west > east }

    /// Whether `coordinate` lies inside the box or on its edge, wrapping across the antimeridian where the box does.
    public func contains(_ coordinate: Coordinate) -> Bool {
        guard (south...north).contains(coordinate.latitude) else { return false }
        if crossesAntimeridian {
            return coordinate.longitude >= west || coordinate.longitude <= east
        }
        return (west...east).contains(coordinate.longitude)
    }

    /// Whether the two boxes share any point (neither crosses the antimeridian, or both are
    /// taken whole).
    public func intersects(_ other: BoundingBox) -> Bool {
        guard south <= other.north, other.south <= north else { return false }
        if crossesAntimeridian || other.crossesAntimeridian { return true }
        return west <= other.east && other.west <= east
    }

    /// Metres from `coordinate` to the nearest point of this box (0 inside), roughly.
    public func distance(to coordinate: Coordinate) -> Double {
        let latitude = min(max(coordinate.latitude, south), north)
        let longitude = crossesAntimeridian || contains(coordinate) ? coordinate.longitude : min(max(coordinate.longitude, west), east)
        guard let nearest = try? Coordinate(latitude: latitude, longitude: longitude) else { return 0 }
        return nearest.distance(to: coordinate)
    }

    /// This box grown by `metres` on every side (roughly, by the degrees at its middle latitude).
    public func padded(by metres: Double) -> BoundingBox {
        let latitudeDelta = Geodesy.degrees(metres / Geodesy.meanRadius)
        let middle = (south + north) / 2
        let longitudeDelta = min(180, latitudeDelta / max(1e-9, cos(Geodesy.radians(middle))))
        return BoundingBox(
            south: max(-90, south - latitudeDelta), west: max(-180, west - longitudeDelta), north: min(90, north + latitudeDelta),
            east: min(180, east + longitudeDelta))
    }
}
