/// One stretch of way between two junctions, as stored: the unit of geometry, names and snapping.
struct ChainRecord {
    var firstPoint: UInt32
    var pointCount: UInt32
    var start: UInt32
    var end: UInt32
    var length: Float
    var name: UInt32
    var kind: UInt8
    /// Bit 0: may be walked start → end; bit 1: end → start.
    var directions: UInt8
    /// ``WayTraits``.
    var traits: UInt8
}

/// A pedestrian area as stored: its rings for "is this point inside", and the nodes a walk from a
/// point inside goes to straight.
struct AreaRecord {
    var firstPoint: UInt32
    var pointCount: UInt32
    var firstAnchor: UInt32
    var anchorCount: UInt32
    var name: UInt32
    var kind: UInt8
    var traits: UInt8
    var south: Int32
    var west: Int32
    var north: Int32
    var east: Int32
}

/// The graph in arrays, before it becomes the bytes of a file (``GraphWriter``).
struct AssembledGraph {
    /// Junctions: latitude, longitude pairs in fixed point.
    var nodePositions: [Int32] = []
    var firstArc: [UInt32] = [0]
    var arcTargets: [UInt32] = []
    var arcLengths: [Float] = []
    /// The chain, with ``ArcFlags`` in the top bits.
    var arcChains: [UInt32] = []
    var nodeComponents: [UInt32] = []
    var componentSizes: [UInt32] = []
    var chains: [ChainRecord] = []
    var points: [Int32] = []
    var names: [String] = []
    var grid = SegmentGrid.Layout.empty
    var cellFirst: [UInt32] = [0, 0]
    var cellEntries: [UInt32] = []
    var areas: [AreaRecord] = []
    /// Every area's rings, latitude and longitude pairs, a ``GraphFormat/ringBreak`` pair after each ring.
    var areaPoints: [Int32] = []
    var areaAnchors: [UInt32] = []
    var wayCount = 0
}

/// Which way an arc may be walked, in the top bits of its chain field.
enum ArcFlags {
    /// From the node that lists the arc to its target.
    static let out: UInt32 = 1 << 31
    /// From the target back to the node that lists the arc (read by the backward search).
    static let into: UInt32 = 1 << 30
    static let chainMask: UInt32 = (1 << 30) - 1
}

/// Turns the walkable ways into a graph: nodes where ways meet or end, chains of way between them,
/// arcs in compressed rows, connected components and the grid for snapping.
struct GraphAssembler {
    let builder: WalkingGraphBuilder

    func assemble() throws(WalkingGraphError) -> AssembledGraph {
        let nodes = builder.nodes
        let pieces = builder.pieces
        // Blocked copies become nodes of their own after the file's nodes.
        var latitudes = nodes.latitudes
        var longitudes = nodes.longitudes
        for original in builder.blockedCopies {
            latitudes.append(nodes.latitudes[Int(original)])
            longitudes.append(nodes.longitudes[Int(original)])
        }
        let fileNodes = Int32(nodes.count)
        let pieceNodes = builder.pieceNodes.map { $0 >= 0 ? $0 : fileNodes - 1 - $0 }
        let nodeCount = latitudes.count
        // A node is a junction where two pieces of way meet, where one ends, or where a way comes
        // back to itself.
        var uses = [UInt8](repeating: 0, count: nodeCount)
        for (number, piece) in pieces.enumerated() {
            let end = number + 1 < pieces.count ? pieces[number + 1].start : pieceNodes.count
            uses[Int(pieceNodes[piece.start])] = 2
            uses[Int(pieceNodes[end - 1])] = 2
            for position in (piece.start + 1)..<(end - 1) {
                let node = Int(pieceNodes[position])
                uses[node] = min(2, uses[node] + 1)
            }
        }
        var junctions: [Int32] = []
        for (node, count) in uses.enumerated() where count >= 2 { junctions.append(Int32(node)) }
        guard junctions.count < Int(ArcFlags.chainMask) else {
            throw WalkingGraphError(path: "(memory)", problem: .tooLarge("junctions"))
        }
        junctions = SpatialOrder.sorted(junctions, latitudes: latitudes, longitudes: longitudes)
        var graphIndex = [UInt32](repeating: UInt32.max, count: nodeCount)
        for (index, node) in junctions.enumerated() { graphIndex[Int(node)] = UInt32(index) }

        var graph = AssembledGraph()
        graph.wayCount = builder.wayCount
        graph.names = builder.names.names
        graph.nodePositions.reserveCapacity(junctions.count * 2)
        for node in junctions {
            graph.nodePositions.append(latitudes[Int(node)])
            graph.nodePositions.append(longitudes[Int(node)])
        }
        try cutChains(
            pieces: pieces, pieceNodes: pieceNodes, latitudes: latitudes, longitudes: longitudes, uses: uses,
            graphIndex: graphIndex,
            into: &graph)
        addAreas(latitudes: latitudes, longitudes: longitudes, graphIndex: graphIndex, into: &graph)
        buildArcs(nodeCount: junctions.count, into: &graph)
        labelComponents(nodeCount: junctions.count, into: &graph)
        SegmentGrid.build(into: &graph)
        return graph
    }

