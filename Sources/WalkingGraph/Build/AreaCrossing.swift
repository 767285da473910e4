import Foundation

/// A pedestrian area (a square) as the builder keeps it until the graph is assembled.
struct AreaDraft {
    /// Node indices of each ring, without the closing repeat; the outer rings first.
    var rings: [[Int32]]
    var outerRings: Int
    var name: UInt32
    var kind: WayKind
    var traits: WayTraits
    /// The nodes a walk across the area goes between (``WalkingGraphBuilder/crossAreas()``).
    var anchors: [Int32] = []
}

/// Walking across pedestrian areas, as people cross a square: straight from where they come in to
/// where they leave, not round its edge.
///
/// A square's *anchors* are the nodes of its edge where other ways meet it, the junctions of ways
/// inside it, the corners where its edge bends into it (an L-shaped square's inner corner, the
/// corners of a statue's plinth in it, every ``bendingCorner`` degrees round a fountain: shortest
/// walks across bend only there), and,
/// where two squares share an edge (a large square mapped in parts), nodes of that edge every
/// ``sharedEdgeSpacing`` metres. Straight stretches join anchors that see each other (the line
/// stays inside the area, crossing no edge), chosen as a greedy spanner: shortest first, a stretch
/// is added only when the walk between its ends over the edge and the stretches already added is
/// more than ``stretch`` times its length. Every walk between two anchors is then within 5 % of
/// the straight line where the line is inside the area, with a few stretches per anchor rather than
/// one to every other. A start or an end inside the area is joined to every anchor it sees when the
/// walk is asked for (``WalkingGraph/snap(_:)``).
extension WalkingGraphBuilder {
    /// How much longer than the straight line a walk between two anchors may be before a straight
    /// stretch is added between them.
    static let stretch = 1.05
    /// Up to this many anchors every pair is a candidate; past it, each anchor's nearest visible
    /// one in each of ``cones`` directions (a Yao graph), which the spanner then thins.
    static let allPairsUpTo = 60
    static let cones = 16
    /// Degrees an edge must bend into the area, at a corner or along a curve, for an anchor.
    static let bendingCorner = 45.0
    /// Metres between anchors along an edge two squares share.
    static let sharedEdgeSpacing = 25.0

