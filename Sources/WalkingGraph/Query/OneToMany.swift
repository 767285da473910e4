/// Walking distances from one point to many in a single Dijkstra search: each target is attached to
/// the ends of its chain, and the search stops as soon as every target's distance is final (both
/// its ends settled, or its best already below the smallest key still queued), or at a limit.
struct OneToManySearch {
    let view: GraphView
    let side: SearchSide

    /// Metres along the ways to each target, nil where there is no walk (or none within `limit`).
    func run(from origin: SnappedPoint, to targets: [SnappedPoint?], limit: Double) -> [Double?] {
        side.reset()
        var best = [Double](repeating: .infinity, count: targets.count)
        var waiting = [Int](repeating: 0, count: targets.count)
        var open = 0
        // Which targets hang off which node, and how far along their chain.
        var attached: [Int: [(target: Int, metres: Double)]] = [:]
        for (index, target) in targets.enumerated() {
            guard let target, target.component == origin.component else { continue }
            if let piece = view.direct(from: origin, to: target) { best[index] = piece.length }
            let arrivals = view.arrivals(at: target)
            for arrival in arrivals { attached[arrival.node, default: []].append((index, arrival.metres)) }
            waiting[index] = arrivals.count
            if arrivals.isEmpty { continue }
            open += 1
        }
        for start in view.departures(from: origin) {
            side.improve(start.node, distance: start.metres, key: start.metres, parent: SearchSide.fromEndpoint, chain: UInt32(start.piece.chain))
        }
        var pops = 0
        while open > 0, let (key, popped) = side.heap.pop() {
            if key > limit { break }
            let node = Int(popped)
            if side.isSettled(node) { continue }
            side.settle(node)
            let here = side.distance[node]
            if let hanging = attached[node] {
                for (target, metres) in hanging {
                    best[target] = min(best[target], here + metres)
                    waiting[target] -= 1
                    if waiting[target] == 0 { open -= 1 }
                }
            }
            pops += 1
            // A target whose best is below every queued key cannot get better: stop waiting for
            // the far end of a long chain.
            if pops & 63 == 0 {
                let smallest = side.heap.minimumKey
                for index in targets.indices where waiting[index] > 0 && best[index] <= smallest {
                    waiting[index] = 0
                    open -= 1
                }
            }
            for arc in view.arcs(of: node) {
                let chainAndFlags = view.arcChainAndFlags(arc)
                guard chainAndFlags & ArcFlags.out != 0 else { continue }
                let target = view.arcTarget(arc)
                guard target < view.nodeCount, !side.isSettled(target) else { continue }
                let length = Double(view.arcLength(arc))
                guard length >= 0 else { continue }
                let distance = here + length
                side.improve(target, distance: distance, key: distance, parent: UInt32(node), chain: chainAndFlags & ArcFlags.chainMask)
            }
        }
        return best.map { $0 < .infinity && $0 <= limit ? $0 : nil }
    }
}
