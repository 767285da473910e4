import Foundation

/// An area's rings as fixed-point points, with the tests a walk across it needs. Positions are
/// compared on the fixed-point plane: which side of a line a point lies on does not change when
/// one axis is stretched, so no projection is needed.
struct AreaGeometry {
    /// Each ring's points, closed implicitly (last to first).
    var rings: [[(Int32, Int32)]]
    var south = Int32.max, west = Int32.max, north = Int32.min, east = Int32.min

    init(rings: [[(Int32, Int32)]]) {
        self.rings = rings.filter { $0.count >= 2 }
        for ring in self.rings {
            for (latitude, longitude) in ring {
                south = min(south, latitude)
                north = max(north, latitude)
                west = min(west, longitude)
                east = max(east, longitude)
            }
        }
    }

    /// Inside by the even-odd rule over every ring: inside an outer ring, not inside a hole.
    func contains(_ latitude: Int32, _ longitude: Int32) -> Bool {
        guard latitude >= south, latitude <= north, longitude >= west, longitude <= east else { return false }
        var inside = false
        for ring in rings {
            var previous = ring[ring.count - 1]
            for current in ring {
                if (current.0 > latitude) != (previous.0 > latitude) {
                    let crossing =
                        Double(previous.1)
                        + (Double(latitude) - Double(previous.0)) / (Double(current.0) - Double(previous.0))
                        * (Double(current.1) - Double(previous.1))
                    if Double(longitude) < crossing { inside.toggle() }
                }
                previous = current
            }
        }
        return inside
    }

    /// Metres from a point to the nearest edge, on the plane around its latitude.
    func distanceToEdge(_ latitude: Int32, _ longitude: Int32, scale: LocalScale) -> Double {
        let perLatitude = scale.metresPerDegreeLatitude / FixedPoint.perDegree
        let perLongitude = scale.metresPerDegreeLongitude / FixedPoint.perDegree
        var best = Double.infinity
        for ring in rings {
            var previous = ring[ring.count - 1]
            for current in ring {
                let ay = Double(Int64(previous.0) - Int64(latitude)) * perLatitude
                let ax = Double(Int64(previous.1) - Int64(longitude)) * perLongitude
                let dy = Double(Int64(current.0) - Int64(previous.0)) * perLatitude
                let dx = Double(Int64(current.1) - Int64(previous.1)) * perLongitude
                let squaredLength = dx * dx + dy * dy
                let fraction = squaredLength > 0 ? min(1, max(0, -(ax * dx + ay * dy) / squaredLength)) : 0
                let px = ax + fraction * dx
                let py = ay + fraction * dy
                best = min(best, px * px + py * py)
                previous = current
            }
        }
        return best.squareRoot()
    }

    /// The corners of ring `index` where the edge has bent into the area by `degrees` since the
    /// last such corner: a reflex corner of an outer ring, a convex one of a hole, and along a
    /// curve bending inward (a round plinth) one corner every `degrees` of its bend. Shortest walks
    /// across an area bend only where its edge bends inward, so these and the entrances are all a
    /// walk across needs.
    func bendsInward(ring index: Int, outer: Bool, scale: LocalScale, degrees: Double) -> [Int] {
        let ring = rings[index]
        guard ring.count >= 3 else { return [] }
        var twiceArea = 0.0
        var previous = ring[ring.count - 1]
        for current in ring {
            twiceArea += (Double(previous.1) - Double(current.1)) * (Double(previous.0) + Double(current.0))
            previous = current
        }
        // Positive: counter-clockwise with longitude as x and latitude as y. A left turn on a
        // counter-clockwise ring bends round its inside; the area is inside an outer ring and
        // outside a hole.
        let inwardSign: Double = (twiceArea > 0) == outer ? -1 : 1
        let threshold = degrees * .pi / 180
        func turn(at place: Int) -> Double {
            let before = ring[(place + ring.count - 1) % ring.count]
            let here = ring[place]
            let after = ring[(place + 1) % ring.count]
            let ax = Double(Int64(here.1) - Int64(before.1)) * scale.metresPerDegreeLongitude
            let ay = Double(Int64(here.0) - Int64(before.0)) * scale.metresPerDegreeLatitude
            let bx = Double(Int64(after.1) - Int64(here.1)) * scale.metresPerDegreeLongitude
            let by = Double(Int64(after.0) - Int64(here.0)) * scale.metresPerDegreeLatitude
            return inwardSign * atan2(ax * by - ay * bx, ax * bx + ay * by)
        }
        // Start after the sharpest outward corner (or anywhere on a ring that only bends inward),
        // so that a curve's bend is not split by where the ring happens to start.
        let turns = ring.indices.map(turn)
        let start = (turns.indices.min { turns[$0] < turns[$1] } ?? 0) + 1
        var corners: [Int] = []
        var bent = 0.0
        for step in 0..<ring.count {
            let place = (start + step) % ring.count
            bent = max(0, bent + turns[place])
            if bent >= threshold {
                corners.append(place)
                bent = 0
            }
        }
        return corners
    }

    /// Whether the straight line from `a` to `b` stays inside: it crosses no edge (touching one at
    /// an end or a corner is not crossing) and its middle is inside.
    func sees(_ a: (Int32, Int32), _ b: (Int32, Int32)) -> Bool {
        let middle = (Int32((Int64(a.0) + Int64(b.0)) / 2), Int32((Int64(a.1) + Int64(b.1)) / 2))
        guard contains(middle.0, middle.1) else { return false }
        for ring in rings {
            var previous = ring[ring.count - 1]
            for current in ring {
                if Self.crosses(a, b, previous, current) { return false }
                previous = current
            }
        }
        return true
    }

    /// Whether segments ab and pq cross at a point inside both.
    static func crosses(_ a: (Int32, Int32), _ b: (Int32, Int32), _ p: (Int32, Int32), _ q: (Int32, Int32)) -> Bool {
        // In doubles: exact for the few kilometres an area spans, and no overflow for any input.
        func side(_ o: (Int32, Int32), _ u: (Int32, Int32), _ v: (Int32, Int32)) -> Int {
            let cross =
                (Double(u.0) - Double(o.0)) * (Double(v.1) - Double(o.1)) - (Double(u.1) - Double(o.1))
                * (Double(v.0) - Double(o.0))
            return cross > 0 ? 1 : cross < 0 ? -1 : 0
        }
        return side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0
    }

    /// Member ways joined end to end into rings (either way round), each without its closing
    /// repeat. A ring the file does not close (a member outside the extract) is closed straight
    /// from its last node to its first.
    static func joinRings(_ ways: [[Int32]]) -> [[Int32]] {
        var open = ways.filter { $0.count >= 2 }
        var rings: [[Int32]] = []
        while !open.isEmpty {
            var ring = open.removeFirst()
            while let last = ring.last, ring.first != last,
                let next = open.firstIndex(where: { $0.first == last || $0.last == last })
            {
                let way = open.remove(at: next)
                ring.append(contentsOf: (way.first == last ? way : way.reversed()).dropFirst())
            }
            if ring.count >= 2, ring.first == ring.last { ring.removeLast() }
            if Set(ring).count >= 3 { rings.append(ring) }
        }
        return rings
    }
}
