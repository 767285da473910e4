public import Foundation
import PlaceHTTP
import PlaceCore
import PlaceStore

/// Where the walking graphs of a store's imports are kept: one file per import in a folder beside
/// the store (`places.sqlite` → `places.walks/`), written by the import and by a copy from a shared
/// database (``CopiedWalkingGraphs``), opened by mapping when a walk is asked for.
public enum WalkingGraphFiles {
    /// The folder of the graphs of the store at `storePath`.
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

    /// The keys of the store's own imports (none when there is no store).
    package static func importedSources(storePath: String) -> [String] {
        guard let store = try? SQLitePlaceStore.openForReading(at: storePath), let imports = try? store.imports() else { return [] }
        return imports.map(\.source.key)
    }
}
