public import PlaceCore
import Synchronization

/// The imported places several server instances share (`places serve --database`), read by the
/// flows instead of the embedded store's: offline answers, the fallback when OpenStreetMap cannot
/// be reached, reverse lookups.
///
/// What was imported is remembered per import generation, so that a search asks the database for
/// one number rather than counting every source's places again; an import through any instance
/// changes the generation, and the next search sees it.
public final class SharedImports: Sendable {
    /// The shared database's imported places.
    public let store: any SharedImportStore
    private let known = Mutex<(generation: Int, imports: [ImportRecord])?>(nil)

    /// The imports of `store`.
    public init(_ store: any SharedImportStore) {
        self.store = store
    }

    /// What is imported now.
    public func imports() async throws(StoreError) -> [ImportRecord] {
        let generation = try await store.importGeneration()
        if let known = known.withLock({ $0 }), known.generation == generation { return known.imports }
        let imports = try await store.imports()
        known.withLock { $0 = (generation, imports) }
        return imports
    }
}