    mutating func crossAreas() {
        guard !areas.isEmpty else { return }
        // How the ways that are not an area's edge or crossing use each node: 2 at an end, 1 inside.
        var uses = [UInt8](repeating: 0, count: nodes.count)
        for (number, piece) in pieces.enumerated() where !piece.traits.contains(.area) {
            let end = number + 1 < pieces.count ? pieces[number + 1].start : pieceNodes.count
            for position in piece.start..<end {
                let node = pieceNodes[position]
                guard node >= 0 else { continue }
                let isEnd = position == piece.start || position == end - 1
                uses[Int(node)] = min(2, uses[Int(node)] + (isEnd ? 2 : 1))
            }
        }
        // How many areas' edges pass through each node: 2 where two squares meet.
        var edges = [UInt8](repeating: 0, count: nodes.count)
        for area in areas {
            for node in Set(area.rings.joined()) { edges[Int(node)] = min(2, edges[Int(node)] + 1) }
        }
        var junctions: [Int32] = []
        for (node, count) in uses.enumerated() where count >= 2 { junctions.append(Int32(node)) }
        junctions.sort { nodes.latitudes[Int($0)] < nodes.latitudes[Int($1)] }
        let junctionLatitudes = junctions.map { nodes.latitudes[Int($0)] }

        for index in areas.indices {
            var area = areas[index]
            let geometry = AreaGeometry(rings: area.rings.map { ring in ring.map(position) })
            var anchors: [Int32] = []
            var seen: Set<Int32> = []
            func add(_ node: Int32) {
                if !nodes.blocked.contains(node), seen.insert(node).inserted { anchors.append(node) }
            }
            for ring in area.rings {
                var along = 0.0
                var lastKept = -Double.infinity
                for (place, node) in ring.enumerated() {
                    if place > 0 { along += length(ring[place - 1], node) }
                    let shared = edges[Int(node)] >= 2
                    let runEnds =
                        shared
                        && (edges[Int(ring[(place + ring.count - 1) % ring.count])] < 2
                            || edges[Int(ring[(place + 1) % ring.count])] < 2)
                    if uses[Int(node)] >= 1 || runEnds || (shared && along - lastKept >= Self.sharedEdgeSpacing) {
                        add(node)
                        lastKept = along
                    }
                }
            }
            let scale = LocalScale(latitude: FixedPoint.degrees(geometry.south))
            for (number, ring) in area.rings.enumerated() {
                for place in geometry.bendsInward(
                    ring: number, outer: number < area.outerRings, scale: scale, degrees: Self.bendingCorner)
                {
                    add(ring[place])
                }
            }
            let onEdge = Set(area.rings.joined())
            var low = 0
            var high = junctions.count
            while low < high {
                let middle = (low + high) >> 1
                if junctionLatitudes[middle] < geometry.south { low = middle + 1 } else { high = middle }
            }
            while low < junctions.count, junctionLatitudes[low] <= geometry.north {
                let node = junctions[low]
                low += 1
                let (latitude, longitude) = position(node)
                guard longitude >= geometry.west, longitude <= geometry.east, !onEdge.contains(node),
                    geometry.contains(latitude, longitude)
                else { continue }
                add(node)
            }
            // An area no way meets is still one to stand on: its walks start from its edge.
            if anchors.isEmpty, let first = area.rings.first?.first { add(first) }
            area.anchors = anchors
            areas[index] = area
            let traits = area.traits.union(.area)
            for (a, b) in crossings(anchors, geometry: geometry, rings: area.rings) {
                pieces.append(
                    Piece(
                        start: pieceNodes.count, name: area.name, kind: area.kind, forward: true, backward: true,
                        traits: traits))
                pieceNodes.append(a)
                pieceNodes.append(b)
            }
        }
    }

    private func position(_ node: Int32) -> (Int32, Int32) {
        (nodes.latitudes[Int(node)], nodes.longitudes[Int(node)])
    }

    private func length(_ a: Int32, _ b: Int32) -> Double {
        let (aLatitude, aLongitude) = position(a)
        let (bLatitude, bLongitude) = position(b)
        return LocalScale.segmentLength(aLatitude, aLongitude, bLatitude, bLongitude)
    }

    /// The pairs of anchors joined straight across the area: the greedy spanner over the pairs that
    /// see each other, with the walks along the edge between anchors to begin with.
    private func crossings(_ anchors: [Int32], geometry: AreaGeometry, rings: [[Int32]]) -> [(Int32, Int32)] {
        guard anchors.count >= 2 else { return [] }
        var number: [Int32: Int] = [:]
        for (index, anchor) in anchors.enumerated() { number[anchor] = index }
        var neighbours = [[(anchor: Int, metres: Double)]](repeating: [], count: anchors.count)
        for ring in rings where ring.count >= 2 {
            var along = 0.0
            var onRing: [(anchor: Int, along: Double)] = []
            for (place, node) in ring.enumerated() {
                if place > 0 { along += length(ring[place - 1], node) }
                if let anchor = number[node] { onRing.append((anchor, along)) }
            }
            let perimeter = along + length(ring[ring.count - 1], ring[0])
            guard onRing.count >= 2 else { continue }
            for (place, here) in onRing.enumerated() {
                let next = onRing[(place + 1) % onRing.count]
                let metres = place + 1 < onRing.count ? next.along - here.along : perimeter - here.along + next.along
                neighbours[here.anchor].append((next.anchor, metres))
                neighbours[next.anchor].append((here.anchor, metres))
            }
        }
        let candidates = candidatePairs(anchors, geometry: geometry)
        var pairs: [(Int32, Int32)] = []
        var heap = NodeHeap()
        for candidate in candidates {
            let limit = Self.stretch * candidate.metres
            if walk(from: candidate.a, to: candidate.b, within: limit, neighbours, heap: &heap) > limit {
                neighbours[candidate.a].append((candidate.b, candidate.metres))
                neighbours[candidate.b].append((candidate.a, candidate.metres))
                pairs.append((anchors[candidate.a], anchors[candidate.b]))
            }
        }
        return pairs
    }

