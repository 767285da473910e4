import Foundation

/// A path laid flat on a local plane, ready for "how far is this point from the path, and how far
/// along it": the question a route follower asks for every fix.
///
/// The path is projected once, equirectangularly about its own middle latitude. Over a walking
/// route (a few kilometres) the error of that plane against the ellipsoid stays well under a
/// metre per kilometre, far below GPS noise; the projection of a fix is then two multiplications,
/// and the distance to a segment a handful of flops. That is what lets a monitor keep up with
/// millions of fixes a second where the ellipsoidal distance (trigonometry per segment) could not.
///
/// ``nearest(to:near:within:)`` first looks at the segments around a hint (where the walker was last),
/// and only when nothing there is close does it search the whole path through a uniform grid, so a
/// walker on the route costs a few segments and one off it costs a few grid cells.
public struct PlanarPath: Sendable {
    /// Where a point is relative to the path.
    public struct Match: Sendable, Equatable {
        /// The segment the nearest point lies on (0 is the segment from point 0 to point 1).
        public var segment: Int
        /// Metres from the point to the path.
        public var distance: Double
        /// Metres along the path from its start to the nearest point.
        public var along: Double

        /// Makes a match from the segment index and the two distances in metres.
        public init(segment: Int, distance: Double, along: Double) {
            self.segment = segment
            self.distance = distance
            self.along = along
        }
    }

    /// The points as given.
    public let points: [Coordinate]
    /// Metres along the path, start to end (on the plane).
    public let length: Double

    // Projection: x = (lon - originLon) * metresPerDegreeLon, y = (lat - originLat) * metresPerDegreeLat.
    private let originLatitude: Double
    private let originLongitude: Double
    private let metresPerDegreeLatitude: Double
    private let metresPerDegreeLongitude: Double
    /// Flat arrays, one entry per segment: start, direction, squared length, distance along at start.
    private let startX: [Double]
    private let startY: [Double]
    private let deltaX: [Double]
    private let deltaY: [Double]
    private let inverseSquaredLength: [Double]
    private let startAlong: [Double]
    private let grid: SegmentGrid

    /// Metres of path on either side of the hint looked at before the grid is asked.
    private static let windowBehind = 60.0
    private static let windowAhead = 150.0

    /// - Throws: ``PathError`` when there is no point.
    public init(_ points: [Coordinate]) throws(PathError) {
        guard let first = points.first else { throw PathError.empty }
        self.points = points
        let latitudes = points.map(\.latitude)
        let middle = ((latitudes.min() ?? 0) + (latitudes.max() ?? 0)) / 2
        originLatitude = first.latitude
        originLongitude = first.longitude
        // Metres per degree on the WGS 84 ellipsoid at the middle latitude (meridional and
        // normal radii of curvature), so that distances agree with ``Geodesy`` to a few millimetres
        // per hundred metres.
        let phi = middle * .pi / 180
        let a = Geodesy.equatorialRadius
        let e2 = Geodesy.flattening * (2 - Geodesy.flattening)
        let w = (1 - e2 * sin(phi) * sin(phi)).squareRoot()
        let perDegreeLatitude = a * (1 - e2) / (w * w * w) * .pi / 180
        let perDegreeLongitude = a / w * cos(phi) * .pi / 180
        metresPerDegreeLatitude = perDegreeLatitude
        metresPerDegreeLongitude = perDegreeLongitude

        // A lone point is a path of one zero-length segment.
        let vertices = points.count == 1 ? [first, first] : points
        let count = vertices.count - 1
        var startX = [Double](), startY = [Double](), deltaX = [Double](), deltaY = [Double]()
        var inverse = [Double](), along = [Double]()
        startX.reserveCapacity(count); startY.reserveCapacity(count); deltaX.reserveCapacity(count)
        deltaY.reserveCapacity(count); inverse.reserveCapacity(count); along.reserveCapacity(count)
        var total = 0.0
        // The same projection as project(_:), which cannot be called before every property is set.
        let project = { (c: Coordinate) -> (Double, Double) in
            ((c.longitude - first.longitude) * perDegreeLongitude, (c.latitude - first.latitude) * perDegreeLatitude)
        }
        var (px, py) = project(vertices[0])
        for index in 1...count {
            let (qx, qy) = project(vertices[index])
            let dx = qx - px, dy = qy - py
            let squared = dx * dx + dy * dy
            startX.append(px); startY.append(py); deltaX.append(dx); deltaY.append(dy)
            inverse.append(squared > 0 ? 1 / squared : 0)
            along.append(total)
            total += squared.squareRoot()
            (px, py) = (qx, qy)
        }
        self.startX = startX
        self.startY = startY
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.inverseSquaredLength = inverse
        self.startAlong = along
        self.length = total
        self.grid = SegmentGrid(startX: startX, startY: startY, deltaX: deltaX, deltaY: deltaY)
    }

