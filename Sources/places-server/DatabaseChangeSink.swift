import Foundation
import PlacesKit
import PlacesServer

/// The shared database as the sink of a change file (`places import changes.osc --database …`):
/// it keeps every change applied to an import beside it, and the import made again is written with
/// the new change in one transaction (``PostgresStore/replaceImport(_:with:walkingGraph:keeping:)``).
struct DatabaseChangeSink: ChangeSink {
    let store: PostgresStore

    var location: String { store.location }

    /// An extract's addresses and places wait in the temporary folder (TMPDIR) until written.
    var spillDirectory: String? { NSTemporaryDirectory() }

    func imports() async throws -> [ImportRecord] {
        try await stored { () async throws(StoreError) in try await store.imports() }
    }

    func importsHolding(_ ids: [String]) async throws -> [String: Int] {
        try await stored { () async throws(StoreError) in try await store.importsHolding(ids) }
    }

    func keptChanges(of owner: ImportRecord) async throws -> KeptChanges? {
        try await stored { () async throws(StoreError) in try await store.keptChanges(of: owner.source.key) }
    }

    func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) async throws -> (
        report: ImportReport, outcome: Void
    ) {
        (try await storeBatch(batch, in: store, keeping: change, progress: progress), ())
    }
}