    /// Pairs of anchors that see each other, shortest first: every pair for a few anchors, the Yao
    /// graph's for many.
    private func candidatePairs(_ anchors: [Int32], geometry: AreaGeometry) -> [(a: Int, b: Int, metres: Double)] {
        let scale = LocalScale(latitude: FixedPoint.degrees(geometry.south))
        func metres(_ a: Int, _ b: Int) -> Double {
            let (aLatitude, aLongitude) = position(anchors[a])
            let (bLatitude, bLongitude) = position(anchors[b])
            return scale.distance(aLatitude, aLongitude, bLatitude, bLongitude)
        }
        func sees(_ a: Int, _ b: Int) -> Bool {
            let p = position(anchors[a])
            let q = position(anchors[b])
            return p != q && geometry.sees(p, q)
        }
        var candidates: [(a: Int, b: Int, metres: Double)] = []
        if anchors.count <= Self.allPairsUpTo {
            for a in anchors.indices {
                for b in (a + 1)..<anchors.count where sees(a, b) { candidates.append((a, b, metres(a, b))) }
            }
        } else {
            var chosen: Set<Int> = []
            for a in anchors.indices {
                var others: [(anchor: Int, metres: Double)] = []
                for b in anchors.indices where b != a { others.append((b, metres(a, b))) }
                others.sort { left, right in
                    left.metres != right.metres ? left.metres < right.metres : left.anchor < right.anchor
                }
                var filled = [Bool](repeating: false, count: Self.cones)
                var open = Self.cones
                let (latitude, longitude) = position(anchors[a])
                for other in others where open > 0 {
                    let (bLatitude, bLongitude) = position(anchors[other.anchor])
                    let north = Double(Int64(bLatitude) - Int64(latitude)) * scale.metresPerDegreeLatitude
                    let east = Double(Int64(bLongitude) - Int64(longitude)) * scale.metresPerDegreeLongitude
                    let turn = (atan2(east, north) + .pi) / (2 * .pi)
                    let cone = min(Self.cones - 1, Int(turn * Double(Self.cones)))
                    guard !filled[cone], sees(a, other.anchor) else { continue }
                    filled[cone] = true
                    open -= 1
                    let key = min(a, other.anchor) * anchors.count + max(a, other.anchor)
                    if chosen.insert(key).inserted {
                        candidates.append((min(a, other.anchor), max(a, other.anchor), other.metres))
                    }
                }
            }
        }
        candidates.sort { left, right in
            left.metres != right.metres
                ? left.metres < right.metres : left.a != right.a ? left.a < right.a : left.b < right.b
        }
        return candidates
    }

    /// Metres of the shortest walk from anchor `a` to anchor `b` over `neighbours`, or infinity
    /// when it is longer than `limit`.
    private func walk(
        from a: Int, to b: Int, within limit: Double, _ neighbours: [[(anchor: Int, metres: Double)]],
        heap: inout NodeHeap
    ) -> Double {
        var distance = [Double](repeating: .infinity, count: neighbours.count)
        distance[a] = 0
        heap.removeAll()
        heap.push(0, UInt32(a))
        while let (key, popped) = heap.pop() {
            let here = Int(popped)
            if key > distance[here] { continue }
            if here == b { return key }
            if key > limit { break }
            for next in neighbours[here] where key + next.metres < distance[next.anchor] {
                distance[next.anchor] = key + next.metres
                heap.push(key + next.metres, UInt32(next.anchor))
            }
        }
        return .infinity
    }
}
