import Foundation
import Synchronization

/// What an import leaves beside the store while it works, and what an interruption keeps.
///
/// An import stages its segment of the name index in the index's folder beside the store
/// (`places.names.d/KEY.names.import-PID-N`), builds it in a folder of sorted runs
/// (`places-names-PID-N/`) and writes it through a temporary file (`KEY.names.building-PID`); it
/// stages its walking graph in the graphs' folder (`places.walks/KEY.walk.import-PID-N`). A Ctrl-C or a kill leaves them, 8–33 MB each time: they are
/// removed on the way out (``cleanUp()``, from the CLI's signal handler) and, for a process that
/// is gone, at the next start (``sweep(storePath:)``).
public enum ImportLeftovers {
    private static let state = Mutex<(folder: String?, kept: String)>((nil, "nothing was imported; the store is as it was"))

    /// What an interruption now would leave, in words.
    public static var whatIsKept: String { state.withLock { $0.kept } }

    /// Said by the import as it goes: where it works, and what is kept if it stops now.
    package static func note(folder: String, kept: String) { state.withLock { $0 = (folder, kept) } }

    /// Removes what this process staged beside the store (a signal handler's last act).
    public static func cleanUp() {
        guard let folder = state.withLock({ $0.folder }) else { return }
        _ = remove(in: folder) { $0 == getpid() }
    }

    /// Removes what imports of processes that are gone left beside the store at `storePath`.
    /// - Returns: how many files and folders, and their bytes.
    @discardableResult
    public static func sweep(storePath: String) -> (count: Int, bytes: Int) {
        let folder = URL(fileURLWithPath: NameIndex.path(forStore: storePath)).deletingLastPathComponent().path
        return remove(in: folder) { pid in pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH }
    }

    /// The process that made `name`, when it is one of an import's leftovers.
    static func owner(of name: String) -> pid_t? {
        let patterns = [".names.import-", ".names.building-", "places-names-", ".walk.import-"]
        guard let pattern = patterns.first(where: name.contains), let range = name.range(of: pattern) else { return nil }
        let digits = name[range.upperBound...].prefix { $0.isNumber }
        return pid_t(digits)
    }

    private static func remove(in folder: String, whose: (pid_t) -> Bool) -> (count: Int, bytes: Int) {
        let manager = FileManager.default
        var count = 0
        var bytes = 0
        for name in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] {
            // The segments of the name index are staged and built in their own folder, and the
            // walking graphs in theirs.
            if name.hasSuffix(".names.d") || name.hasSuffix(".walks") {
                let inside = remove(in: (folder as NSString).appendingPathComponent(name), whose: whose)
                count += inside.count
                bytes += inside.bytes
                continue
            }
            guard let pid = owner(of: name), whose(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            bytes += size(of: path)
            if (try? manager.removeItem(atPath: path)) != nil { count += 1 }
        }
        return (count, bytes)
    }

    private static func size(of path: String) -> Int {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { return 0 }
        guard isDirectory.boolValue else { return ((try? manager.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0 }
        return ((try? manager.subpathsOfDirectory(atPath: path)) ?? []).reduce(0) { total, sub in
            total + size(of: (path as NSString).appendingPathComponent(sub))
        }
    }
}