    /// Cuts every piece at its junctions; chains are laid out by their start node so that a search
    /// reads nearby chains from nearby memory.
    private func cutChains(
        pieces: [WalkingGraphBuilder.Piece], pieceNodes: [Int32], latitudes: [Int32], longitudes: [Int32],
        uses: [UInt8],
        graphIndex: [UInt32], into graph: inout AssembledGraph
    ) throws(WalkingGraphError) {
        struct Cut { var piece: Int32, from: Int32, to: Int32 }
        var cuts: [Cut] = []
        cuts.reserveCapacity(pieces.count * 2)
        for (number, piece) in pieces.enumerated() {
            let end = number + 1 < pieces.count ? pieces[number + 1].start : pieceNodes.count
            var from = piece.start
            for position in (piece.start + 1)..<end where uses[Int(pieceNodes[position])] >= 2 {
                cuts.append(Cut(piece: Int32(number), from: Int32(from), to: Int32(position)))
                from = position
            }
        }
        cuts.sort { a, b in
            let ka = graphIndex[Int(pieceNodes[Int(a.from)])]
            let kb = graphIndex[Int(pieceNodes[Int(b.from)])]
            return ka != kb ? ka < kb : a.from < b.from
        }
        graph.chains.reserveCapacity(cuts.count)
        for cut in cuts {
            let piece = pieces[Int(cut.piece)]
            let firstPoint = graph.points.count / 2
            var length = 0.0
            var previous = Int(pieceNodes[Int(cut.from)])
            graph.points.append(latitudes[previous])
            graph.points.append(longitudes[previous])
            for position in Int(cut.from + 1)...Int(cut.to) {
                let node = Int(pieceNodes[position])
                length += LocalScale.segmentLength(
                    latitudes[previous], longitudes[previous], latitudes[node], longitudes[node])
                graph.points.append(latitudes[node])
                graph.points.append(longitudes[node])
                previous = node
            }
            guard graph.points.count / 2 < Int(UInt32.max) else {
                throw WalkingGraphError(path: "(memory)", problem: .tooLarge("points"))
            }
            graph.chains.append(
                ChainRecord(
                    firstPoint: UInt32(firstPoint), pointCount: UInt32(cut.to - cut.from + 1),
                    start: graphIndex[Int(pieceNodes[Int(cut.from)])], end: graphIndex[Int(pieceNodes[Int(cut.to)])],
                    length: Float(length), name: piece.name, kind: piece.kind.rawValue,
                    directions: (piece.forward ? 1 : 0) | (piece.backward ? 2 : 0), traits: piece.traits.rawValue))
        }
        guard graph.chains.count < Int(ArcFlags.chainMask) else {
            throw WalkingGraphError(path: "(memory)", problem: .tooLarge("chains"))
        }
    }

    /// The pedestrian areas, with their anchors numbered as the graph's nodes; an area whose anchors
    /// did not become junctions (none reached) is left out.
    private func addAreas(
        latitudes: [Int32], longitudes: [Int32], graphIndex: [UInt32], into graph: inout AssembledGraph
    ) {
        for area in builder.areas {
            let anchors = area.anchors.map { graphIndex[Int($0)] }.filter { $0 != UInt32.max }
            guard !anchors.isEmpty, area.rings.count < Int(UInt32.max / 2) else { continue }
            let firstPoint = graph.areaPoints.count / 2
            let firstAnchor = graph.areaAnchors.count
            var south = Int32.max, west = Int32.max, north = Int32.min, east = Int32.min
            for ring in area.rings {
                for node in ring {
                    let latitude = latitudes[Int(node)], longitude = longitudes[Int(node)]
                    graph.areaPoints.append(latitude)
                    graph.areaPoints.append(longitude)
                    south = min(south, latitude)
                    north = max(north, latitude)
                    west = min(west, longitude)
                    east = max(east, longitude)
                }
                graph.areaPoints.append(GraphFormat.ringBreak)
                graph.areaPoints.append(GraphFormat.ringBreak)
            }
            graph.areaAnchors.append(contentsOf: anchors)
            graph.areas.append(
                AreaRecord(
                    firstPoint: UInt32(firstPoint), pointCount: UInt32(graph.areaPoints.count / 2 - firstPoint),
                    firstAnchor: UInt32(firstAnchor), anchorCount: UInt32(anchors.count), name: area.name,
                    kind: area.kind.rawValue, traits: area.traits.rawValue, south: south, west: west, north: north,
                    east: east))
        }
    }

