public import Foundation
public import PlaceCore
public import PlaceStore

/// Where the store is and how to open it, with its errors turned into ``PlacesError`` once.
public struct StoreAccess: Sendable {
    /// Where the store is, and who chose it (`--store`, PLACES_STORE, the default).
    public let location: StoreLocation
    /// A store opened once and kept (a server's): every flow uses it instead of opening the file.
    public let held: SQLitePlaceStore?
    /// The imported places of the database several server instances share, read instead of the
    /// file's; nil on the embedded store.
    public private(set) var shared: SharedImports?
    /// The store of accounts, favourites and points that a server's instances share (the
    /// database on `--database`, or the file it holds open); nil: the store file, opened per flow.
    public private(set) var personal: (any SharedStore)?

    /// - Parameter option: a path given by the caller (`--store`), before PLACES_STORE and the XDG default.
    public init(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(PlacesError) {
        guard let location = StoreLocation.resolve(option: option, environment: environment) else {
            throw PlacesError(.configuration, "no place for the store: HOME is not set", remedy: Remedy(.chooseStore))
        }
        self.location = location
        held = nil
    }

    /// The store at `location`.
    public init(location: StoreLocation) {
        self.location = location
        held = nil
    }

    /// Access through `store`, opened once for writing and kept open: what a long-running process
    /// (a server) uses, so that a request does not open and check the file again.
    public init(holding store: SQLitePlaceStore) {
        location = StoreLocation(path: store.path, source: .option)
        held = store
    }

    /// The same access, reading imported places from `imports` (a server's `--database`).
    public func readingImports(from imports: any SharedImportStore) -> StoreAccess {
        var access = self
        access.shared = SharedImports(imports)
        return access
    }

    /// The same access, keeping favourites and points in `store` (a server's shared store).
    public func keepingPersonal(in store: any SharedStore) -> StoreAccess {
        var access = self
        access.personal = store
        return access
    }

    /// The store file's path.
    public var path: String { location.path }

    /// How a flow uses the store file when it keeps favourites and points there.
    enum PersonalUse {
        /// Reads it; nil when there is no file yet (nothing is created to find that out).
        case read
        /// Writes it, creating it when there is none.
        case write
        /// Writes it when there is one; nil when there is none (a removal has nothing to remove).
        case change
    }

    /// Runs `body` on the store that keeps favourites and points: ``personal`` when there is one,
    /// else the store file, opened for `use`.
    func personal<T>(_ use: PersonalUse, _ body: (any SharedStore) async throws(StoreError) -> T) async throws(PlacesError) -> T? {
        let store: any SharedStore
        if let personal {
            store = personal
        } else if use == .write || (use == .change && (held != nil || FileManager.default.fileExists(atPath: location.path))) {
            store = try writing()
        } else if use == .read, let file = try reading() {
            store = file
        } else {
            return nil
        }
        do { return try await body(store) } catch { throw Self.error(error) }
    }

    /// The store, or nil when there is none yet (nothing is created to find that out).
    public func reading() throws(PlacesError) -> SQLitePlaceStore? {
        if let held { return held }
        do { return try SQLitePlaceStore.openForReading(at: location.path, upgrading: sayUpgrade) } catch { throw Self.error(error) }
    }

    /// The store, created (with its folder) when there is none yet.
    public func writing() throws(PlacesError) -> SQLitePlaceStore {
        if let held { return held }
        do { return try SQLitePlaceStore.openForWriting(at: location.path, upgrading: sayUpgrade) } catch { throw Self.error(error) }
    }

    /// Where a store an older places wrote is said to be upgraded (the service sets its notices).
    var upgradeNotices: NoticeSink = .ignore

    private func sayUpgrade() {
        upgradeNotices.say("upgrading the store \(location.path), written by an older places, once; a large store takes a while")
    }

    /// Runs a store operation, turning its error into a ``PlacesError``.
    public static func run<T>(_ body: () throws(StoreError) -> T) throws(PlacesError) -> T {
        do { return try body() } catch { throw Self.error(error) }
    }

    /// The ``PlacesError`` a store failure is: its kind, its words and what to do.
    public static func error(_ error: StoreError) -> PlacesError {
        let kind: PlacesError.Kind =
            switch error.kind {
            case .isDirectory, .newerSchema: .configuration
            case .notADatabase, .corruptRecord: .badData
            case .unavailable, .readOnly: .cannotWrite
            case .busy, .changedMeanwhile: .busy
            case .unreachable: .unavailable
            }
        return PlacesError(kind, error.message, remedy: error.remedy, underlyingError: error)
    }
}
