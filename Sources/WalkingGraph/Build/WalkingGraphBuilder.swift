import PlaceBytes
import PlaceCore
public import Foundation
public import OSMFormat

/// Builds the walking graph from a stream of OpenStreetMap elements, so that an import reads the
/// file once and feeds the same elements to the store's extractor and to this builder:
///
/// ```swift
/// var extractor = OSMExtractor()
/// var walking = WalkingGraphBuilder()
/// try OSMFileReader.read(contentsOf: url) { element in
///     extractor.consume(element)
///     walking.consume(element)
/// }
/// let graph = try walking.finish()          // in memory, ready for queries
/// try graph.write(to: storeURL.deletingPathExtension().appendingPathExtension("walk"))
/// ```
///
/// Elements must come in the usual file order (nodes before the ways that use them, ways before
/// the relations that use them), as every OSM file and Overpass answer has them. It keeps every
/// node's position (12 bytes each, in a ``LocationIndex`` it may share with the import's
/// extractor) and, of the ways, the walkable ones (see ``FootAccess``) and the untagged ones a
/// pedestrian area's multipolygon may name as its rings; of the relations, only those pedestrian
/// areas. Once the file is read, only the nodes those ways use are numbered (``GraphNodes``).
public struct WalkingGraphBuilder {
    /// Every node's position while the file is read; node numbers below are its numbers.
    let locations: LocationIndex
    /// False when the index is the import's: the extractor appends each node before this builder sees it.
    private let appendsNodes: Bool
    /// Nodes a walker may not pass (a locked gate), by number.
    var blocked: Set<Int32> = []
    /// The nodes the ways use, numbered densely: made when the graph is finished (``compacted()``).
    var nodes = GraphNodes()
    /// Walkable ways, cut where a node is missing (outside the extract) or blocked (a locked gate):
    /// node indices, one piece after another. A negative entry −(k+1) is ``blockedCopies``[k].
    var pieceNodes: [Int32] = []
    /// Blocked nodes, once for each side of each way that reaches them: a dead end each.
    var blockedCopies: [Int32] = []
    var pieces: [Piece] = []
    var names = NameTable()
    /// Ways a multipolygon may use as rings: the untagged ones and the closed walkable ones.
    var ringWays = RingWays()
    /// Pedestrian areas (squares): walkable across, not only along their edges (``AreaCrossing``).
    var areas: [AreaDraft] = []
    public private(set) var elementCount = 0
    /// Walkable ways seen.
    public private(set) var wayCount = 0

    struct Piece {
        /// Where its nodes start in ``WalkingGraphBuilder/pieceNodes``; they end where the next piece starts.
        var start: Int
        var name: UInt32
        var kind: WayKind
        var forward: Bool
        var backward: Bool
        var traits: WayTraits
    }

    public init() {
        locations = LocationIndex()
        appendsNodes = true
    }

    /// A builder that reads node positions from `locations`, which another consumer of the same
    /// elements fills first (the import's ``OSMExtractor``): the positions are held once.
    package init(sharing locations: LocationIndex) {
        self.locations = locations
        appendsNodes = false
    }

    /// Takes one element of the file.
    public mutating func consume(_ element: OSMElement) {
        elementCount += 1
        switch element {
        case .node(let node):
            let number = appendsNodes ? locations.append(node.id, OSMPoint(latitude: node.latitude, longitude: node.longitude)) : nil
            if !node.tags.isEmpty, FootAccess.blocks(node: node.tags), let index = number.map(Int32.init(exactly:)) ?? index(of: node.id) {
                blocked.insert(index)
            }
        case .way(let way):
            consume(way)
        case .relation(let relation):
            consume(relation)
        }
    }

    private mutating func consume(_ way: OSMWay) {
        if way.tags.isEmpty {
            ringWays.keep(way.id, nodes: way.nodeRefs.map { index(of: $0) }, walkable: false)
            return
        }
        guard let verdict = FootAccess.verdict(way.tags) else { return }
        wayCount += 1
        let name = names.intern(Self.name(way.tags))
        let indices = way.nodeRefs.map { index(of: $0) }
        let closed = way.nodeRefs.count >= 4 && way.nodeRefs.first == way.nodeRefs.last
        let isArea = closed && FootAccess.isPedestrianArea(way.tags, multipolygon: false)
        var traits = FootAccess.traits(way.tags, kind: verdict.kind)
        if isArea { traits.insert(.area) }
        let kind = isArea ? WayKind.square : verdict.kind
        addPieces(indices, name: name, kind: kind, forward: verdict.forward, backward: verdict.backward, traits: traits)
        if closed { ringWays.keep(way.id, nodes: indices, walkable: true) }
        if isArea {
            areas.append(
                AreaDraft(
                    rings: AreaGeometry.joinRings([indices.compactMap { $0 }]), outerRings: 1, name: name, kind: kind,
                    traits: traits))
        }
    }

