public import Foundation
import Synchronization

/// Time zones by IANA name, each made once: making one reads the zone database, which costs more
/// than the answers it is asked for.
public enum NamedTimeZones {
    private static let cache = Mutex<[String: TimeZone?]>([:])

    /// The zone named `identifier`, or nil when this machine's zone database does not know it.
    public static func zone(_ identifier: String) -> TimeZone? {
        cache.withLock { cache in
            if let known = cache[identifier] { return known }
            let zone = TimeZone(identifier: identifier)
            cache[identifier] = zone
            return zone
        }
    }
}
