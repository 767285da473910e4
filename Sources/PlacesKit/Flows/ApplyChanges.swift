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
        try Self.reading { () throws(ImportFileError) in
            try ImportReading.checkIsFile(file)
            try ImportReading.checkReadable(file)
        }
        let started = ContinuousClock.now
        let change = try Self.readChange(file)
        guard !change.edits.isEmpty else {
            notices.say("\(file) holds no changes: there is nothing to apply")
            return nil
        }
        let imports = try importedSources().filter { $0.source.format == "osm-xml" || $0.source.format == "osm-pbf" }
        let owner = try owner(of: change, file: file, among: imports)
        let journal = ChangeJournal(source: owner.source.key, storePath: store.path)
        let held = try journal.manifest(importedAtNow: owner.importedAt)
        let extract = try Self.checkUnchanged(owner, since: held)
        try Self.checkOrder(change, file: file, against: held, in: journal, of: owner.source.label)
        let previous = try (held?.files ?? []).map { name throws(PlacesError) in try Self.readChange(journal.file(name).path) }

        let overlay = OSMChangeOverlay(changes: previous + [change], checkingCreatesOf: [previous.count])
        let folder = URL(fileURLWithPath: store.path).deletingLastPathComponent().path
        ImportLeftovers.note(folder: folder, kept: "nothing was changed; the store is as it was")
        let (_, places, read, graph) = try Self.reading { () throws(ImportFileError) in
            try ImportReading.readOSM(owner.source.key, overlay: overlay, spillDirectory: folder) { step, done, total in
                progress(file, step, done, total)
            }
        }
        if let first = read.createdButPresent.first {
            throw PlacesError(
                .badData,
                "\(file) creates \(first), which \(owner.source.label) already has: the change is older than the extract or already in it; "
                    + "apply only the changes made after it")
        }
        var report = read
        report.file = file
        report.readSeconds = (ContinuousClock.now - started).seconds
        let number = (held?.files.count ?? 0) + 1
        report.change = AppliedChange(
            importLabel: owner.source.label, created: change.count(.create), modified: change.count(.modify), deleted: change.count(.delete),
            number: number, newestTimestamp: change.newestTimestamp)
        let batch = ImportBatch(source: owner.source, places: places, report: report, walkingGraph: graph)
        // Ahead of the store: a stop after the store's commit and before the journal's is settled
        // by the next run, rather than losing the change there (ChangeJournal).
        let manifest = Self.manifest(after: held, adding: change, number: number, file: file, extract: extract, source: owner.source.key)
        do {
            try journal.prepare(URL(fileURLWithPath: file), manifest: manifest, importedAtBefore: owner.importedAt)
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
            if let alone = try storeAlone(batch, into: opened, progress: progress) {
                stored = alone
            } else {
                let written = try write(batch, into: opened)
                stored = (written, try NameIndex.update(store: opened, rebuilding: [owner.source.key]))
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

    static func readChange(_ file: String) throws(PlacesError) -> OSMChange {
        do {
            return try OSMChangeReader.read(contentsOf: URL(fileURLWithPath: file))
        } catch let error as OSMFormatError {
            throw PlacesError(.badData, "\(file): \(error.description)")
        } catch {
            throw PlacesError(.badData, "\(file): \(error)")
        }
    }

    /// The extract's size and time now, refused when it is not the file that was imported.
    private static func checkUnchanged(_ owner: ImportRecord, since held: ChangeJournal.Manifest?) throws(PlacesError) -> (
        size: Int, modified: Double
    ) {
        let path = owner.source.key
        let again = "import it again (places import \(path)), then apply the changes made after it"
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = (attributes[.size] as? NSNumber)?.intValue, let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970
        else {
            throw PlacesError(
                .notFound,
                "\(path), the extract the change belongs to, is gone: changes are applied to it as it was imported; put it back or \(again)")
        }
        if let held {
            guard held.sourceSize == size, held.sourceModified == modified else {
                throw PlacesError(.badData, "\(path) has changed since its changes were applied: \(again)")
            }
        } else if modified > owner.importedAt + 1 {
            throw PlacesError(.badData, "\(path) has changed since it was imported: \(again)")
        }
        return (size, modified)
    }

    /// Refuses a change already applied, or older than one that was.
    private static func checkOrder(
        _ change: OSMChange, file: String, against held: ChangeJournal.Manifest?, in journal: ChangeJournal, of label: String
    ) throws(PlacesError) {
        guard let held else { return }
        let bytes = try? Data(contentsOf: URL(fileURLWithPath: file))
        for (index, name) in held.files.enumerated() where bytes != nil && (try? Data(contentsOf: journal.file(name))) == bytes {
            throw PlacesError(.badData, "\(file) is already applied to \(label) (as its change \(index + 1)): nothing to do")
        }
        for edit in change.edits {
            guard let version = edit.version, let before = held.versions[versionKey(edit)], version <= before else { continue }
            throw PlacesError(
                .badData,
                "\(file): \(edit.name) version \(version) is not newer than version \(before), which \(label) already holds: "
                    + "this change is already applied or older than one that was; apply the diffs in order")
        }
        if let newest = change.newestTimestamp, let before = held.newestTimestamp, newest < before {
            throw PlacesError(
                .badData,
                "\(file): its newest edit (\(newest)) is older than what \(label) already holds (\(before)): apply the diffs in order")
        }
    }

    private static func versionKey(_ edit: OSMChange.Edit) -> String { "\(edit.type.rawValue.prefix(1))\(edit.id)" }

    private static func manifest(
        after held: ChangeJournal.Manifest?, adding change: OSMChange, number: Int, file: String, extract: (size: Int, modified: Double),
        source: String
    ) -> ChangeJournal.Manifest {
        var manifest =
            held
            ?? ChangeJournal.Manifest(
                source: source, sourceSize: extract.size, sourceModified: extract.modified, files: [], newestTimestamp: nil, versions: [:])
        manifest.files.append(ChangeJournal.name(number: number, of: URL(fileURLWithPath: file)))
        manifest.newestTimestamp = [manifest.newestTimestamp, change.newestTimestamp].compactMap { $0 }.max()
        for edit in change.edits {
            if let version = edit.version { manifest.versions[versionKey(edit)] = version }
        }
        return manifest
    }
}