    /// The number of segments (at least 1).
    public var segmentCount: Int { startX.count }

    /// The point's position on the plane, metres east and north of the path's first point.
    @inline(__always)
    func project(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        ((coordinate.longitude - originLongitude) * metresPerDegreeLongitude, (coordinate.latitude - originLatitude) * metresPerDegreeLatitude)
    }

    /// The nearest point of the path to `coordinate`.
    /// - Parameters:
    ///   - near: the segment of the previous match, if any: its neighbourhood is searched first.
    ///   - within: a match at or under this distance found near the hint is taken without
    ///     searching the rest of the path (the path may come closer elsewhere, but the caller
    ///     only needs to know it is within). Zero always searches the whole path.
    public func nearest(to coordinate: Coordinate, near hint: Int? = nil, within: Double = 0) -> Match {
        let (x, y) = project(coordinate)
        if let hint, hint >= 0, hint < segmentCount {
            let local = windowSearch(x, y, around: hint)
            if local.squared <= within * within { return match(local) }
        }
        return match(grid.nearest(x, y, path: self))
    }

    /// Metres between two points, on the same plane (for callers that already work on it).
    public func planarDistance(_ a: Coordinate, _ b: Coordinate) -> Double {
        let (ax, ay) = project(a)
        let (bx, by) = project(b)
        return ((ax - bx) * (ax - bx) + (ay - by) * (ay - by)).squareRoot()
    }

    // MARK: - Searching

    struct Candidate {
        var segment: Int
        var squared: Double
        var fraction: Double
    }

    private func match(_ candidate: Candidate) -> Match {
        let segment = candidate.segment
        let segmentLength = inverseSquaredLength[segment] > 0 ? (1 / inverseSquaredLength[segment]).squareRoot() : 0
        return Match(segment: segment, distance: candidate.squared.squareRoot(), along: startAlong[segment] + candidate.fraction * segmentLength)
    }

    /// The squared distance from (x, y) to segment `index`, and where along it the foot falls.
    @inline(__always)
    func distanceSquared(_ x: Double, _ y: Double, toSegment index: Int) -> (Double, Double) {
        let rx = x - startX[index], ry = y - startY[index]
        let dx = deltaX[index], dy = deltaY[index]
        var t = (rx * dx + ry * dy) * inverseSquaredLength[index]
        t = t < 0 ? 0 : (t > 1 ? 1 : t)
        let ex = rx - t * dx, ey = ry - t * dy
        return (ex * ex + ey * ey, t)
    }

    /// The best segment from a little behind the hint to a little ahead of it, by path length.
    private func windowSearch(_ x: Double, _ y: Double, around hint: Int) -> Candidate {
        var best = Candidate(segment: hint, squared: .infinity, fraction: 0)
        let from = startAlong[hint] - Self.windowBehind
        let to = startAlong[hint] + Self.windowAhead
        var index = hint
        while index >= 0, startAlong[index] >= from || index == hint {
            let (squared, t) = distanceSquared(x, y, toSegment: index)
            if squared < best.squared { best = Candidate(segment: index, squared: squared, fraction: t) }
            index -= 1
        }
        index = hint + 1
        while index < segmentCount, startAlong[index] <= to {
            let (squared, t) = distanceSquared(x, y, toSegment: index)
            if squared < best.squared { best = Candidate(segment: index, squared: squared, fraction: t) }
            index += 1
        }
        return best
    }

    /// Every segment, for checking the grid.
    func bruteForceNearest(to coordinate: Coordinate) -> Match {
        let (x, y) = project(coordinate)
        var best = Candidate(segment: 0, squared: .infinity, fraction: 0)
        for index in 0..<segmentCount {
            let (squared, t) = distanceSquared(x, y, toSegment: index)
            if squared < best.squared { best = Candidate(segment: index, squared: squared, fraction: t) }
        }
        return match(best)
    }
}

/// Why a path cannot be used.
public enum PathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path has no points.
    case empty

    /// The problem in words, such as "the route has no points".
    public var description: String {
        switch self {
        case .empty: "the route has no points"
        }
    }
}

/// A uniform grid over the path's bounding box on the plane; each cell lists the segments whose
/// box overlaps it. Searched in rings around the query's cell until no unvisited cell can hold
/// anything nearer than the best found.
struct SegmentGrid: Sendable {
    private let minX: Double
    private let minY: Double
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    /// CSR layout: the segments of cell c are `entries[offsets[c]..<offsets[c + 1]]`.
    private let offsets: [Int32]
    private let entries: [Int32]

