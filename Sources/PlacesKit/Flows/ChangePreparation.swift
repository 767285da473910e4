import Foundation
import OSMFormat
import PlaceImport
import PlaceCore

/// The changes applied to an import so far, where they are kept: the manifest, and the kept
/// files' bytes by name.
struct HeldChanges {
    var manifest: ChangeManifest
    var bytes: (String) -> Data?
}

/// A change read and checked against the import it belongs to, and that import made again from
/// its extract with every change so far and this one: what the keeper writes in place of the
/// import, with the manifest that then describes it.
struct PreparedChange {
    var batch: ImportBatch
    var manifest: ChangeManifest
    /// The name the change file is kept by (`000003.osc.gz`).
    var name: String
}

extension PlacesService {
    /// The imports a change can belong to: OpenStreetMap extracts read from a file.
    static func takesChanges(_ record: ImportRecord) -> Bool { record.source.format == "osm-xml" || record.source.format == "osm-pbf" }

    /// Reads `file` as a change, with its bytes as they are kept and compared with those applied;
    /// nil (said as a notice) when it holds no edits.
    static func readEdits(_ file: String, notices: NoticeSink) throws(PlacesError) -> (change: OSMChange, bytes: Data)? {
        try reading { () throws(ImportFileError) in
            try ImportReading.checkIsFile(file)
            try ImportReading.checkReadable(file)
        }
        let read = try readChange(file)
        guard !read.change.edits.isEmpty else {
            notices.say("\(file) holds no changes: there is nothing to apply")
            return nil
        }
        return read
    }

    /// The file read once: parsed, and its bytes kept (a change file is an hourly or daily diff).
    static func readChange(_ file: String) throws(PlacesError) -> (change: OSMChange, bytes: Data) {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw PlacesError(.badData, "\(file): cannot read \(file): \(error.localizedDescription)")
        }
        do {
            return (try OSMChangeReader.read(data: bytes), bytes)
        } catch let error as OSMFormatError {
            throw PlacesError(.badData, "\(file): \(error.description)")
        } catch {
            throw PlacesError(.badData, "\(file): \(error)")
        }
    }

    /// Checks `change` against what `owner` holds (`held`), reads the extract again with every
    /// change so far and this one laid over it, and makes the batch and manifest the keeper writes.
    /// Nothing is written here.
    /// - Parameter bytes: the change file's, as read with `change`.
    static func prepare(
        _ change: OSMChange, bytes: Data, file: String, owner: ImportRecord, held: HeldChanges?, spillDirectory: String?,
        started: ContinuousClock.Instant, progress: @escaping ImportProgress
    ) throws(PlacesError) -> PreparedChange {
        let extract = try checkUnchanged(owner, since: held?.manifest)
        try checkOrder(change, bytes: bytes, file: file, against: held, of: owner.source.label)
        let previous = try (held?.manifest.files ?? []).map { name throws(PlacesError) in
            try readKept(name, held?.bytes(name), of: owner.source.label)
        }
        let overlay = OSMChangeOverlay(changes: previous + [change], checkingCreatesOf: [previous.count])
        let (_, places, read, graph) = try reading { () throws(ImportFileError) in
            try ImportReading.readOSM(owner.source.key, overlay: overlay, spillDirectory: spillDirectory) { step, done, total in
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
        let number = (held?.manifest.files.count ?? 0) + 1
        report.change = AppliedChange(
            importLabel: owner.source.label, created: change.count(.create), modified: change.count(.modify), deleted: change.count(.delete),
            number: number, newestTimestamp: change.newestTimestamp)
        let name = ChangeManifest.fileName(number: number, of: URL(fileURLWithPath: file))
        let manifest = self.manifest(after: held?.manifest, adding: change, name: name, extract: extract, source: owner.source.key)
        return PreparedChange(
            batch: ImportBatch(source: owner.source, places: places, report: report, walkingGraph: graph), manifest: manifest, name: name)
    }

    /// A change kept earlier, read again to be laid over the extract.
    private static func readKept(_ name: String, _ bytes: Data?, of label: String) throws(PlacesError) -> OSMChange {
        guard let bytes else {
            throw PlacesError(.badData, "the change \(name) applied to \(label) is gone; import \(label) again to start its changes afresh")
        }
        do {
            return try OSMChangeReader.read(data: bytes)
        } catch {
            throw PlacesError(
                .badData, "the change \(name) applied to \(label) cannot be read (\(error)); import \(label) again to start its changes afresh")
        }
    }

    /// The extract's size and time now, refused when it is not the file that was imported.
    private static func checkUnchanged(_ owner: ImportRecord, since held: ChangeManifest?) throws(PlacesError) -> (
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
    private static func checkOrder(_ change: OSMChange, bytes: Data, file: String, against held: HeldChanges?, of label: String)
        throws(PlacesError)
    {
        guard let held else { return }
        for (index, name) in held.manifest.files.enumerated() where held.bytes(name) == bytes {
            throw PlacesError(.badData, "\(file) is already applied to \(label) (as its change \(index + 1)): nothing to do")
        }
        for edit in change.edits {
            guard let version = edit.version, let before = held.manifest.versions[versionKey(edit)], version <= before else { continue }
            throw PlacesError(
                .badData,
                "\(file): \(edit.name) version \(version) is not newer than version \(before), which \(label) already holds: "
                    + "this change is already applied or older than one that was; apply the diffs in order")
        }
        if let newest = change.newestTimestamp, let before = held.manifest.newestTimestamp, newest < before {
            throw PlacesError(
                .badData,
                "\(file): its newest edit (\(newest)) is older than what \(label) already holds (\(before)): apply the diffs in order")
        }
    }

    private static func versionKey(_ edit: OSMChange.Edit) -> String { "\(edit.type.rawValue.prefix(1))\(edit.id)" }

    private static func manifest(
        after held: ChangeManifest?, adding change: OSMChange, name: String, extract: (size: Int, modified: Double), source: String
    ) -> ChangeManifest {
        var manifest =
            held
            ?? ChangeManifest(
                source: source, sourceSize: extract.size, sourceModified: extract.modified, files: [], newestTimestamp: nil, versions: [:])
        manifest.files.append(name)
        manifest.newestTimestamp = [manifest.newestTimestamp, change.newestTimestamp].compactMap { $0 }.max()
        for edit in change.edits {
            if let version = edit.version { manifest.versions[versionKey(edit)] = version }
        }
        return manifest
    }
}
