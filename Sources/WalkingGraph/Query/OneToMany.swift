/// Walking distances from one point to many in a single Dijkstra search: each target is attached to
/// the ends of its chain, and the search stops as soon as every target's distance is final (both
/// its ends settled, or its best already below the smallest key still queued), or at a limit.
struct OneToManySearch {
    let view: GraphView
    let space: SearchSpace

    /// Metres along the ways to each target, nil where there is no walk (or none within `limit`).
    func run(from origin: SnappedPoint, to targets: [SnappedPoint?], limit: Double) -> [Double?] {
        var cursor = space.forward.begin()
        // The other side's marks flag the nodes targets hang off: one load per settled node
        // instead of a dictionary look-up.
        let flags = space.backward.begin()
        defer {
            space.forward.finish(cursor)
            space.backward.finish(flags)
        }
        var best = [Double](repeating: .infinity, count: targets.count)
        var waiting = [Int](repeating: 0, count: targets.count)
        var open = 0
        // Which targets hang off which node, and how far along their chain, sorted by node.
        var attached: [(node: Int, target: Int, metres: Double)] = []
        for (index, target) in targets.enumerated() {
            guard let target, target.component == origin.component else { continue }
            if let piece = view.direct(from: origin, to: target) { best[index] = piece.length }
            let arrivals = view.arrivals(at: target)
            for arrival in arrivals {
                attached.append((arrival.node, index, arrival.metres))
                flags.marks.settle(arrival.node)
            }
            waiting[index] = arrivals.count
            if arrivals.isEmpty { continue }
            open += 1
        }
        attached.sort { $0.node < $1.node }
        for start in view.departures(from: origin) {
            cursor.improve(
                start.node, distance: start.metres, key: start.metres, parent: SearchSide.fromEndpoint,
                chain: UInt32(start.piece.chain))
        }
        var pops = 0
        while open > 0, let (key, popped) = cursor.heap.pop() {
            if key > limit { break }
            let node = Int(popped)
            if cursor.marks.isSettled(node) { continue }
            cursor.marks.settle(node)
            let here = cursor.marks.distance[node]
            if flags.marks.isSettled(node) {
                var entry = Self.first(node, in: attached)
                while entry < attached.count, attached[entry].node == node {
                    let target = attached[entry].target
                    best[target] = min(best[target], here + attached[entry].metres)
                    waiting[target] -= 1
                    if waiting[target] == 0 { open -= 1 }
                    entry += 1
                }
            }
            pops += 1
            // A target whose best is below every queued key cannot get better: stop waiting for
            // the far end of a long chain.
            if pops & 63 == 0 {
                let smallest = cursor.heap.minimumKey
                for index in targets.indices where waiting[index] > 0 && best[index] <= smallest {
                    waiting[index] = 0
                    open -= 1
                }
            }
            for arc in view.arcs(of: node) {
                let chainAndFlags = view.arcChainAndFlags(arc)
                guard chainAndFlags & ArcFlags.out != 0 else { continue }
                let target = view.arcTarget(arc)
                guard target < view.nodeCount, !cursor.marks.isSettled(target) else { continue }
                let length = Double(view.arcLength(arc))
                guard length >= 0 else { continue }
                let distance = here + length
                cursor.improve(
                    target, distance: distance, key: distance, parent: UInt32(node),
                    chain: chainAndFlags & ArcFlags.chainMask)
            }
        }
        return best.map { $0 < .infinity && $0 <= limit ? $0 : nil }
    }

    /// The first attachment of `node` (attachments are sorted by node).
    private static func first(_ node: Int, in attached: [(node: Int, target: Int, metres: Double)]) -> Int {
        var low = 0
        var high = attached.count
        while low < high {
            let middle = (low + high) >> 1
            if attached[middle].node < node { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
