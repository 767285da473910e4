import PlaceBytes
import PlaceCore

/// Turns an assembled graph into the bytes of a file (``GraphFormat``). A graph built in memory
/// is read from these same bytes, so there is one query path to test.
enum GraphWriter {
    /// The file's bytes, in one allocation that the graph then reads in place. Each of the
    /// assembled arrays is let go as soon as its section is made, and each section as soon as it is
    /// placed, so a country's graph is held about twice at most, not four times.
    static func file(of assembled: consuming AssembledGraph) -> MappedFile {
        var graph = assembled
        let counts = [
            graph.nodePositions.count / 2, graph.arcTargets.count, graph.chains.count, graph.points.count / 2,
            graph.names.count, graph.componentSizes.count, graph.wayCount, graph.cellEntries.count,
        ]
        let areaCounts = [graph.areas.count, graph.areaPoints.count / 2, graph.areaAnchors.count]
        let grid = graph.grid
        let bounds = Self.bounds(of: graph.points)

        var sections = [[UInt8]](repeating: [], count: GraphFormat.Section.allCases.count)
        func put(_ section: GraphFormat.Section, _ fill: (inout ByteWriter) -> Void) {
            var writer = ByteWriter()
            fill(&writer)
            sections[section.rawValue] = writer.data
        }
        put(.nodePositions) { $0.array(graph.nodePositions) }
        graph.nodePositions = []
        put(.firstArc) { $0.array(graph.firstArc) }
        graph.firstArc = []
        put(.arcs) { writer in
            writer.data.reserveCapacity(graph.arcTargets.count * GraphFormat.arcSize)
            for index in graph.arcTargets.indices {
                writer.u32(graph.arcTargets[index])
                writer.f32(graph.arcLengths[index])
                writer.u32(graph.arcChains[index])
            }
        }
        (graph.arcTargets, graph.arcLengths, graph.arcChains) = ([], [], [])
        put(.nodeComponents) { $0.array(graph.nodeComponents) }
        graph.nodeComponents = []
        put(.componentSizes) { $0.array(graph.componentSizes) }
        put(.chains) { writer in
            writer.data.reserveCapacity(graph.chains.count * GraphFormat.chainSize)
            for chain in graph.chains {
                for value in [chain.firstPoint, chain.pointCount, chain.start, chain.end] { writer.u32(value) }
                writer.f32(chain.length)
                writer.u32(chain.name)
                writer.u8(chain.kind)
                writer.u8(chain.directions)
                writer.u8(chain.traits)
                writer.u8(0)
            }
        }
        graph.chains = []
        put(.points) { $0.array(graph.points) }
        graph.points = []
        var nameBytes: [UInt8] = []
        var nameOffsets: [UInt32] = [0]
        for name in graph.names {
            nameBytes.append(contentsOf: name.utf8)
            nameOffsets.append(UInt32(nameBytes.count))
        }
        put(.nameOffsets) { $0.array(nameOffsets) }
        put(.nameBytes) { $0.bytes(nameBytes) }
        put(.cellFirst) { $0.array(graph.cellFirst) }
        put(.cellEntries) { $0.array(graph.cellEntries) }
        graph.cellEntries = []
        put(.areas) { writer in
            for area in graph.areas {
                for value in [area.firstPoint, area.pointCount, area.firstAnchor, area.anchorCount, area.name] {
                    writer.u32(value)
                }
                writer.u8(area.kind)
                writer.u8(area.traits)
                writer.u8(0)
                writer.u8(0)
                for value in [area.south, area.west, area.north, area.east] { writer.i32(value) }
            }
        }
        put(.areaPoints) { $0.array(graph.areaPoints) }
        put(.areaAnchors) { $0.array(graph.areaAnchors) }

        let placed = SectionTable.positions(lengths: sections.map(\.count), headerSize: GraphFormat.headerSize)
        let file = UnsafeMutableRawPointer.allocate(byteCount: max(placed.fileSize, 1), alignment: 16)
        file.initializeMemory(as: UInt8.self, repeating: 0, count: placed.fileSize)
        for (number, entry) in placed.table.enumerated() {
            sections[number].withUnsafeBytes { section in
                if let start = section.baseAddress { (file + Int(entry.offset)).copyMemory(from: start, byteCount: section.count) }
            }
            sections[number] = []
        }
        let bodyChecksum = GraphFormat.bodyChecksum(
            UnsafeRawBufferPointer(start: file + GraphFormat.headerSize, count: placed.fileSize - GraphFormat.headerSize))

        var header = ByteWriter()
        header.bytes(GraphFormat.magic)
        header.u32(GraphFormat.version)
        header.u32(UInt32(GraphFormat.headerSize))
        header.u64(UInt64(placed.fileSize))
        for count in counts { header.u32(UInt32(clamping: count)) }
        for value in [grid.south, grid.west, grid.cellHeight, grid.cellWidth] { header.i32(value) }
        header.u32(grid.rows)
        header.u32(grid.columns)
        for value in [bounds.south, bounds.west, bounds.north, bounds.east] { header.i32(value) }
        for (offset, length) in placed.table {
            header.u64(offset)
            header.u64(length)
        }
        header.u64(bodyChecksum)
        for count in areaCounts { header.u32(UInt32(clamping: count)) }
        header.bytes([UInt8](repeating: 0, count: GraphFormat.headerChecksumOffset - header.data.count))
        let headerChecksum = header.data.withUnsafeBytes { MappedFile.fnv1a($0) }
        header.u64(headerChecksum)
        header.data.withUnsafeBytes { header in
            if let start = header.baseAddress { file.copyMemory(from: start, byteCount: header.count) }
        }
        return MappedFile(adopting: file, count: placed.fileSize)
    }

    static func bounds(of points: [Int32]) -> (south: Int32, west: Int32, north: Int32, east: Int32) {
        guard !points.isEmpty else { return (0, 0, 0, 0) }
        var south = Int32.max, west = Int32.max, north = Int32.min, east = Int32.min
        var index = 0
        while index + 1 < points.count {
            south = min(south, points[index])
            north = max(north, points[index])
            west = min(west, points[index + 1])
            east = max(east, points[index + 1])
            index += 2
        }
        return (south, west, north, east)
    }
}