    init(startX: [Double], startY: [Double], deltaX: [Double], deltaY: [Double]) {
        var lowX = Double.infinity, lowY = Double.infinity, highX = -Double.infinity, highY = -Double.infinity
        var totalLength = 0.0
        for index in startX.indices {
            let x0 = startX[index], y0 = startY[index], x1 = x0 + deltaX[index], y1 = y0 + deltaY[index]
            lowX = min(lowX, x0, x1); highX = max(highX, x0, x1)
            lowY = min(lowY, y0, y1); highY = max(highY, y0, y1)
            totalLength += (deltaX[index] * deltaX[index] + deltaY[index] * deltaY[index]).squareRoot()
        }
        // About one segment per cell on average, at least 10 m, and at most ~64k cells.
        let span = max(highX - lowX, highY - lowY, 1)
        var size = max(10, totalLength / Double(max(1, startX.count)))
        size = max(size, span / 256)
        minX = lowX
        minY = lowY
        cellSize = size
        let columns = max(1, Int(((highX - lowX) / size).rounded(.down)) + 1)
        let rows = max(1, Int(((highY - lowY) / size).rounded(.down)) + 1)
        self.columns = columns
        self.rows = rows

        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        func cells(_ index: Int, _ body: (Int) -> Void) {
            let x0 = startX[index], y0 = startY[index], x1 = x0 + deltaX[index], y1 = y0 + deltaY[index]
            let c0 = Int((min(x0, x1) - lowX) / size), c1 = Int((max(x0, x1) - lowX) / size)
            let r0 = Int((min(y0, y1) - lowY) / size), r1 = Int((max(y0, y1) - lowY) / size)
            for row in max(0, r0)...min(rows - 1, max(r0, r1)) {
                for column in max(0, c0)...min(columns - 1, max(c0, c1)) { body(row * columns + column) }
            }
        }
        for index in startX.indices { cells(index) { counts[$0] += 1 } }
        var cellStarts = [Int32](repeating: 0, count: columns * rows + 1)
        for cell in 0..<(columns * rows) { cellStarts[cell + 1] = cellStarts[cell] + counts[cell] }
        var cursor = cellStarts
        var cellEntries = [Int32](repeating: 0, count: Int(cellStarts[columns * rows]))
        for index in startX.indices {
            cells(index) { cell in
                cellEntries[Int(cursor[cell])] = Int32(index)
                cursor[cell] += 1
            }
        }
        self.offsets = cellStarts
        self.entries = cellEntries
    }

    func nearest(_ x: Double, _ y: Double, path: PlanarPath) -> PlanarPath.Candidate {
        var best = PlanarPath.Candidate(segment: 0, squared: .infinity, fraction: 0)
        // The query's cell, clamped into the grid; a point outside starts from the nearest edge cell.
        let column = min(columns - 1, max(0, Int(((x - minX) / cellSize).rounded(.down).clamped(-1, Double(columns)))))
        let row = min(rows - 1, max(0, Int(((y - minY) / cellSize).rounded(.down).clamped(-1, Double(rows)))))
        // Distance from the point to the grid box: rings closer than that hold nothing new.
        let outsideX = max(0, minX - x, x - (minX + Double(columns) * cellSize))
        let outsideY = max(0, minY - y, y - (minY + Double(rows) * cellSize))
        let outside = (outsideX * outsideX + outsideY * outsideY).squareRoot()
        let maximumRing = max(columns, rows)
        var ring = 0
        while ring <= maximumRing {
            let rowLow = row - ring, rowHigh = row + ring, columnLow = column - ring, columnHigh = column + ring
            for r in max(0, rowLow)...min(rows - 1, rowHigh) {
                let onEdgeRow = r == rowLow || r == rowHigh
                var c = max(0, columnLow)
                let last = min(columns - 1, columnHigh)
                while c <= last {
                    let cell = r * columns + c
                    for entry in offsets[cell]..<offsets[cell + 1] {
                        let index = Int(entries[Int(entry)])
                        let (squared, t) = path.distanceSquared(x, y, toSegment: index)
                        if squared < best.squared { best = PlanarPath.Candidate(segment: index, squared: squared, fraction: t) }
                    }
                    // Inside a ring only its border cells are new.
                    c = onEdgeRow || c == last ? c + 1 : last
                }
            }
            // Anything in ring + 1 or beyond is at least `ring` cells from the point (or from its
            // clamped cell, when it lies outside the grid), and never nearer than the grid itself.
            let reach = max(Double(ring) * cellSize, outside)
            if best.squared <= reach * reach { break }
            ring += 1
        }
        return best
    }
}

extension Double {
    fileprivate func clamped(_ low: Double, _ high: Double) -> Double { self < low ? low : (self > high ? high : self) }
}
