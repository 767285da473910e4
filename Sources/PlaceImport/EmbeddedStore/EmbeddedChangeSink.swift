import Foundation
public import PlaceCore
public import PlaceStore

/// The embedded store as the sink of a change file (`places import changes.osc`): the changes
/// applied to an import are kept beside the store (``ChangeJournal``), written ahead of the store
/// write and made part of the journal once the store holds the import made again, so that a run
/// stopped in between is settled by the next. The name index is brought up to date as an import's.
public struct EmbeddedChangeSink: ChangeSink {
    /// The store's path: the changes, the name index and the walking graphs go beside it.
    public let storePath: String
    /// Opens the store to read its imports; nil when there is no store.
    let read: () throws -> SQLitePlaceStore?
    /// Opens the store for writing, once the change is checked and the import made again.
    let open: () throws -> SQLitePlaceStore

    /// - Parameters:
    ///   - read: opens the store for reading (nil: no store yet); its error is thrown as it is.
    ///   - open: opens the store for writing; its error is thrown as it is.
    public init(storePath: String, read: @escaping () throws -> SQLitePlaceStore?, open: @escaping () throws -> SQLitePlaceStore) {
        self.storePath = storePath
        self.read = read
        self.open = open
    }

    /// The store's path.
    public var location: String { storePath }
    /// Where the extract's places wait while it is read again: the store's folder.
    public var spillDirectory: String? { URL(fileURLWithPath: storePath).deletingLastPathComponent().path }

    /// The store's imports; none when there is no store.
    public func imports() throws -> [ImportRecord] {
        guard let store = try read() else { return [] }
        return try ImportWriteError.stored { () throws(StoreError) in try store.imports() }
    }

    /// How many of the places `ids` each import holds.
    public func importsHolding(_ ids: [String]) throws -> [String: Int] {
        guard let store = try read() else { return [:] }
        return try ImportWriteError.stored { () throws(StoreError) in try store.importsHolding(ids) }
    }

    /// The journal of `owner`'s changes and the files it lists (a file gone is left out, and the
    /// flow says so); a change a stopped run wrote ahead is settled first.
    public func keptChanges(of owner: ImportRecord) throws -> KeptChanges? {
        let journal = ChangeJournal(source: owner.source.key, storePath: storePath)
        guard let (manifest, bytes) = try journal.manifest(importedAtNow: owner.importedAt) else { return nil }
        var files: [String: Data] = [:]
        for name in manifest.files { files[name] = try? Data(contentsOf: journal.file(name)) }
        return KeptChanges(manifest: bytes, files: files)
    }

    /// Writes the change ahead into the journal, then the import made again into the store (its
    /// name index segment built beside), then makes the change part of the journal.
    public func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) throws -> (
        report: ImportReport, outcome: NameIndex.Built
    ) {
        let opened = try open()
        let key = batch.source.key
        let file = batch.report.file
        let journal = ChangeJournal(source: key, storePath: storePath)
        guard journal.manifestBytes() == change.replacing else {
            throw ImportWriteError(.busy, "another change was applied to \(batch.source.label) while \(file) was read; apply it again")
        }
        let manifest: ChangeManifest
        do { manifest = try JSONDecoder().decode(ChangeManifest.self, from: change.manifest) } catch {
            throw ImportWriteError(.bug, "the changes of \(batch.source.label) cannot be read back from JSON (\(error)); nothing was changed")
        }
        let importedAt = try ImportWriteError.stored { () throws(StoreError) in try opened.imports() }.first { $0.source.key == key }?.importedAt
        // Ahead of the store: a stop after the store's commit and before the journal's is settled
        // by the next run, rather than losing the change there.
        do {
            try journal.prepare(change.bytes, named: change.name, manifest: manifest, importedAtBefore: importedAt)
        } catch {
            journal.discardPending()
            throw ImportWriteError(
                .cannotWrite,
                "\(file) cannot be kept in \(journal.folder.path) (\(error.localizedDescription)); nothing was changed: make room there and try again"
            )
        }
        var stored: (report: ImportReport, index: NameIndex.Built)
        do throws(ImportWriteError) {
            stored = try EmbeddedStoreSink.store(batch, into: opened, progress: progress)
        } catch {
            // The store refused it (its transaction rolled back): nothing of the change is kept.
            journal.discardPending()
            throw error
        }
        // After the store's commit: a journal that names a change the store does not hold would
        // apply it twice.
        do {
            try journal.commit()
        } catch {
            stored.report.notes.append(
                "the change is applied but cannot be kept in \(journal.folder.path) (\(error.localizedDescription)): "
                    + "a later change would undo it; import \(batch.source.label) again before applying more")
        }
        return (stored.report, stored.index)
    }
}
