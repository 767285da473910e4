import Foundation
import PlaceCore
public import PlaceStore
import WalkingGraph

/// The embedded store as an import's sink: each file's places in one transaction, its walking
/// graph beside the store, and the name index brought up to date after; for one file, built
/// beside the store write.
public struct EmbeddedStoreSink: ImportSink {
    /// The store's path: the name index and the walking graphs go beside it.
    public let storePath: String
    /// Opens the store for writing, once every file is read (a file that fails never opens it).
    let open: () throws -> SQLitePlaceStore
    /// Called with each file's key once its places are written: what else the store keeps of the
    /// file's import (its change journal) no longer applies to the extract imported again.
    let written: (String) -> Void

    /// - Parameters:
    ///   - open: opens the store for writing; its error is thrown as it is.
    ///   - written: hears each file's key once its places are in the store.
    public init(storePath: String, open: @escaping () throws -> SQLitePlaceStore, written: @escaping (String) -> Void = { _ in }) {
        self.storePath = storePath
        self.open = open
        self.written = written
    }

    /// The store's folder: where an extract's places wait, and where leftovers are looked for.
    public var folder: String { URL(fileURLWithPath: storePath).deletingLastPathComponent().path }
    /// Where an extract's places wait while they are read: the store's folder.
    public var spillDirectory: String? { folder }

    /// Writes the files read into the store, each in one transaction, with its walking graph; then
    /// brings the name index up to date (for one file, built beside the write).
    /// - Returns: each file's report, and the name index after.
    public func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) throws -> (reports: [ImportReport], outcome: NameIndex.Built) {
        let opened = try open()
        // One file, the usual import: its names are known before they are written, so the index
        // is built on the second core while the store is written (NameIndex.Staged).
        if batches.count == 1, let batch = batches.first, let stored = try Self.storeAlone(batch, into: opened, progress: progress) {
            written(batch.source.key)
            return ([stored.report], stored.index)
        }
        var reports: [ImportReport] = []
        for batch in batches {
            progress(batch.report.file, .store, 0, 0)
            reports.append(try Self.write(batch, into: opened, progress: progress))
            written(batch.source.key)
            ImportLeftovers.note(folder: folder, kept: Self.keptWords(reports.map(\.file)))
        }
        // An import that changed nothing leaves the index as it is.
        if !reports.contains(where: \.changedStore), let unchanged = NameIndex.unchanged(storePath: storePath) { return (reports, unchanged) }
        progress(reports.last?.file ?? "", .nameIndex, 0, 0)
        return (reports, try NameIndex.update(store: opened, rebuilding: Set(batches.map(\.source.key))))
    }

    /// Writes one file's places and builds its segment of the name index beside the store write.
    /// - Returns: nil when the index cannot be staged (the caller writes it the plain way).
    package static func storeAlone(_ batch: ImportBatch, into opened: SQLitePlaceStore, progress: @escaping ImportProgress) throws(ImportWriteError)
        -> (report: ImportReport, index: NameIndex.Built)?
    {
        let folder = URL(fileURLWithPath: opened.path).deletingLastPathComponent().path
        guard let staged = try NameIndex.Staged(store: opened, replacing: batch.source.key, with: batch.places) else { return nil }
        let written: ImportReport
        do throws(ImportWriteError) {
            progress(batch.report.file, .store, 0, 0)
            written = try write(batch, into: opened, progress: progress)
        } catch {
            staged.discard()
            throw error
        }
        ImportLeftovers.note(folder: folder, kept: keptWords([batch.source.label]))
        if !written.changedStore, let unchanged = NameIndex.unchanged(storePath: opened.path) {
            staged.discard()
            return (written, unchanged)
        }
        progress(batch.report.file, .nameIndex, 0, 0)
        if let built = try staged.commit(store: opened) { return (written, built) }
        return (written, try NameIndex.update(store: opened, rebuilding: [batch.source.key]))
    }

    /// Writes one file's places and brings the name index up to date: its segment built beside the
    /// store write where it can be staged, else after it.
    package static func store(_ batch: ImportBatch, into opened: SQLitePlaceStore, progress: @escaping ImportProgress) throws(ImportWriteError)
        -> (report: ImportReport, index: NameIndex.Built)
    {
        if let alone = try storeAlone(batch, into: opened, progress: progress) { return alone }
        let written = try write(batch, into: opened, progress: progress)
        return (written, try NameIndex.update(store: opened, rebuilding: [batch.source.key]))
    }

    /// What an interruption after these files were written keeps, in words.
    static func keptWords(_ files: [String]) -> String {
        "the import of \(files.joined(separator: ", ")) was kept in the store; its name index was not finished and is built again "
            + "at the next use"
    }

    /// Writes one file's places into the store, then its walking graph.
    /// - Parameter progress: hears the rows written, as the store step's progress.
    package static func write(_ batch: ImportBatch, into opened: SQLitePlaceStore, progress: ImportProgress? = nil) throws(ImportWriteError)
        -> ImportReport
    {
        var report = batch.report
        let started = ContinuousClock.now
        let file = batch.report.file
        let rows = progress.map { progress in { (done: Int, total: Int) in progress(file, .store, done, total) } }
        report.summary = try ImportWriteError.stored { () throws(StoreError) in
            try opened.replaceImport(batch.source, with: batch.places, progress: rows)
        }
        let graphFile = WalkingGraphFiles.file(forSource: batch.source.key, storePath: opened.path)
        if batch.walkingGraph == nil {
            // A new version of the file with no ways to walk: the old version's streets go too.
            WalkingGraph.removeFile(at: graphFile)
        }
        if let graph = batch.walkingGraph {
            // After the places: a graph without its import would be found by no one.
            do {
                try FileManager.default.createDirectory(at: graphFile.deletingLastPathComponent(), withIntermediateDirectories: true)
                try graph.write(to: graphFile)
            } catch {
                report.notes.append(
                    "the walking graph \(graphFile.path) cannot be written (\(error.localizedDescription)); walks are estimated")
            }
        }
        report.writeSeconds = (ContinuousClock.now - started).seconds
        return report
    }
}
