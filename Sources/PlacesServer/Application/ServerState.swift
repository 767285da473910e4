import Foundation
import Logging
import PlaceCore
import PlaceStore
import PlacesKit

/// What every handler shares: the front door, the store the instances share (accounts, tokens,
/// favourites, points: the embedded file, or PostgreSQL), the limits, the counters.
final class ServerState: Sendable {
    let service: PlacesService
    let shared: any SharedStore
    let imported: any ImportedPlacesStore
    /// The imported places in the shared database (`--database`), which reverse lookups read; nil on the embedded store.
    let sharedImports: (any SharedImportStore)?
    let settings: ServerSettings
    let metrics: ServerMetrics
    let limiter: RateLimiter
    let bodies: BodyReader
    let logger: Logger
    /// The MCP tools at `/mcp`.
    let mcp: MCPEndpoint

    init(
        service: PlacesService, store: SQLitePlaceStore, shared: any SharedStore, sharedImports: (any SharedImportStore)?, settings: ServerSettings,
        metrics: ServerMetrics, logger: Logger
    ) {
        self.shared = shared
        imported = store
        self.sharedImports = sharedImports
        // Searches read the imported places where this instance keeps them; favourites and points
        // are kept where the instances share them.
        self.service = (sharedImports.map(service.readingImports(from:)) ?? service).keepingPersonal(in: shared)
        self.settings = settings
        self.metrics = metrics
        limiter = RateLimiter(perSecond: settings.ratePerSecond, burst: settings.rateBurst)
        bodies = BodyReader(settings: settings)
        self.logger = logger
        mcp = MCPEndpoint(service: self.service)
    }

    /// Runs a store operation, turning its error into the problem it is.
    func store<T>(_ body: () throws(StoreError) -> T) throws(Problem) -> T {
        do { return try StoreAccess.run(body) } catch { throw Problem(error) }
    }

    /// Runs an operation of the shared store, turning its error into the problem it is (503 when
    /// the database cannot be reached).
    func shared<T>(_ body: (any SharedStore) async throws(StoreError) -> T) async throws(Problem) -> T {
        do { return try await body(shared) } catch { throw Problem(StoreAccess.error(error)) }
    }

    /// An imported place by id, from the database on `--database`, else from the store file.
    func importedPlace(id: String) async throws(Problem) -> ImportedPlace? {
        guard let sharedImports else { return try store { () throws(StoreError) in try imported.importedPlace(id: id) } }
        do { return try await sharedImports.importedPlace(id: id) } catch { throw Problem(StoreAccess.error(error)) }
    }

    /// Counts the providers' failures of a search.
    func count(_ failures: [ProviderError]) {
        for failure in failures { metrics.providerFailure(failure) }
    }
}
