import Foundation
import PlaceBytes
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
            reports.append(try Self.write(batch, into: opened, progress: progress, after: reports.map(\.file)))
            written(batch.source.key)
            ImportLeftovers.note(folder: folder, kept: Self.keptWords(reports.map(\.file)))
        }
        // An import that changed nothing leaves the index as it is.
        if !reports.contains(where: \.changedStore), let unchanged = NameIndex.unchanged(storePath: storePath) { return (reports, unchanged) }
        progress(reports.last?.file ?? "", .nameIndex, 0, 0)
        do {
            return (reports, try NameIndex.update(store: opened, rebuilding: Set(batches.map(\.source.key))))
        } catch {
            throw error.stopping("\(Self.imported(reports.map(\.file))); their name index is built again at the next use")
        }
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
            // The segment is finished before the store commits: one that cannot be written (a
            // full disk) takes the import back with it. The wait is the name index's step on the
            // progress line, not the store's at 100 %.
            written = try write(batch, into: opened, progress: progress) { () throws(ImportWriteError) in
                progress(batch.report.file, .nameIndex, 0, 0)
                try staged.finishBuild()
            }
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

    /// "a.osm was imported", "a.osm, b.osm were imported".
    static func imported(_ files: [String]) -> String {
        "\(files.joined(separator: ", ")) \(files.count == 1 ? "was" : "were") imported"
    }

    /// What an interruption after these files were written keeps, in words.
    static func keptWords(_ files: [String]) -> String {
        "the import of \(files.joined(separator: ", ")) was kept in the store; its name index was not finished and is built again "
            + "at the next use"
    }

    /// Writes one file's places into the store, with its walking graph.
    ///
    /// Everything the import keeps beside the store is written before the store commits, and
    /// only named after: on a full disk the import is taken back whole, and the store, its graphs
    /// and its name index stay as they were. What is staged carries the process's id in its name,
    /// so what a kill left is removed at the next start (``ImportLeftovers``).
    /// - Parameters:
    ///   - progress: hears the rows written, as the store step's progress.
    ///   - finishIndex: runs once the rows and the graph are written, before the store commits:
    ///     the name index built beside the write is finished there, and what it throws rolls the
    ///     import back.
    ///   - earlier: the files of the same import written before this one, which a failure keeps.
    /// - Throws: the failure, saying where the import stopped and that the store is as it was.
    package static func write(
        _ batch: ImportBatch, into opened: SQLitePlaceStore, progress: ImportProgress? = nil,
        finishIndex: () throws(ImportWriteError) -> Void = {}, after earlier: [String] = []
    ) throws(ImportWriteError) -> ImportReport {
        var report = batch.report
        let started = ContinuousClock.now
        let file = batch.report.file
        let graphFile = WalkingGraphFiles.file(forSource: batch.source.key, storePath: opened.path)
        let stagedGraph = graphFile.deletingLastPathComponent().appendingPathComponent(
            graphFile.lastPathComponent + ".import-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        var rowsWritten = 0
        var waited = Duration.zero
        var finishing: (error: ImportWriteError, at: String)?
        let rows = { (done: Int, total: Int) in
            rowsWritten = done
            progress?(file, .store, done, total)
        }
        do {
            report.summary = try opened.replaceImport(batch.source, with: batch.places, progress: rows) {
                // Every row is in (progress is heard only every thousandth of them).
                rowsWritten = batch.places.count
                if let graph = batch.walkingGraph {
                    do {
                        try FileManager.default.createDirectory(at: graphFile.deletingLastPathComponent(), withIntermediateDirectories: true)
                        try graph.write(staging: stagedGraph)
                    } catch {
                        let failure = ImportWriteError(
                            .cannotWrite, "the walking graph \(graphFile.path) cannot be written: \(error.localizedDescription)")
                        finishing = (failure, "its walking graph")
                        throw failure
                    }
                }
                let waiting = ContinuousClock.now
                defer { waited = ContinuousClock.now - waiting }
                do throws(ImportWriteError) { try finishIndex() } catch {
                    finishing = (error, "its name index")
                    throw error
                }
            }
        } catch {
            unlink(stagedGraph.path)
            let total = batch.places.count
            let places = "\(NumberText.grouped(total)) place\(total == 1 ? "" : "s")"
            var stopped = "as its \(places) were committed"
            if let finishing {
                stopped = "at \(finishing.at), after its \(places) were written"
            } else if rowsWritten < total {
                stopped = "after \(NumberText.grouped(rowsWritten)) of its \(places)"
            }
            let kept = earlier.isEmpty ? ": the store is as it was" : "; \(imported(earlier)) before it"
            let outcome = "\(file) was not \(batch.report.change == nil ? "imported" : "applied") (it stopped \(stopped))\(kept)"
            throw (finishing?.error ?? ImportWriteError(error)).stopping(outcome)
        }
        if batch.walkingGraph == nil {
            // A new version of the file with no ways to walk: the old version's streets go too.
            WalkingGraph.removeFile(at: graphFile)
        } else {
            // Named after the places: a graph without its import would be found by no one.
            do { try WalkingGraph.install(stagedGraph, at: graphFile) } catch {
                unlink(stagedGraph.path)
                report.notes.append(
                    "the walking graph \(graphFile.path) cannot be written (\(error.localizedDescription)); walks are estimated")
            }
        }
        // Less the wait for what was built beside the write (its own time is said with it).
        report.writeSeconds = (ContinuousClock.now - started - waited).seconds
        return report
    }
}
