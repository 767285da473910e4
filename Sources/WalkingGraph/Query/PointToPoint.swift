import PlaceCore

/// The shortest walk between two snapped points: bidirectional A* with the average of the two
/// straight-line estimates as potential (Goldberg and Harrelson's "consistent" variant), so both
/// searches run on the same reduced lengths and the plain bidirectional stopping rule holds: stop
/// when the two smallest keys add up to the best walk found.
struct PointToPointSearch {
    /// The average of the straight-line estimates to the destination and from the origin, on a plane
    /// where straight lines are never longer than the ways: positive towards the destination.
    struct Estimate {
        let scale: LocalScale
        let origin: (Int32, Int32)
        let destination: (Int32, Int32)

        @inline(__always) func potential(_ node: Int, _ view: GraphView) -> Double {
            let latitude = view.nodeLatitude(node)
            let longitude = view.nodeLongitude(node)
            let toDestination = scale.distance(latitude, longitude, destination.0, destination.1)
            let fromOrigin = scale.distance(origin.0, origin.1, latitude, longitude)
            return (toDestination - fromOrigin) / 2
        }
    }

    let view: GraphView
    let scale: LocalScale
    let space: SearchSpace

    struct Found {
        var metres: Double
        var pieces: [ChainPiece]
        /// Nodes settled by both directions together: the work done.
        var settled: Int
    }

    func run(from origin: SnappedPoint, to destination: SnappedPoint) -> Found? {
        var forward = space.forward.begin()
        var backward = space.backward.begin()
        defer {
            space.forward.finish(forward)
            space.backward.finish(backward)
        }
        let estimate = Estimate(
            scale: scale,
            origin: (FixedPoint.value(origin.coordinate.latitude), FixedPoint.value(origin.coordinate.longitude)),
            destination: (
                FixedPoint.value(destination.coordinate.latitude), FixedPoint.value(destination.coordinate.longitude)
            ))

        var best = Double.infinity
        var meeting: Int?
        var direct: ChainPiece?
        if let piece = view.direct(from: origin, to: destination) {
            best = piece.length
            direct = piece
        }
        for start in view.departures(from: origin) {
            forward.improve(
                start.node, distance: start.metres, key: start.metres + estimate.potential(start.node, view),
                parent: SearchSide.fromEndpoint, chain: UInt32(start.piece.chain))
        }
        for end in view.arrivals(at: destination) {
            backward.improve(
                end.node, distance: end.metres, key: end.metres - estimate.potential(end.node, view),
                parent: SearchSide.fromEndpoint, chain: UInt32(end.piece.chain))
            if forward.marks.isReached(end.node), forward.marks.distance[end.node] + end.metres < best {
                best = forward.marks.distance[end.node] + end.metres
                meeting = end.node
            }
        }

        var settled = 0
        while true {
            let forwardTop = forward.heap.minimumKey
            let backwardTop = backward.heap.minimumKey
            if forwardTop + backwardTop >= best || (forwardTop == .infinity && backwardTop == .infinity) { break }
            let expanded =
                forwardTop <= backwardTop
                ? expand(
                    &forward, other: backward.marks, allowed: ArcFlags.out, sign: 1, estimate: estimate, best: &best)
                : expand(
                    &backward, other: forward.marks, allowed: ArcFlags.into, sign: -1, estimate: estimate, best: &best)
            guard let expanded else { break }
            if let node = expanded.meeting { meeting = node }
            if expanded.settled { settled += 1 }
        }
        guard best < .infinity else { return nil }
        guard let meeting else {
            return direct.map { Found(metres: best, pieces: [$0], settled: settled) }
        }
        return Found(
            metres: best, pieces: pieces(meeting: meeting, origin: origin, destination: destination), settled: settled)
    }

    /// Settles the nearest queued node of one side and relaxes its arcs: `allowed` is the arc flag
    /// that side may walk, `sign` turns the potential round for the backward side. Nil when the
    /// heap is empty; the meeting node when the best walk got shorter.
    @inline(__always)
    private func expand(
        _ side: inout SideCursor, other: SideMarks, allowed: UInt32, sign: Double, estimate: Estimate,
        best: inout Double
    ) -> (settled: Bool, meeting: Int?)? {
        guard let (_, popped) = side.heap.pop() else { return nil }
        let node = Int(popped)
        if side.marks.isSettled(node) { return (false, nil) }
        side.marks.settle(node)
        var meeting: Int?
        let here = side.marks.distance[node]
        if other.isReached(node), here + other.distance[node] < best {
            best = here + other.distance[node]
            meeting = node
        }
        for arc in view.arcs(of: node) {
            let chainAndFlags = view.arcChainAndFlags(arc)
            guard chainAndFlags & allowed != 0 else { continue }
            let target = view.arcTarget(arc)
            guard target < view.nodeCount, !side.marks.isSettled(target) else { continue }
            let length = Double(view.arcLength(arc))
            guard length >= 0 else { continue }
            let distance = here + length
            let key = distance + sign * estimate.potential(target, view)
            if side.improve(
                target, distance: distance, key: key, parent: UInt32(node), chain: chainAndFlags & ArcFlags.chainMask),
                other.isReached(target), distance + other.distance[target] < best
            {
                best = distance + other.distance[target]
                meeting = target
            }
        }
        return (true, meeting)
    }

    /// The walk through `meeting`: back along the forward parents to the origin, then along the
    /// backward parents to the destination.
    private func pieces(meeting: Int, origin: SnappedPoint, destination: SnappedPoint) -> [ChainPiece] {
        let head = trace(space.forward, from: meeting, ends: view.departures(from: origin)) { chain, _, parent in
            view.wholeChain(chain, from: parent)
        }
        let tail = trace(space.backward, from: meeting, ends: view.arrivals(at: destination)) { chain, node, _ in
            view.wholeChain(chain, from: node)
        }
        return head.reversed() + tail
    }

    /// The pieces from `meeting` along one side's parents to its snapped point, in the order met;
    /// `whole` gives the piece for the chain between a node and its parent. Stops after as many
    /// steps as there are nodes, whatever a damaged file says.
    private func trace(
        _ side: SearchSide, from meeting: Int, ends: [Endpoint],
        whole: (_ chain: Int, _ node: Int, _ parent: Int) -> ChainPiece
    ) -> [ChainPiece] {
        var pieces: [ChainPiece] = []
        var node = meeting
        for _ in 0...view.nodeCount {
            let parent = side.parentNode[node]
            let chain = Int(side.parentChain[node])
            if parent == SearchSide.fromEndpoint {
                let end = ends.filter { $0.node == node && $0.piece.chain == chain }.min { $0.metres < $1.metres }
                if let end { pieces.append(end.piece) }
                break
            }
            pieces.append(whole(chain, node, Int(parent)))
            node = Int(parent)
        }
        return pieces
    }
}
