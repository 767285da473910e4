import Foundation
import OSMFormat
import PlaceImport
import PlaceSearch
import PlaceStore

extension PlacesService {
    /// Whether `file` is an OpenStreetMap change file (osmChange: `.osc`, `.osc.gz`, `.osc.bz2`).
    public static func isChangeFile(_ file: String) -> Bool {
        OSMChangeReader.recognises(contentsOf: URL(fileURLWithPath: file))
    }

    /// Applies an osmChange file to the OpenStreetMap import it belongs to: that import is made again
    /// from its extract with every change applied so far and this one, and replaces what it wrote
    /// (places, names, addresses, its name index file and walking graph); other imports are not touched.
    /// The change is kept beside the store for the next one. Everything is checked and read before
    /// the store is written: a change that is refused or fails changes nothing.
    /// - Returns: nil for a change that holds no edits (an hourly diff of a quiet hour): said as a
    ///   notice, and nothing is touched.
    public func applyChanges(_ file: String, progress: @escaping ImportProgress = { _, _, _, _ in }) throws(PlacesError) -> (
        report: ImportReport, index: NameIndex.Built
    )? {
        sweepLeftovers()
        let started = ContinuousClock.now
        guard let (change, bytes) = try Self.readEdits(file, notices: notices) else { return nil }
        let imports = try importedSources().filter(Self.takesChanges)
        let owner = try Self.owner(of: change, file: file, among: imports, in: store.path) { ids throws(PlacesError) in
            guard let opened = try store.reading() else { return [:] }
            return try StoreAccess.run { () throws(StoreError) in try opened.importsHolding(ids) }
        }
        let journal = ChangeJournal(source: owner.source.key, storePath: store.path)
        let held = try journal.manifest(importedAtNow: owner.importedAt)
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        ImportLeftovers.note(folder: folder, kept: "nothing was changed; the store is as it was")
        let prepared = try Self.prepare(
            change, bytes: bytes, file: file, owner: owner,
            held: held.map { manifest in
                HeldChanges(manifest: manifest) { name in try? Data(contentsOf: journal.file(name)) }
            }, spillDirectory: folder, started: started, progress: progress)
        // Ahead of the store: a stop after the store's commit and before the journal's is settled
        // by the next run, rather than losing the change there (ChangeJournal).
        do {
            try journal.prepare(URL(fileURLWithPath: file), manifest: prepared.manifest, importedAtBefore: owner.importedAt)
        } catch {
            journal.discardPending()
            throw PlacesError(
                .cannotWrite,
                "\(file) cannot be kept in \(journal.folder.path) (\(error.localizedDescription)); nothing was changed: make room there and try again"
            )
        }
        var stored: (report: ImportReport, index: NameIndex.Built)
        do throws(PlacesError) {
            let opened = try store.writing()
            stored = try Self.besideStore { () throws(ImportWriteError) in
                if let alone = try EmbeddedStoreSink.storeAlone(prepared.batch, into: opened, progress: progress) { return alone }
                let written = try EmbeddedStoreSink.write(prepared.batch, into: opened, progress: progress)
                return (written, try NameIndex.update(store: opened, rebuilding: [owner.source.key]))
            }
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
                    + "a later change would undo it; import \(owner.source.label) again before applying more")
        }
        return stored
    }
}
