import Foundation
public import PlaceCore
import PlaceImport
import PlaceStore
import Synchronization
public import WalkingGraph

/// The walking graphs of the imported OpenStreetMap files, one per file, in a folder beside the
/// store (`places.sqlite` → `places.walks/`): built by the import in the same pass as the places,
/// opened by mapping when a walk is asked for.
public struct WalkingGraphs: Sendable {
    /// One import's graph.
    public struct Entry: Sendable {
        /// The import's key (the file's absolute path).
        public let source: String
        /// The graph, mapped from its file.
        public let graph: WalkingGraph
    }

    /// Every import's graph, oldest import first.
    public let entries: [Entry]

    /// How far from the ways a point may be and still count as covered (a café on a square, a
    /// building's entrance): beyond it, walks are estimated from the straight line.
    public static let coverage = 250.0

    /// Every graph of the store's imports, and those copied from a shared database
    /// (``CopiedWalkingGraphs``). A graph of the store's that is damaged or from an older version
    /// is built again from its OSM file when that is still there, else said and left out.
    public static func open(storePath: String, notices: NoticeSink) -> WalkingGraphs {
        guard WalkingGraphFiles.exist(storePath: storePath) else { return WalkingGraphs(entries: []) }
        var entries = openImported(storePath: storePath, notices: notices)
        for copy in CopiedWalkingGraphs.read(storePath: storePath)?.copies ?? [] where !entries.contains(where: { $0.source == copy.source }) {
            let file = WalkingGraphFiles.folder(forStore: storePath).appendingPathComponent(copy.file)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                entries.append(Entry(source: copy.source, graph: try WalkingGraph.open(at: file)))
            } catch {
                notices.warn("\(error.description); copy it again with places serve index build --database …")
            }
        }
        return WalkingGraphs(entries: entries)
    }

    private static func openImported(storePath: String, notices: NoticeSink) -> [Entry] {
        guard let store = try? SQLitePlaceStore.openForReading(at: storePath), let imports = try? store.imports() else { return [] }
        var entries: [Entry] = []
        for imported in imports where imported.source.format.hasPrefix("osm") || imported.source.format.hasSuffix("json") {
            let key = imported.source.key
            let file = WalkingGraphFiles.file(forSource: key, storePath: storePath)
            guard FileManager.default.fileExists(atPath: file.path) else { continue }
            do {
                entries.append(Entry(source: key, graph: try WalkingGraph.open(at: file)))
            } catch  where error.isRebuildable {
                guard FileManager.default.fileExists(atPath: key) else {
                    notices.warn("\(error.description); import \(imported.source.label) again to rebuild it")
                    continue
                }
                notices.warn("\(error.description); building it again from \(imported.source.label)")
                do {
                    let graph = try WalkingGraphBuilder.build(contentsOf: URL(fileURLWithPath: key))
                    try? graph.write(to: file)
                    entries.append(Entry(source: key, graph: graph))
                } catch {
                    notices.warn("the walking graph of \(imported.source.label) cannot be built: \(error)")
                }
            } catch {
                notices.warn(error.description)
            }
        }
        return entries
    }

    /// The graph that covers `coordinate`: inside its box and within ``coverage`` of a way.
    public func covering(_ coordinate: Coordinate) -> WalkingGraph? {
        var best: (WalkingGraph, Double)?
        for entry in entries {
            guard let box = entry.graph.bounds, box.padded(by: Self.coverage).contains(coordinate),
                let snapped = entry.graph.snap(coordinate), snapped.distance <= Self.coverage
            else { continue }
            if snapped.distance < best?.1 ?? .infinity { best = (entry.graph, snapped.distance) }
        }
        return best?.0
    }

    /// The imported streets nearest to `coordinate`, and how far they are: the distance to the
    /// nearest way where the graph's area is near, else to its area. Nil without graphs.
    public func nearest(to coordinate: Coordinate) -> (source: String, metres: Double)? {
        var best: (source: String, metres: Double)?
        for entry in entries {
            guard let box = entry.graph.bounds else { continue }
            var metres = box.distance(to: coordinate)
            if metres < 5_000, let snapped = entry.graph.snap(coordinate) { metres = snapped.distance }
            if metres < best?.metres ?? .infinity { best = (entry.source, metres) }
        }
        return best
    }

    /// The graph that covers both ends of a walk.
    public func covering(_ origin: Coordinate, _ destination: Coordinate) -> WalkingGraph? {
        entries.first { entry in
            [origin, destination].allSatisfy { point in
                guard let box = entry.graph.bounds, box.padded(by: Self.coverage).contains(point),
                    let snapped = entry.graph.snap(point)
                else { return false }
                return snapped.distance <= Self.coverage
            }
        }?.graph
    }
}

/// The store's graphs, opened when first needed and again whenever the files in the folder
/// changed (an import or a removal while a long-running service, such as `places serve`, answers):
/// a walk asked for after an import is routed over the streets it brought.
final class WalkingGraphCache: Sendable {
    private let opened = Mutex<(files: [String: FileIdentity], graphs: WalkingGraphs)?>(nil)

    func graphs(storePath: String, notices: NoticeSink) -> WalkingGraphs {
        let files = Self.files(storePath: storePath)
        if let kept = opened.withLock({ $0 }), kept.files == files { return kept.graphs }
        let graphs = WalkingGraphs.open(storePath: storePath, notices: notices)
        // Kept with the files as they were before opening: a change meanwhile is seen next time.
        opened.withLock { $0 = (files, graphs) }
        return graphs
    }

    /// The graph files beside the store, each with which file it is (another inode, size or time is
    /// another graph).
    private static func files(storePath: String) -> [String: FileIdentity] {
        let folder = WalkingGraphFiles.folder(forStore: storePath)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var files: [String: FileIdentity] = [:]
        for name in names where name.hasSuffix(".walk") {
            files[name] = FileIdentity(path: folder.appendingPathComponent(name).path)
        }
        return files
    }
}
