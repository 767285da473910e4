public import Foundation
public import PlaceSearch
import PlaceStore
import Synchronization
public import WalkingGraph

/// The walking graphs of the imported OpenStreetMap files, one per file, in a folder beside the
/// store (`places.sqlite` → `places.walks/`): built by the import in the same pass as the places,
/// opened by mapping when a walk is asked for.
public struct WalkingGraphs: Sendable {
    public struct Entry: Sendable {
        /// The import's key (the file's absolute path).
        public let source: String
        public let graph: WalkingGraph
    }

    public let entries: [Entry]

    /// How far from the ways a point may be and still count as covered (a café on a square, a
    /// building's entrance): beyond it, walks are estimated from the straight line.
    public static let coverage = 250.0

    public static func folder(forStore storePath: String) -> URL {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("walks")
    }

    /// The file a source's graph is kept in: named by a hash of the source's key.
    public static func file(forSource key: String, storePath: String) -> URL {
        folder(forStore: storePath).appendingPathComponent(HTTPCacheStore.key(method: "walk", url: key, body: nil) + ".walk")
    }

    /// Whether any graph is there, without opening one (for a provider's status).
    public static func exist(storePath: String) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(forStore: storePath).path)) ?? []
        return names.contains { $0.hasSuffix(".walk") }
    }

    /// Every graph of the store's imports. A graph that is damaged or from an older version is
    /// built again from its OSM file when that is still there, else said and left out.
    public static func open(storePath: String, notices: NoticeSink) -> WalkingGraphs {
        guard exist(storePath: storePath),
            let store = try? SQLitePlaceStore.openForReading(at: storePath), let imports = try? store.imports()
        else { return WalkingGraphs(entries: []) }
        var entries: [Entry] = []
        for imported in imports where imported.source.format.hasPrefix("osm") || imported.source.format.hasSuffix("json") {
            let key = imported.source.key
            let file = file(forSource: key, storePath: storePath)
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
        return WalkingGraphs(entries: entries)
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

/// The store's graphs, opened once per service when first needed.
final class WalkingGraphCache: Sendable {
    private let opened = Mutex<WalkingGraphs?>(nil)

    func graphs(storePath: String, notices: NoticeSink) -> WalkingGraphs {
        if let graphs = opened.withLock({ $0 }) { return graphs }
        let graphs = WalkingGraphs.open(storePath: storePath, notices: notices)
        opened.withLock { $0 = graphs }
        return graphs
    }
}
