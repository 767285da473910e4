public import Foundation
import PlaceBytes
public import PlaceCore

/// The ways a person may walk, as a graph read in place from a memory-mapped file (or built in
/// memory by ``WalkingGraphBuilder``): snapping, shortest walks, and distances to many places at
/// once.
///
/// ```swift
/// let graph = try WalkingGraph.open(at: URL(fileURLWithPath: "places.walk"))
/// let walk = try graph.route(from: dam, to: waterlooplein)       // WalkingRoute
/// print(walk.route.steps.map(\.instruction))                     // PlaceCore.Route
/// let metres = graph.distances(from: focus, to: candidates)      // one search for all
/// ```
///
/// It is immutable and `Sendable`: one instance serves queries from any number of threads, each
/// borrowing its own search space from a small pool.
public final class WalkingGraph: Sendable {
    let view: GraphView
    /// Where it was read from, for messages ("(memory)" for a graph built in memory).
    public let path: String
    /// A plane on which straight lines are never longer than the ways: the A* estimate.
    let heuristicScale: LocalScale
    let pool: SearchPool
    /// The pedestrian areas by where they are, for starts and ends on a square.
    let areaCells = AreaCells()

    /// Walking speed for durations, metres per second.
    public static let walkingSpeed = 1.4
    /// Whose data it is, as the licence asks to show it.
    public static let attribution = "© OpenStreetMap contributors"

    init(storage: MappedFile, path: String, verifyChecksum: Bool = true) throws(WalkingGraphError) {
        view = try GraphView(storage: storage, path: path, verifyBody: verifyChecksum)
        self.path = path
        let south = FixedPoint.degrees(view.bounds.south)
        let north = FixedPoint.degrees(view.bounds.north)
        heuristicScale = LocalScale.lowerBound(south: min(south, north), north: max(south, north))
        pool = SearchPool(capacity: view.nodeCount)
    }

    /// When opening a file checks its body's checksum (``open(at:checksum:)``).
    public enum ChecksumCheck: Sendable {
        /// Every time: a read of the whole file (about 1 ms per 10 MB once it is in memory, far more
        /// from disk).
        case always
        /// Only when the file is not the one last found right: any file written since, or never
        /// checked (a stamp beside it, `x.walk.verified`, says which file was checked; see
        /// ``write(to:)``). The default: a country's graph opens in the time its header takes.
        case whenChanged
        /// Never: the header and the sections' bounds only.
        case never
    }

    /// Opens a graph file by mapping it.
    ///
    /// The header is always checked (magic, version, header checksum, size, every section inside
    /// the file with the entry count the header says); the body's checksum as `checksum` says. Every
    /// read the queries make is bounds-checked besides, so a damaged file gives a
    /// ``WalkingGraphError`` here or wrong walks later, never a crash.
    /// - Throws: ``WalkingGraphError``; when ``WalkingGraphError/isRebuildable`` build it again
    ///   from the OSM data.
    public static func open(at url: URL, checksum: ChecksumCheck = .whenChanged) throws(WalkingGraphError)
        -> WalkingGraph
    {
        let storage: MappedFile
        do {
            storage = try MappedFile(mapping: url.path)
        } catch {
            throw WalkingGraphError(path: url.path, problem: .cannotRead(error.reason))
        }
        let stored =
            storage.size >= GraphFormat.headerSize ? storage.u64(GraphFormat.bodyChecksumOffset) : 0
        let verify =
            switch checksum {
            case .always: true
            case .never: false
            case .whenChanged: !VerifiedStamp.matches(url.path, checksum: stored)
            }
        let graph = try WalkingGraph(storage: storage, path: url.path, verifyChecksum: verify)
        if verify, checksum == .whenChanged { VerifiedStamp.write(for: url.path, checksum: stored) }
        return graph
    }

    /// Opens a graph file, checking its body's checksum every time (true) or never (false).
    public static func open(at url: URL, verifyChecksum: Bool) throws(WalkingGraphError) -> WalkingGraph {
        try open(at: url, checksum: verifyChecksum ? .always : .never)
    }

