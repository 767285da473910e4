#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import Autocomplete
import Synchronization

/// The name index of one store, kept open: opened on first use, and again only when the list of
/// its segments on disk is another one (an import or a removal rewrote it). One `stat` per use tells, so a server completes
/// from a memory-mapped index without opening it per request, and still sees every import.
final class NameIndexHandle: Sendable {
    let storePath: String
    /// Worked out once: a path from Foundation's URL costs more than the `stat` each use makes.
    /// The list of segments (rewritten by every import and removal), else the single file a
    /// shared database's index is.
    private let manifestPath: String
    private let indexPath: String
    private let opened = Mutex<(identity: FileIdentity, index: AutocompleteIndex)?>(nil)

    init(storePath: String) {
        self.storePath = storePath
        manifestPath = NameIndex.manifestPath(forStore: storePath)
        indexPath = NameIndex.path(forStore: storePath)
    }

    private func identity() -> FileIdentity? { FileIdentity(path: manifestPath) ?? FileIdentity(path: indexPath) }

    /// The index as the file is now; nil when nothing is imported.
    func current(notices: NoticeSink) throws(PlacesError) -> AutocompleteIndex? {
        if let identity = identity(), let kept = opened.withLock({ $0 }), kept.identity == identity { return kept.index }
        guard let index = try NameIndex.open(storePath: storePath, notices: notices) else { return nil }
        // Kept only when it came from the file as it is now (not one built in memory for this run).
        if let identity = identity() { opened.withLock { $0 = (identity, index) } }
        return index
    }
}

/// Which file is at a path: another inode, size or modification time is another file.
struct FileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        #if canImport(Darwin)
            modifiedSeconds = Int(status.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
        #else
            modifiedSeconds = Int(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        #endif
    }
}
