import Foundation
import GRDB
public import PlaceCore

/// The local store: favourites, settings, points, accounts and imported places in one SQLite file.
/// It meets the contract a server's instances share (``SharedStore``) with these same methods.
///
/// Every write is a transaction: a crash or a concurrent `places` never loses a favourite, and
/// adding one twice never doubles it. One owner's favourites and points are invisible to every
/// other owner.
///
/// Each instance holds one connection. Several instances, in one process or many, may use the
/// same file at once: writes are serialised by SQLite (WAL journal, immediate transactions) and
/// wait up to ``busyTimeout`` for each other before failing with `StoreError.Kind.busy`.
///
/// Open it with ``openForWriting(at:)`` for commands that change the store, and with
/// ``openForReading(at:)`` for commands that only look, so that looking never creates a file.
public final class SQLitePlaceStore: Sendable {
    /// How the file was opened.
    public enum AccessMode: Sendable, Equatable {
        /// Opened by ``openForWriting(at:)``.
        case readWrite
        /// Opened by ``openForReading(at:)``: every write fails with `.readOnly`.
        case readOnly
    }

    /// How long a write waits for another process's write before giving up, in seconds.
    public static let busyTimeout: Double = 10

    /// The path the store was opened with.
    public let path: String
    /// Whether this instance may write.
    public let mode: AccessMode
    let database: DatabaseQueue

    private init(path: String, mode: AccessMode, database: DatabaseQueue) {
        self.path = path
        self.mode = mode
        self.database = database
    }

    /// Opens the store for changes: creates its folders and file when there are none, and brings
    /// the schema up to date.
    ///
    /// - Throws: `.isDirectory`, `.notADatabase` (the file is left untouched), `.newerSchema`
    ///   (nothing is written), `.unavailable` when a folder or the file cannot be created or
    ///   written, `.busy`.
    /// - Parameter upgrading: called before a store an older places wrote is upgraded: once, and
    ///   only then (the upgrade to schema 10 of a country's store takes half a minute).
    public static func openForWriting(at path: String, upgrading: (() -> Void)? = nil) throws(StoreError) -> SQLitePlaceStore {
        switch try StoreFile.state(of: validated(path)) {
        case .missing:
            try StoreFile.createParentFolders(of: path)
        case .empty:
            break
        case .nonEmpty:
            guard StoreFile.isWritable(path), StoreFile.folderIsWritable(of: path) else {
                throw StoreError(.readOnly, path: path, detail: "it is read-only to you (the file or its folder)")
            }
            // Look before opening for writing: a read-write open already writes (it switches the
            // journal to WAL), which must not happen to another program's file or a newer store.
            _ = try inspect(connect(path, mode: .readOnly), path: path)
        }
        let database = try connect(path, mode: .readWrite)
        do {
            try StoreSchema.migrate(database, path: path, upgrading: upgrading)
        } catch {
            throw StoreError(error, path: path)
        }
        return SQLitePlaceStore(path: path, mode: .readWrite, database: database)
    }

    /// Opens an existing store read-only. The one exception: a store written by an older places
    /// is upgraded first, through ``openForWriting(at:)``.
    ///
    /// - Returns: nil when there is no store at `path` yet (no file, an empty file, or one with
    ///   no places tables): callers then know there are no favourites and no settings, and no
    ///   file was created to learn it.
    /// - Throws: as ``openForWriting(at:)``.
    public static func openForReading(at path: String, upgrading: (() -> Void)? = nil) throws(StoreError) -> SQLitePlaceStore? {
        guard try StoreFile.state(of: validated(path)) == .nonEmpty else { return nil }
        var database: DatabaseQueue
        let state: StoreSchema.State
        do {
            database = try connect(path, mode: .readOnly)
            state = try inspect(database, path: path)
        } catch  where error.kind == .unavailable && !StoreFile.folderIsWritable(of: path) {
            // Reading a WAL file needs its shared-memory index beside it, which cannot be made in
            // a folder we may not write (another user's store, a read-only mount). Read the file
            // as it stands: nobody can be writing it through this folder's missing index either.
            database = try connect(immutableURI(path), mode: .readOnly)
            state = try inspect(database, path: path)
        }
        switch state {
        case .fresh:
            return nil
        case .current:
            return SQLitePlaceStore(path: path, mode: .readOnly, database: database)
        case .needsUpgrade:
            // An older places wrote it. Upgrading once here beats failing every read until the
            // next command that writes.
            return try openForWriting(at: path, upgrading: upgrading)
        }
    }

    private static func validated(_ path: String) throws(StoreError) -> String {
        // SQLite reads "" as "a temporary database", which would silently keep nothing.
        guard !path.isEmpty else { throw StoreError(.unavailable, path: path, detail: "the path is empty") }
        return path
    }

    /// SQLite's URI for `path` opened as a file that does not change (no locks, no index files).
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        return "file:\(absolute.addingPercentEncoding(withAllowedCharacters: allowed) ?? absolute)?immutable=1"
    }

    private static func connect(_ path: String, mode: AccessMode) throws(StoreError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = mode == .readOnly
        // WAL: readers never wait for a writer, and a killed process loses at most its own
        // unfinished transaction. `synchronous = NORMAL` with WAL may lose the last commits on
        // power loss, never on a killed process, and never corrupts the file.
        configuration.journalMode = .wal
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.prepareDatabase { db in
            // GRDB sets this with its WAL setup, which read-only connections skip; it is per
            // connection, so say it for all of them.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
        }
        // SQLite does not call the busy handler for the lock taken to switch a new file to WAL,
        // so when several processes create the same store at once, all but one may get
        // SQLITE_BUSY immediately. Wait for them as the busy timeout would have.
        let deadline = ContinuousClock.now + .seconds(busyTimeout)
        while true {
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
                guard ContinuousClock.now < deadline else { throw StoreError(error, path: path) }
                Thread.sleep(forTimeInterval: .random(in: 0.005...0.02))
            } catch {
                throw StoreError(error, path: path)
            }
        }
    }

    private static func inspect(_ database: DatabaseQueue, path: String) throws(StoreError) -> StoreSchema.State {
        do {
            return try database.read { db in try StoreSchema.inspect(db, path: path) }
        } catch {
            throw StoreError(error, path: path)
        }
    }

    // MARK: Access for the stores' operations

    /// Runs `body` in a read transaction, turning every failure into a `StoreError`.
    func reading<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs `body` in an immediate write transaction, so that what it reads stays true until it
    /// commits, turning every failure into a `StoreError`.
    func writing<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        // Said before SQLite is asked: its "attempt to write a readonly database" names no remedy.
        guard mode == .readWrite else { throw StoreError(.readOnly, path: path, detail: "it was opened for reading only") }
        do {
            return try database.write(body)
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
