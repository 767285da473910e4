import PlaceSearch
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
/// Elements must come in the usual file order (nodes before the ways that use them), as every
/// OSM file and Overpass answer has them. It keeps every node's position (16 bytes each) and,
/// of the ways, only the walkable ones (see ``FootAccess``); relations are not read.
public struct WalkingGraphBuilder {
    var nodes = NodeTable()
    /// Walkable ways, cut where a node is missing (outside the extract) or blocked (a locked gate):
    /// node indices, one piece after another. A negative entry −(k+1) is ``blockedCopies``[k].
    var pieceNodes: [Int32] = []
    /// Blocked nodes, once for each side of each way that reaches them: a dead end each.
    var blockedCopies: [Int32] = []
    var pieces: [Piece] = []
    var names = NameTable()
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
    }

    public init() {}

    /// Takes one element of the file.
    public mutating func consume(_ element: OSMElement) {
        elementCount += 1
        switch element {
        case .node(let node):
            nodes.insert(node)
        case .way(let way):
            guard !way.tags.isEmpty, let verdict = FootAccess.verdict(way.tags) else { return }
            wayCount += 1
            let name = names.intern(Self.name(way.tags))
            var start = pieceNodes.count
            func close() {
                if pieceNodes.count - start >= 2 {
                    pieces.append(
                        Piece(
                            start: start, name: name, kind: verdict.kind, forward: verdict.forward,
                            backward: verdict.backward))
                } else {
                    pieceNodes.removeSubrange(start...)
                }
                start = pieceNodes.count
            }
            for ref in way.nodeRefs {
                guard let index = nodes.index(of: ref) else {
                    close()
                    continue
                }
                if !nodes.blocked.isEmpty, nodes.blocked.contains(index) {
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
        case .relation:
            return
        }
    }

    /// The graph, in memory and ready for queries; write it with ``WalkingGraph/write(to:)``.
    /// - Throws: ``WalkingGraphError`` when the graph is too large for the file format (more than
    ///   four billion nodes, edges or points).
    public func finish() throws(WalkingGraphError) -> WalkingGraph {
        let assembled = try GraphAssembler(builder: self).assemble()
        let bytes = GraphWriter.bytes(of: assembled)
        return try WalkingGraph(storage: MappedFile(copying: bytes), path: "(memory)")
    }

    /// Reads an OpenStreetMap file (XML, PBF, Overpass JSON; gzip or bzip2 too) into a graph.
    /// - Throws: ``OSMFormatError`` for a file that cannot be read, ``WalkingGraphError`` for one too large.
    public static func build(contentsOf url: URL, progress: OSMReadProgress? = nil) throws -> WalkingGraph {
        var builder = WalkingGraphBuilder()
        try OSMFileReader.read(contentsOf: url, progress: progress) { builder.consume($0) }
        return try builder.finish()
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
