import PlaceSearch

/// The shortest walk between two snapped points: bidirectional A* with the average of the two
/// straight-line estimates as potential (Goldberg and Harrelson's "consistent" variant), so both
/// searches run on the same reduced lengths and the plain bidirectional stopping rule holds: stop
/// when the two smallest keys add up to the best walk found.
struct PointToPointSearch {
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
        let forward = space.forward
        let backward = space.backward
        forward.reset()
        backward.reset()
        let originLatitude = FixedPoint.value(origin.coordinate.latitude)
        let originLongitude = FixedPoint.value(origin.coordinate.longitude)
        let destinationLatitude = FixedPoint.value(destination.coordinate.latitude)
        let destinationLongitude = FixedPoint.value(destination.coordinate.longitude)
        @inline(__always) func potential(_ node: Int) -> Double {
            let latitude = view.nodeLatitude(node)
            let longitude = view.nodeLongitude(node)
            let toDestination = scale.distance(latitude, longitude, destinationLatitude, destinationLongitude)
            let fromOrigin = scale.distance(originLatitude, originLongitude, latitude, longitude)
            return (toDestination - fromOrigin) / 2
        }

        var best = Double.infinity
        var meeting: Int?
        var direct: ChainPiece?
        if let piece = view.direct(from: origin, to: destination) {
            best = piece.length
            direct = piece
        }
        let departures = view.departures(from: origin)
        let arrivals = view.arrivals(at: destination)
        for start in departures {
            forward.improve(start.node, distance: start.metres, key: start.metres + potential(start.node), parent: SearchSide.fromEndpoint,
                chain: UInt32(start.piece.chain))
        }
        for end in arrivals {
            backward.improve(end.node, distance: end.metres, key: end.metres - potential(end.node), parent: SearchSide.fromEndpoint,
                chain: UInt32(end.piece.chain))
            if forward.isReached(end.node), forward.distance[end.node] + end.metres < best {
                best = forward.distance[end.node] + end.metres
                meeting = end.node
            }
        }

        var settled = 0
        while true {
            let forwardTop = forward.heap.minimumKey
            let backwardTop = backward.heap.minimumKey
            if forwardTop + backwardTop >= best || (forwardTop == .infinity && backwardTop == .infinity) { break }
            let goForward = forwardTop <= backwardTop
            let side = goForward ? forward : backward
            let other = goForward ? backward : forward
            guard let (_, popped) = side.heap.pop() else { break }
            let node = Int(popped)
            if side.isSettled(node) { continue }
            side.settle(node)
            settled += 1
            let here = side.distance[node]
            if other.isReached(node), here + other.distance[node] < best {
                best = here + other.distance[node]
                meeting = node
            }
            let allowed = goForward ? ArcFlags.out : ArcFlags.into
            for arc in view.arcs(of: node) {
                let chainAndFlags = view.arcChainAndFlags(arc)
                guard chainAndFlags & allowed != 0 else { continue }
                let target = view.arcTarget(arc)
                guard target < view.nodeCount, !side.isSettled(target) else { continue }
                let length = Double(view.arcLength(arc))
                guard length >= 0 else { continue }
                let distance = here + length
                let key = goForward ? distance + potential(target) : distance - potential(target)
                if side.improve(target, distance: distance, key: key, parent: UInt32(node), chain: chainAndFlags & ArcFlags.chainMask),
                    other.isReached(target), distance + other.distance[target] < best
                {
                    best = distance + other.distance[target]
                    meeting = target
                }
            }
        }
        guard best < .infinity else { return nil }
        guard let meeting else {
            return direct.map { Found(metres: best, pieces: [$0], settled: settled) }
        }
        return Found(metres: best, pieces: pieces(meeting: meeting, origin: origin, destination: destination), settled: settled)
    }

    /// The walk through `meeting`: back along the forward parents to the origin, then along the
    /// backward parents to the destination.
    private func pieces(meeting: Int, origin: SnappedPoint, destination: SnappedPoint) -> [ChainPiece] {
        var head: [ChainPiece] = []
        var node = meeting
        var guardCount = 0
        while guardCount <= view.nodeCount {
            guardCount += 1
            let parent = space.forward.parentNode[node]
            let chain = Int(space.forward.parentChain[node])
            if parent == SearchSide.fromEndpoint {
                if let start = view.departures(from: origin).filter({ $0.node == node && $0.piece.chain == chain }).min(by: { $0.metres < $1.metres }) {
                    head.append(start.piece)
                }
                break
            }
            head.append(view.wholeChain(chain, from: Int(parent)))
            node = Int(parent)
        }
        head.reverse()
        node = meeting
        guardCount = 0
        while guardCount <= view.nodeCount {
            guardCount += 1
            let parent = space.backward.parentNode[node]
            let chain = Int(space.backward.parentChain[node])
            if parent == SearchSide.fromEndpoint {
                if let end = view.arrivals(at: destination).filter({ $0.node == node && $0.piece.chain == chain }).min(by: { $0.metres < $1.metres }) {
                    head.append(end.piece)
                }
                break
            }
            head.append(view.wholeChain(chain, from: node))
            node = Int(parent)
        }
        return head
    }
}
