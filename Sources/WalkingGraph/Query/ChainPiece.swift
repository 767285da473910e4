import PlaceCore

/// A stretch of one chain walked from one offset to another (metres from the chain's start): the
/// whole chain between two junctions, or the part from or to a snapped point; or a straight
/// stretch across a pedestrian area from or to a point inside it (``across``).
struct ChainPiece: Equatable {
    /// A straight stretch across area `area`, in walking order.
    struct Across: Equatable {
        var area: Int
        var from: Coordinate
        var to: Coordinate
    }

    /// The chain number a straight piece across an area carries: no chain has it, and it fits where
    /// a search keeps the chain a node was reached by.
    static let acrossChain = Int(ArcFlags.chainMask)

    var chain: Int
    var from: Double
    var to: Double
    var across: Across? = nil

    var length: Double { abs(to - from) }
}

/// Where a search may start or end: a graph node, and the piece of chain between it and the
/// snapped point.
struct Endpoint {
    var node: Int
    var metres: Double
    var piece: ChainPiece
}

extension GraphView {
    /// The nodes a walk from `point` reaches first: the ends of its chain it may walk towards.
    func departures(from point: SnappedPoint) -> [Endpoint] {
        if point.area != nil { return areaEndpoints(point, leaving: true) }
        let chain = self.chain(point.chain)
        var result: [Endpoint] = []
        if chain.forward, let end = chain.end {
            result.append(
                Endpoint(
                    node: end, metres: chain.length - point.offset,
                    piece: ChainPiece(chain: chain.index, from: point.offset, to: chain.length)))
        }
        if chain.backward, let start = chain.start {
            result.append(
                Endpoint(
                    node: start, metres: point.offset, piece: ChainPiece(chain: chain.index, from: point.offset, to: 0))
            )
        }
        return result
    }

    /// The nodes a walk to `point` comes from: the ends of its chain from which it may be walked to.
    func arrivals(at point: SnappedPoint) -> [Endpoint] {
        if point.area != nil { return areaEndpoints(point, leaving: false) }
        let chain = self.chain(point.chain)
        var result: [Endpoint] = []
        if chain.forward, let start = chain.start {
            result.append(
                Endpoint(
                    node: start, metres: point.offset, piece: ChainPiece(chain: chain.index, from: 0, to: point.offset))
            )
        }
        if chain.backward, let end = chain.end {
            result.append(
                Endpoint(
                    node: end, metres: chain.length - point.offset,
                    piece: ChainPiece(chain: chain.index, from: chain.length, to: point.offset)))
        }
        return result
    }

    /// The walk along one chain from one snapped point to another, when both are on it and its
    /// direction allows.
    func direct(from origin: SnappedPoint, to destination: SnappedPoint) -> ChainPiece? {
        if origin.area != nil || destination.area != nil { return directAcross(from: origin, to: destination) }
        guard origin.chain == destination.chain else { return nil }
        let chain = self.chain(origin.chain)
        if destination.offset >= origin.offset ? chain.forward : chain.backward {
            return ChainPiece(chain: chain.index, from: origin.offset, to: destination.offset)
        }
        return nil
    }

    /// The name and the kind of way of a piece, for its instruction.
    func label(of piece: ChainPiece) -> (name: String?, kind: WayKind) {
        if let across = piece.across {
            let area = self.area(across.area)
            return (name(area.name), area.kind)
        }
        let chain = self.chain(piece.chain)
        return (name(chain.name), chain.kind)
    }

    /// The piece for a whole chain walked from node `from`.
    func wholeChain(_ index: Int, from node: Int) -> ChainPiece {
        let chain = self.chain(index)
        return chain.start == node
            ? ChainPiece(chain: index, from: 0, to: chain.length) : ChainPiece(chain: index, from: chain.length, to: 0)
    }
}
