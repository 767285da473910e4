import Foundation
import Logging
import PlaceStore
import PlacesKit

/// What every handler shares: the front door, the store's per-account parts, the limits, the
/// counters.
final class ServerState: Sendable {
    let service: PlacesService
    let accounts: any AccountStore
    let ledger: any PointsLedger
    let imported: any ImportedPlacesStore
    let settings: ServerSettings
    let metrics: ServerMetrics
    let limiter: RateLimiter
    let bodies: BodyReader
    let logger: Logger

    init(service: PlacesService, store: SQLitePlaceStore, settings: ServerSettings, metrics: ServerMetrics, logger: Logger) {
        self.service = service
        accounts = store
        ledger = store
        imported = store
        self.settings = settings
        self.metrics = metrics
        limiter = RateLimiter(perSecond: settings.ratePerSecond, burst: settings.rateBurst)
        bodies = BodyReader(settings: settings)
        self.logger = logger
    }

    /// Runs a store operation, turning its error into the problem it is.
    func store<T>(_ body: () throws(StoreError) -> T) throws(Problem) -> T {
        do { return try StoreAccess.run(body) } catch { throw Problem(error) }
    }

    /// Counts the providers' failures of a search.
    func count(_ failures: [ProviderError]) {
        for failure in failures { metrics.providerFailure(failure) }
    }
}