    /// Writes the graph to `url` atomically (a temporary file beside it, then a rename), so a reader
    /// never maps half a file; the file written is read back and its checksum checked before it
    /// takes the name, and stamped as checked (``ChecksumCheck/whenChanged``).
    public func write(to url: URL) throws {
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        defer { try? FileManager.default.removeItem(at: temporary) }
        try write(staging: temporary)
        try Self.install(temporary, at: url)
    }

    /// Writes the graph's bytes to `temporary`, for ``install(_:at:)`` to put in place later:
    /// an import writes its graph before the store commits (a full disk then takes the import
    /// back) and gives it its name only after.
    public func write(staging temporary: URL) throws { try fileContents.write(to: temporary) }

    /// Gives `temporary`, written by ``write(staging:)``, the name `url`: it is read back and its
    /// checksum checked first, and stamped as checked (``ChecksumCheck/whenChanged``).
    public static func install(_ temporary: URL, at url: URL) throws {
        let written = try WalkingGraph.open(at: temporary, checksum: .always)
        let checksum = written.view.storage.u64(GraphFormat.bodyChecksumOffset)
        // Dated back, so that the stamp can be trusted at once: any later write is seen.
        let datedBack = VerifiedStamp.dateBack(temporary.path)
        VerifiedStamp.remove(for: url.path)
        try VerifiedStamp.move(temporary.path, to: url.path)
        if datedBack { VerifiedStamp.write(for: url.path, checksum: checksum) }
    }

    /// Removes the graph file at `url` and the stamp beside it (see ``ChecksumCheck/whenChanged``),
    /// quietly when either is not there: a removed import leaves nothing of its graph behind.
    public static func removeFile(at url: URL) {
        try? FileManager.default.removeItem(at: url)
        VerifiedStamp.remove(for: url.path)
    }

    /// The bytes of the graph file, as ``write(to:)`` writes them (to be kept elsewhere).
    package var fileContents: Data { Data(view.storage.bytes) }

    /// The version of the file format this build writes and reads: a copy kept elsewhere (a
    /// shared database) says it, so that a graph of another version is not fetched to fail.
    package static var formatVersion: Int { Int(GraphFormat.version) }

    /// The graph file beside a store: `places.sqlite` → `places.walk`.
    public static func fileURL(forStore store: URL) -> URL {
        let base = store.pathExtension.isEmpty ? store : store.deletingPathExtension()
        return base.appendingPathExtension("walk")
    }

    /// What the graph holds, for an import's report.
    public struct Statistics: Sendable, Equatable {
        /// Walkable ways read from the OSM data.
        public var ways: Int
        /// Junctions and ends of ways.
        public var nodes: Int
        /// Stretches of way between two nodes.
        public var edges: Int
        /// Points of their geometry.
        public var points: Int
        /// Pieces no way joins to each other, and the share of nodes in the largest.
        public var components: Int
        public var largestComponentShare: Double
        /// Size of the file.
        public var bytes: Int
    }

    public var statistics: Statistics {
        var largest = 0
        for component in 0..<view.componentCount { largest = max(largest, view.componentSize(component)) }
        return Statistics(
            ways: view.wayCount, nodes: view.nodeCount, edges: view.chainCount, points: view.pointCount,
            components: view.componentCount,
            largestComponentShare: view.nodeCount > 0 ? Double(largest) / Double(view.nodeCount) : 0,
            bytes: view.storage.size)
    }

    /// The box around every way, nil for an empty graph: whether a focus is "covered" starts here
    /// (then ``snap(_:)`` says how far the nearest way is).
    public var bounds: BoundingBox? {
        guard view.pointCount > 0 else { return nil }
        return BoundingBox(
            south: FixedPoint.degrees(view.bounds.south), west: FixedPoint.degrees(view.bounds.west),
            north: FixedPoint.degrees(view.bounds.north), east: FixedPoint.degrees(view.bounds.east))
    }
}