    /// Every chain between two different nodes is listed at both ends, with flags saying which way
    /// it may be walked; a loop back to the same node shortens no walk and gets no arc.
    private func buildArcs(nodeCount: Int, into graph: inout AssembledGraph) {
        var degree = [UInt32](repeating: 0, count: nodeCount + 1)
        for chain in graph.chains where chain.start != chain.end {
            degree[Int(chain.start) + 1] += 1
            degree[Int(chain.end) + 1] += 1
        }
        for node in 0..<nodeCount { degree[node + 1] += degree[node] }
        graph.firstArc = degree
        let arcCount = Int(degree[nodeCount])
        graph.arcTargets = [UInt32](repeating: 0, count: arcCount)
        graph.arcLengths = [Float](repeating: 0, count: arcCount)
        graph.arcChains = [UInt32](repeating: 0, count: arcCount)
        var next = degree
        for (index, chain) in graph.chains.enumerated() where chain.start != chain.end {
            let forward = chain.directions & 1 != 0
            let backward = chain.directions & 2 != 0
            let atStart = Int(next[Int(chain.start)])
            next[Int(chain.start)] += 1
            graph.arcTargets[atStart] = chain.end
            graph.arcLengths[atStart] = chain.length
            graph.arcChains[atStart] = UInt32(index) | (forward ? ArcFlags.out : 0) | (backward ? ArcFlags.into : 0)
            let atEnd = Int(next[Int(chain.end)])
            next[Int(chain.end)] += 1
            graph.arcTargets[atEnd] = chain.start
            graph.arcLengths[atEnd] = chain.length
            graph.arcChains[atEnd] = UInt32(index) | (backward ? ArcFlags.out : 0) | (forward ? ArcFlags.into : 0)
        }
    }

    /// Nodes joined by any chain, whichever way it may be walked, share a component: two points in
    /// different components have no walk between them, which a query can say without searching.
    private func labelComponents(nodeCount: Int, into graph: inout AssembledGraph) {
        var parent = [UInt32](0..<UInt32(nodeCount))
        func root(_ node: UInt32) -> UInt32 {
            var node = node
            while parent[Int(node)] != node {
                parent[Int(node)] = parent[Int(parent[Int(node)])]
                node = parent[Int(node)]
            }
            return node
        }
        for chain in graph.chains where chain.start != chain.end {
            let a = root(chain.start)
            let b = root(chain.end)
            if a != b { parent[Int(max(a, b))] = min(a, b) }
        }
        var label = [UInt32](repeating: UInt32.max, count: nodeCount)
        graph.nodeComponents = [UInt32](repeating: 0, count: nodeCount)
        for node in 0..<nodeCount {
            let top = Int(root(UInt32(node)))
            if label[top] == UInt32.max {
                label[top] = UInt32(graph.componentSizes.count)
                graph.componentSizes.append(0)
            }
            graph.nodeComponents[node] = label[top]
            graph.componentSizes[Int(label[top])] += 1
        }
    }
}

/// Orders nodes along a Z-order curve, so that nodes near each other on the map are near each
/// other in the file and a search touches few pages.
enum SpatialOrder {
    static func sorted(_ nodes: [Int32], latitudes: [Int32], longitudes: [Int32]) -> [Int32] {
        var keyed = nodes.map { node -> (UInt64, Int32) in
            let y = UInt32(bitPattern: latitudes[Int(node)] &+ Int32.min)
            let x = UInt32(bitPattern: longitudes[Int(node)] &+ Int32.min)
            return (interleave(x) << 1 | interleave(y), node)
        }
        keyed.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return keyed.map(\.1)
    }

    /// The bits of `value` spread to the even bit positions of 64.
    private static func interleave(_ value: UInt32) -> UInt64 {
        var x = UInt64(value)
        x = (x | (x << 16)) & 0x0000_FFFF_0000_FFFF
        x = (x | (x << 8)) & 0x00FF_00FF_00FF_00FF
        x = (x | (x << 4)) & 0x0F0F_0F0F_0F0F_0F0F
        x = (x | (x << 2)) & 0x3333_3333_3333_3333
        x = (x | (x << 1)) & 0x5555_5555_5555_5555
        return x
    }
}