    /// A multipolygon of a pedestrian area: its rings joined from the member ways kept so far, and
    /// walked along where no walkable way of its own runs.
    private mutating func consume(_ relation: OSMRelation) {
        guard relation.tags["type"] == "multipolygon", FootAccess.isPedestrianArea(relation.tags, multipolygon: true),
            let verdict = FootAccess.verdict(relation.tags)
        else { return }
        let name = names.intern(Self.name(relation.tags))
        let traits = FootAccess.traits(relation.tags, kind: verdict.kind).union(.area)
        var outers: [[Int32]] = []
        var inners: [[Int32]] = []
        for member in relation.members where member.type == .way {
            guard let kept = ringWays.nodes(of: member.ref) else { continue }
            if member.role == "inner" {
                inners.append(kept.nodes.compactMap { $0 })
            } else {
                outers.append(kept.nodes.compactMap { $0 })
            }
            if !kept.walkable, ringWays.markOutlined(member.ref) {
                addPieces(kept.nodes, name: name, kind: .square, forward: true, backward: true, traits: traits)
            }
        }
        let outerRings = AreaGeometry.joinRings(outers)
        guard !outerRings.isEmpty else { return }
        // A planter or a bollard's footing is walked round without a thought: only holes a walk
        // must plan round are kept.
        let innerRings = AreaGeometry.joinRings(inners).filter { extent(of: $0) >= Self.smallestHole }
        areas.append(
            AreaDraft(
                rings: outerRings + innerRings, outerRings: outerRings.count, name: name, kind: .square,
                traits: traits))
    }

    /// Metres across a hole in a pedestrian area below which it is not one.
    static let smallestHole = 10.0

    /// The number of node `id`, or nil when the file does not have it (outside the extract) or
    /// it is off the globe: a way is cut there.
    private func index(of id: Int64) -> Int32? {
        guard let number = locations.number(of: id), locations.isOnGlobe(number) else { return nil }
        return Int32(exactly: number)
    }

    /// The larger side of the box around a ring's nodes, in metres.
    private func extent(of ring: [Int32]) -> Double {
        guard let first = ring.first else { return 0 }
        var (south, west) = locations.fixed(at: Int(first))
        var north = south, east = west
        for node in ring {
            let (latitude, longitude) = locations.fixed(at: Int(node))
            south = min(south, latitude)
            north = max(north, latitude)
            west = min(west, longitude)
            east = max(east, longitude)
        }
        let scale = LocalScale(latitude: FixedPoint.degrees(south))
        return max(scale.distance(south, west, north, west), scale.distance(south, west, south, east))
    }

    /// Adds a way's nodes as pieces: cut where a node is missing (nil) and at a blocked node, which
    /// each side reaches but none passes.
    mutating func addPieces(
        _ indices: [Int32?], name: UInt32, kind: WayKind, forward: Bool, backward: Bool, traits: WayTraits
    ) {
        var start = pieceNodes.count
        func close() {
            if pieceNodes.count - start >= 2 {
                pieces.append(
                    Piece(
                        start: start, name: name, kind: kind, forward: forward, backward: backward, traits: traits))
            } else {
                pieceNodes.removeSubrange(start...)
            }
            start = pieceNodes.count
        }
        for index in indices {
            guard let index else {
                close()
                continue
            }
            if !blocked.isEmpty, blocked.contains(index) {
                // Up to the gate from either side, never through: each side ends at its own copy of it.
                pieceNodes.append(blockedCopy(of: index))
                close()
                pieceNodes.append(blockedCopy(of: index))
                continue
            }
            if pieceNodes.count > start, pieceNodes[pieceNodes.count - 1] == index { continue }
            pieceNodes.append(index)
        }
        close()
    }

    /// The graph, in memory and ready for queries; write it with ``WalkingGraph/write(to:)``.
    /// - Throws: ``WalkingGraphError`` when the graph is too large for the file format (more than
    ///   four billion nodes, edges or points).
    public func finish() throws(WalkingGraphError) -> WalkingGraph {
        try finish(spillingTo: nil)
    }

