import PlaceBytes
import PlaceCore

/// Typed access to the sections of a walking graph file whose header has been checked.
///
/// Opening checks the header (magic, version, checksum, size, every section inside the file with
/// the entry count the header says) and, unless asked not to, the body checksum. Reads of offsets
/// that come from the file are bounds-checked where they are used (an arc's target, a chain's
/// points, a cell's entries), so even a body damaged in a way the checksum missed gives wrong
/// answers, never a read outside the file.
struct GraphView: @unchecked Sendable {
    let storage: MappedFile
    /// The storage's first byte, read through directly: the searches' inner loops read here, and
    /// a call into another module per field would cost more than the search.
    private let base: UnsafeRawPointer
    let nodeCount: Int
    let arcCount: Int
    let chainCount: Int
    let pointCount: Int
    let nameCount: Int
    let componentCount: Int
    let wayCount: Int
    let cellEntryCount: Int
    let nameByteCount: Int
    let areaCount: Int
    let areaPointCount: Int
    let areaAnchorCount: Int
    let grid: SegmentGrid.Layout
    let bounds: (south: Int32, west: Int32, north: Int32, east: Int32)
    /// Byte offsets of the sections, kept one by one: the searches read them in their inner loops.
    private let nodePositions: Int, firstArc: Int, arcs: Int, nodeComponents: Int, componentSizes: Int, chains: Int,
        points: Int
    private let nameOffsets: Int, nameBytes: Int, cellFirst: Int, cellEntriesBase: Int
    private let areas: Int, areaPoints: Int, areaAnchors: Int

    init(storage: MappedFile, path: String, verifyBody: Bool = true) throws(WalkingGraphError) {
        func fail(_ problem: WalkingGraphError.Problem) -> WalkingGraphError {
            WalkingGraphError(path: path, problem: problem)
        }
        let size = storage.size
        let sections = GraphFormat.Section.allCases
        let container: MappedContainer
        do {
            container = try MappedContainer(
                storage,
                .init(
                    magic: GraphFormat.magic, version: GraphFormat.version, headerSize: GraphFormat.headerSize,
                    sectionTableOffset: GraphFormat.sectionTableOffset, checksumOffset: GraphFormat.headerChecksumOffset,
                    strides: sections.map(\.stride)))
        } catch {
            throw fail(error.worded(as: WalkingGraphError.Problem.self) { "\(sections[$0])" })
        }
        let (offsets, lengths) = (container.offsets, container.lengths)
        func entries(_ section: GraphFormat.Section) -> Int { lengths[section.rawValue] / section.stride }
        nodeCount = Int(storage.u32(24))
        arcCount = Int(storage.u32(28))
        chainCount = Int(storage.u32(32))
        pointCount = Int(storage.u32(36))
        nameCount = Int(storage.u32(40))
        componentCount = Int(storage.u32(44))
        wayCount = Int(storage.u32(48))
        cellEntryCount = Int(storage.u32(52))
        areaCount = Int(storage.u32(GraphFormat.areaCountsOffset))
        areaPointCount = Int(storage.u32(GraphFormat.areaCountsOffset + 4))
        areaAnchorCount = Int(storage.u32(GraphFormat.areaCountsOffset + 8))
        grid = SegmentGrid.Layout(
            south: storage.i32(56), west: storage.i32(60), cellHeight: storage.i32(64), cellWidth: storage.i32(68),
            rows: storage.u32(72), columns: storage.u32(76))
        bounds = (storage.i32(80), storage.i32(84), storage.i32(88), storage.i32(92))
        let counts: [(GraphFormat.Section, Int)] = [
            (.nodePositions, nodeCount), (.firstArc, nodeCount + 1), (.arcs, arcCount), (.nodeComponents, nodeCount),
            (.componentSizes, componentCount), (.chains, chainCount), (.points, pointCount),
            (.nameOffsets, nameCount + 1),
            (.cellFirst, grid.cellCount + 1), (.cellEntries, cellEntryCount), (.areas, areaCount),
            (.areaPoints, areaPointCount), (.areaAnchors, areaAnchorCount),
        ]
        for (section, count) in counts where entries(section) != count { throw fail(.badSection("\(section)")) }
        guard grid.cellHeight > 0, grid.cellWidth > 0, grid.rows > 0, grid.columns > 0 else {
            throw fail(.badSection("grid"))
        }
        nameByteCount = lengths[GraphFormat.Section.nameBytes.rawValue]
        if verifyBody {
            let body = UnsafeRawBufferPointer(
                start: storage.base + GraphFormat.headerSize, count: size - GraphFormat.headerSize)
            guard GraphFormat.bodyChecksum(body) == storage.u64(GraphFormat.bodyChecksumOffset) else {
                throw fail(.badBodyChecksum)
            }
        }
        self.storage = storage
        base = storage.base
        nodePositions = offsets[GraphFormat.Section.nodePositions.rawValue]
        firstArc = offsets[GraphFormat.Section.firstArc.rawValue]
        arcs = offsets[GraphFormat.Section.arcs.rawValue]
        nodeComponents = offsets[GraphFormat.Section.nodeComponents.rawValue]
        componentSizes = offsets[GraphFormat.Section.componentSizes.rawValue]
        chains = offsets[GraphFormat.Section.chains.rawValue]
        points = offsets[GraphFormat.Section.points.rawValue]
        nameOffsets = offsets[GraphFormat.Section.nameOffsets.rawValue]
        nameBytes = offsets[GraphFormat.Section.nameBytes.rawValue]
        cellFirst = offsets[GraphFormat.Section.cellFirst.rawValue]
        cellEntriesBase = offsets[GraphFormat.Section.cellEntries.rawValue]
        areas = offsets[GraphFormat.Section.areas.rawValue]
        areaPoints = offsets[GraphFormat.Section.areaPoints.rawValue]
        areaAnchors = offsets[GraphFormat.Section.areaAnchors.rawValue]
    }

