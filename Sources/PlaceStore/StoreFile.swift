#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import PlaceCore

/// What is at the store's path before SQLite is let near it, and making room for a new store.
///
/// Only `stat` and `mkdir` here, never `open`: closing any descriptor of a database file drops
/// every POSIX lock this process holds on it, including the locks of a store that is already open
/// (see "How To Corrupt An SQLite Database File", 2.2). Whether a non-empty file is a database is
/// asked of SQLite instead, through a read-only connection (``StoreSchema/inspect(_:)``).
enum StoreFile {
    enum State: Equatable {
        /// Nothing at the path.
        case missing
        /// A 0-byte file: SQLite treats it as an empty database, and so do we.
        case empty
        /// A file with something in it, not yet known to be a database.
        case nonEmpty
    }

    /// - Throws: `.isDirectory`, `.notADatabase` for a device or a socket, `.unavailable` when
    ///   the path cannot be looked at (a parent that is a file, a folder we may not enter).
    static func state(of path: String) throws(StoreError) -> State {
        var status = stat()
        guard stat(path, &status) == 0 else {
            let code = errno
            if code == ENOENT { return .missing }
            throw StoreError(.unavailable, path: path, detail: reason(code))
        }
        switch status.st_mode & S_IFMT {
        case S_IFDIR:
            throw StoreError(.isDirectory, path: path, detail: "it is a directory")
        case S_IFREG:
            return status.st_size == 0 ? .empty : .nonEmpty
        default:
            throw StoreError(.notADatabase, path: path, detail: "it is not a regular file")
        }
    }

    /// Creates the folders above `path`, like `mkdir -p`, private to the user as the XDG spec asks
    /// for data folders. A folder another process creates at the same moment is fine.
    static func createParentFolders(of path: String) throws(StoreError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var folder = path.hasPrefix("/") ? "" : "."
        for component in components where !component.isEmpty {
            folder += "/" + component
            if mkdir(folder, 0o700) == 0 { continue }
            let code = errno
            var status = stat()
            if code == EEXIST, stat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            let why = code == EEXIST ? "it is not a folder" : reason(code)
            throw StoreError(.unavailable, path: path, detail: "cannot create the folder \(folder): \(why)")
        }
    }

    /// Whether this process may write the file at `path`.
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Whether this process may create files beside `path` (SQLite's `-wal` and `-shm`).
    static func folderIsWritable(of path: String) -> Bool {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        return access(folder, W_OK) == 0
    }

    private static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
