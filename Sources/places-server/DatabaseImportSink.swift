import Foundation
import PlacesKit
import PlacesServer

/// The database `places serve` instances share, as an import's sink: each file's places and its
/// walking graph in one transaction; each instance copies the graph beside its store with
/// `places serve index build`. The database is opened once the files are read, so a file that
/// cannot be read is said before any connection is made.
struct DatabaseImportSink: ImportSink {
    let database: DatabaseChoice

    /// Why this import needs a database URL, said without one.
    static let needed = "this import writes into a shared database (postgres://…); 'places import' writes the embedded store"

    /// An extract's addresses and places wait in the temporary folder (TMPDIR) until written.
    var spillDirectory: String? { NSTemporaryDirectory() }

    func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) async throws -> (reports: [ImportReport], outcome: Void) {
        let reports = try await withImportDatabase(database, needed: Self.needed) { store in
            var reports: [ImportReport] = []
            for batch in batches { reports.append(try await storeBatch(batch, in: store, keeping: nil, progress: progress)) }
            return reports
        }
        return (reports, ())
    }
}

/// Writes one file's places and walking graph into the shared database in one transaction, with
/// the change file they apply (nil: the extract imported afresh); its report, with what was written.
func storeBatch(_ batch: ImportBatch, in store: PostgresStore, keeping change: KeptChange?, progress: @escaping ImportProgress)
    async throws -> ImportReport
{
    progress(batch.report.file, .store, 0, 0)
    var report = batch.report
    let started = ContinuousClock.now
    let graph = batch.storedWalkingGraph
    report.summary = try await stored { () async throws(StoreError) in
        try await store.replaceImport(batch.source, with: batch.places, walkingGraph: graph, keeping: change)
    }
    report.writeSeconds = (ContinuousClock.now - started).seconds
    return report
}