    // MARK: Reading

    @inline(__always) private func u8(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }

    @inline(__always) private func u32(_ offset: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    @inline(__always) private func i32(_ offset: Int) -> Int32 { Int32(bitPattern: u32(offset)) }

    @inline(__always) private func f32(_ offset: Int) -> Float { Float(bitPattern: u32(offset)) }

    // MARK: Nodes and arcs

    @inline(__always) func nodeLatitude(_ node: Int) -> Int32 { i32(nodePositions + node * 8) }
    @inline(__always) func nodeLongitude(_ node: Int) -> Int32 { i32(nodePositions + node * 8 + 4) }

    /// The arcs of `node`, clamped to the arc section.
    @inline(__always) func arcs(of node: Int) -> Range<Int> {
        let first = firstArc + node * 4
        let start = min(Int(u32(first)), arcCount)
        let end = min(max(Int(u32(first + 4)), start), arcCount)
        return start..<end
    }

    @inline(__always) func arcTarget(_ arc: Int) -> Int { Int(u32(arcs + arc * GraphFormat.arcSize)) }
    @inline(__always) func arcLength(_ arc: Int) -> Float { f32(arcs + arc * GraphFormat.arcSize + 4) }
    @inline(__always) func arcChainAndFlags(_ arc: Int) -> UInt32 { u32(arcs + arc * GraphFormat.arcSize + 8) }

    @inline(__always) func component(_ node: Int) -> Int { Int(u32(nodeComponents + node * 4)) }

    /// Nodes in component `component`, or 0 for a number outside the graph.
    func componentSize(_ component: Int) -> Int {
        component < componentCount ? Int(u32(componentSizes + component * 4)) : 0
    }

    // MARK: Chains and points

    /// A chain as stored, with its points clamped to the points section and its ends to the nodes; a
    /// number outside the graph (from a damaged arc) gives an empty chain.
    func chain(_ index: Int) -> Chain {
        guard index >= 0, index < chainCount else {
            return Chain(
                index: index, firstPoint: 0, pointCount: 0, start: nil, end: nil, length: 0, name: GraphFormat.noName,
                kind: .road,
                directions: 0, traits: [])
        }
        let entry = chains + index * GraphFormat.chainSize
        let first = min(Int(u32(entry)), pointCount)
        let count = min(Int(u32(entry + 4)), pointCount - first)
        let start = Int(u32(entry + 8))
        let end = Int(u32(entry + 12))
        let length = Double(f32(entry + 16))
        return Chain(
            index: index, firstPoint: first, pointCount: count, start: start < nodeCount ? start : nil,
            end: end < nodeCount ? end : nil,
            length: length.isFinite && length >= 0 ? length : 0, name: u32(entry + 20),
            kind: WayKind(rawValue: u8(entry + 24)) ?? .road, directions: u8(entry + 25),
            traits: WayTraits(rawValue: u8(entry + 26)))
    }

    /// The traits of a chain, without reading the rest of it (snapping asks this of many).
    @inline(__always) func chainTraits(_ index: Int) -> WayTraits {
        guard index >= 0, index < chainCount else { return [] }
        return WayTraits(rawValue: u8(chains + index * GraphFormat.chainSize + 26))
    }

    @inline(__always) func chainFirstPoint(_ index: Int) -> Int {
        Int(u32(chains + index * GraphFormat.chainSize))
    }

    /// The chain a point belongs to: chains are sorted by first point.
    func chain(containingPoint point: Int) -> Int? {
        var low = 0
        var high = chainCount
        while low < high {
            let middle = (low + high) >> 1
            if chainFirstPoint(middle) <= point { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? low - 1 : nil
    }

    @inline(__always) func pointLatitude(_ point: Int) -> Int32 { i32(points + point * 8) }
    @inline(__always) func pointLongitude(_ point: Int) -> Int32 { i32(points + point * 8 + 4) }

    /// A name, or nil for none or one outside the table.
    func name(_ index: UInt32) -> String? {
        guard index != GraphFormat.noName, Int(index) < nameCount else { return nil }
        let entry = nameOffsets + Int(index) * 4
        let start = Int(u32(entry))
        let end = Int(u32(entry + 4))
        guard start <= end, end <= nameByteCount else { return nil }
        let bytes = UnsafeRawBufferPointer(start: base + nameBytes + start, count: end - start)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Grid

    /// The entries of one cell, clamped to the entries section.
    @inline(__always) func cellEntries(row: Int, column: Int) -> Range<Int> {
        let cell = row * Int(grid.columns) + column
        let first = cellFirst + cell * 4
        let start = min(Int(u32(first)), cellEntryCount)
        let end = min(max(Int(u32(first + 4)), start), cellEntryCount)
        return start..<end
    }

    @inline(__always) func cellEntry(_ index: Int) -> Int { Int(u32(cellEntriesBase + index * 4)) }

    // MARK: Areas

    /// A pedestrian area as stored, its points and anchors clamped to their sections.
    func area(_ index: Int) -> Area {
        guard index >= 0, index < areaCount else {
            return Area(
                index: index, points: 0..<0, anchors: 0..<0, name: GraphFormat.noName, kind: .square, traits: [],
                south: 0, west: 0, north: -1, east: -1)
        }
        let entry = areas + index * GraphFormat.areaSize
        let firstPoint = min(Int(u32(entry)), areaPointCount)
        let pointCount = min(Int(u32(entry + 4)), areaPointCount - firstPoint)
        let firstAnchor = min(Int(u32(entry + 8)), areaAnchorCount)
        let anchorCount = min(Int(u32(entry + 12)), areaAnchorCount - firstAnchor)
        return Area(
            index: index, points: firstPoint..<(firstPoint + pointCount),
            anchors: firstAnchor..<(firstAnchor + anchorCount), name: u32(entry + 16),
            kind: WayKind(rawValue: u8(entry + 20)) ?? .square, traits: WayTraits(rawValue: u8(entry + 21)),
            south: i32(entry + 24), west: i32(entry + 28), north: i32(entry + 32), east: i32(entry + 36))
    }

    @inline(__always) func areaPointLatitude(_ point: Int) -> Int32 { i32(areaPoints + point * 8) }
    @inline(__always) func areaPointLongitude(_ point: Int) -> Int32 { i32(areaPoints + point * 8 + 4) }

    /// An anchor's node, nil for one outside the graph (a damaged body).
    func areaAnchor(_ index: Int) -> Int? {
        let node = Int(u32(areaAnchors + index * 4))
        return node < nodeCount ? node : nil
    }
}

/// A pedestrian area read from the file.
struct Area {
    var index: Int
    /// Its rings' points in areaPoints, each ring followed by a ``GraphFormat/ringBreak`` pair.
    var points: Range<Int>
    var anchors: Range<Int>
    var name: UInt32
    var kind: WayKind
    var traits: WayTraits
    var south: Int32
    var west: Int32
    var north: Int32
    var east: Int32

    func encloses(_ latitude: Int32, _ longitude: Int32) -> Bool {
        latitude >= south && latitude <= north && longitude >= west && longitude <= east
    }
}

/// A chain read from the file.
struct Chain {
    var index: Int
    var firstPoint: Int
    var pointCount: Int
    /// Nil when the file names a node outside the graph (a damaged body).
    var start: Int?
    var end: Int?
    var length: Double
    var name: UInt32
    var kind: WayKind
    var directions: UInt8
    var traits: WayTraits

    var forward: Bool { directions & 1 != 0 }
    var backward: Bool { directions & 2 != 0 }
}
