import GRDB
public import PlaceCore

/// The embedded default of `places serve`: its plain, synchronous operations meet the shared
/// contract as they are (a write waits at most ``SQLitePlaceStore/busyTimeout`` for another).
extension SQLitePlaceStore: SharedStore {
    public var location: String { path }

    public func checkReachable() throws(StoreError) {
        _ = try reading { db in try db.tableExists("account") }
    }
}