    /// The graph, as ``finish()`` gives it; with a folder, its bytes are written to an unnamed file
    /// there and read back through a mapping, so that the system may page them out until the
    /// graph is written to its place (an import writes it after the places).
    package func finish(spillingTo directory: String?) throws(WalkingGraphError) -> WalkingGraph {
        var crossed = compacted()
        crossed.crossAreas()
        let file = GraphWriter.file(of: try GraphAssembler(builder: crossed).assemble())
        return try WalkingGraph(storage: directory.map(file.spilled(to:)) ?? file, path: "(memory)")
    }

    /// Reads an OpenStreetMap file (XML, PBF, Overpass JSON; gzip or bzip2 too) into a graph.
    /// - Throws: ``OSMFormatError`` for a file that cannot be read, ``WalkingGraphError`` for one too large.
    public static func build(contentsOf url: URL, progress: OSMReadProgress? = nil) throws -> WalkingGraph {
        var builder = WalkingGraphBuilder()
        try OSMFileReader.read(contentsOf: url, progress: progress) { builder.consume($0) }
        return try builder.finish()
    }

    /// This builder with its nodes numbered densely: only those the ways and areas use, in the
    /// order of their numbers, so that the graph is what it would be with every node numbered.
    func compacted() -> WalkingGraphBuilder {
        var used: [Int32] = []
        used.reserveCapacity(pieceNodes.count + blockedCopies.count)
        for node in pieceNodes where node >= 0 { used.append(node) }
        used += blockedCopies
        for area in areas { for ring in area.rings { used += ring } }
        used.sort()
        var kept = 0
        for node in used where kept == 0 || used[kept - 1] != node {
            used[kept] = node
            kept += 1
        }
        used.removeSubrange(kept...)
        // Every number looked up is in `used`: it was put there above.
        func dense(_ number: Int32) -> Int32 { GraphNodes.index(of: number, in: used) ?? -1 }
        var compact = self
        compact.ringWays = RingWays()
        compact.blocked = []
        compact.nodes = GraphNodes(used, in: locations, blocked: blocked)
        compact.pieceNodes = pieceNodes.map { $0 >= 0 ? dense($0) : $0 }
        compact.blockedCopies = blockedCopies.map(dense)
        for area in compact.areas.indices {
            compact.areas[area].rings = compact.areas[area].rings.map { $0.map(dense) }
            compact.areas[area].anchors = compact.areas[area].anchors.map(dense)
        }
        return compact
    }

    private mutating func blockedCopy(of index: Int32) -> Int32 {
        blockedCopies.append(index)
        return -Int32(blockedCopies.count)
    }

    /// The name an instruction uses: the way's name, else its reference ("A10"), else none.
    static func name(_ tags: [String: String]) -> String? {
        for key in ["name", "ref"] {
            guard let value = tags[key] else { continue }
            // Trimming is the slow part of reading a name, and almost no name needs it.
            let needsTrim = value.utf8.first.map(isSpace) == true || value.utf8.last.map(isSpace) == true
            let name = needsTrim ? value.trimmingCharacters(in: .whitespacesAndNewlines) : value
            if !name.isEmpty { return name }
        }
        return nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte >= 0x80
    }
}

/// Street names, each stored once.
struct NameTable {
    static let none = UInt32.max
    private(set) var names: [String] = []
    private var indices: [String: UInt32] = [:]

    mutating func intern(_ name: String?) -> UInt32 {
        guard let name else { return Self.none }
        if let index = indices[name] { return index }
        let index = UInt32(names.count)
        names.append(name)
        indices[name] = index
        return index
    }
}

/// The node lists of the ways a multipolygon may name as its rings, kept until the relations come
/// (after every way in the file): 4 bytes a node.
struct RingWays {
    private var spans: [Int64: (start: Int, count: Int, walkable: Bool)] = [:]
    /// Node indices; −1 for a node the file does not have.
    private var indices: [Int32] = []
    private var outlined: Set<Int64> = []

    mutating func keep(_ id: Int64, nodes: [Int32?], walkable: Bool) {
        guard nodes.count >= 2 else { return }
        spans[id] = (indices.count, nodes.count, walkable)
        indices.append(contentsOf: nodes.map { $0 ?? -1 })
    }

    /// A kept way's nodes (nil where the file lacks one), and whether it is walkable itself.
    func nodes(of id: Int64) -> (nodes: [Int32?], walkable: Bool)? {
        guard let span = spans[id] else { return nil }
        return (indices[span.start..<(span.start + span.count)].map { $0 >= 0 ? $0 : nil }, span.walkable)
    }

    /// True the first time a way is walked along as an area's edge: a way two areas share is one edge.
    mutating func markOutlined(_ id: Int64) -> Bool { outlined.insert(id).inserted }
}
