import Foundation
import PlaceImport
import PlaceStore

/// The embedded store as an import's sink: each file's places in one transaction, its walking
/// graph beside the store, its change journal dropped (the extract imported again), and the name
/// index brought up to date after; for one file, built beside the store write.
struct StoreImportSink: ImportSink {
    let service: PlacesService

    /// The store's folder: where an extract's places wait, and where leftovers are looked for.
    var folder: String { URL(fileURLWithPath: service.store.path).deletingLastPathComponent().path }
    var spillDirectory: String? { folder }

    func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) throws(PlacesError) -> (
        reports: [ImportReport], outcome: NameIndex.Built
    ) {
        let storePath = service.store.path
        let opened = try service.store.writing()
        // One file, the usual import: its names are known before they are written, so the index
        // is built on the second core while the store is written (NameIndex.Staged).
        if batches.count == 1, let batch = batches.first, let stored = try service.storeAlone(batch, into: opened, progress: progress) {
            ChangeJournal(source: batch.source.key, storePath: storePath).remove()
            return ([stored.report], stored.index)
        }
        var reports: [ImportReport] = []
        for batch in batches {
            progress(batch.report.file, .store, 0, 0)
            reports.append(try service.write(batch, into: opened, progress: progress))
            // The extract imported again: the changes applied to the old one no longer apply.
            ChangeJournal(source: batch.source.key, storePath: storePath).remove()
            ImportLeftovers.note(folder: folder, kept: PlacesService.keptWords(reports.map(\.file)))
        }
        // An import that changed nothing leaves the index as it is.
        if !reports.contains(where: \.changedStore), let unchanged = NameIndex.unchanged(storePath: storePath) { return (reports, unchanged) }
        progress(reports.last?.file ?? "", .nameIndex, 0, 0)
        return (reports, try NameIndex.update(store: opened, rebuilding: Set(batches.map(\.source.key))))
    }
}
