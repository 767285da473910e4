package import Foundation
import PlaceHTTP
import PlaceCore

/// The change files applied to one import, kept beside the store (`places.changes.d/<key hash>/`):
/// the files as they came (`000001.osc.gz`, …) and `journal.json` saying which, in what order, what
/// the extract was when the first was applied, and the newest edit and element versions they hold.
///
/// An import is made again from its extract and every change so far, so these must outlive the
/// run that applied them; importing the extract again or removing the import drops them.
///
/// A change is written ahead (``prepare(_:named:manifest:importedAtBefore:)``: the file and
/// `pending.json`), then the store, then the journal (``commit()``). A run stopped between the store's
/// commit and the journal's is settled by the next one (``manifest(importedAtNow:)``): when the
/// import's time in the store moved since the pending entry was written, the store holds the change
/// and the entry is kept; when it did not, the store never took it and the entry goes.
package struct ChangeJournal {
    /// `journal.json`: the only record of what is applied. A change file it does not list (one
    /// copied in by a run that stopped before its store write was followed by this) is not applied.
    package typealias Manifest = ChangeManifest

    package let folder: URL

    package static func root(forStore storePath: String) -> URL {
        let url = URL(fileURLWithPath: storePath)
        let base = url.pathExtension.isEmpty ? url : url.deletingPathExtension()
        return base.appendingPathExtension("changes.d")
    }

    package init(source key: String, storePath: String) {
        folder = Self.root(forStore: storePath).appendingPathComponent(HTTPCacheStore.key(method: "changes", url: key, body: nil))
    }

    /// A change written ahead of the store: the journal it makes, and the import's time in the
    /// store before (nil when there was none).
    package struct Pending: Codable, Equatable {
        package var manifest: Manifest
        package var importedAtBefore: Double?

        package init(manifest: Manifest, importedAtBefore: Double?) {
            self.manifest = manifest
            self.importedAtBefore = importedAtBefore
        }
    }

    private var manifestFile: URL { folder.appendingPathComponent("journal.json") }
    private var pendingFile: URL { folder.appendingPathComponent("pending.json") }

    /// What is applied, as `journal.json` holds it (the bytes a later change is laid over); nil
    /// when nothing is. A change written ahead by a run that stopped is settled first, by the
    /// import's time in the store now (`importedAtNow`).
    func manifest(importedAtNow: Double?) throws(ImportWriteError) -> (manifest: Manifest, bytes: Data)? {
        if let data = try? Data(contentsOf: pendingFile) {
            if let pending = try? JSONDecoder().decode(Pending.self, from: data), pending.importedAtBefore != importedAtNow {
                do {
                    try commit()
                } catch {
                    throw ImportWriteError(
                        .cannotWrite, "\(manifestFile.path) cannot be written (\(error.localizedDescription)); make room there and try again")
                }
            } else {
                discardPending()
            }
        }
        guard let data = manifestBytes() else { return nil }
        do {
            return (try JSONDecoder().decode(Manifest.self, from: data), data)
        } catch {
            throw ImportWriteError(
                .badData, "\(manifestFile.path) cannot be read (\(error)); import the extract again to start its changes afresh")
        }
    }

    /// `journal.json` as it is now; nil when nothing is applied.
    func manifestBytes() -> Data? { try? Data(contentsOf: manifestFile) }

    func file(_ name: String) -> URL { folder.appendingPathComponent(name) }

    /// Writes `change` (the file's bytes as they came, kept as `name`) and the journal it makes
    /// ahead of the store write: a file the journal does not list is not applied, and
    /// `pending.json` lets the next run tell whether the store took it. Each is written to a
    /// temporary name and renamed.
    func prepare(_ change: Data, named name: String, manifest: Manifest, importedAtBefore: Double?) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent(".\(name).\(getpid())")
        try change.write(to: copy)
        try Self.rename(copy, to: file(name))
        try write(Pending(manifest: manifest, importedAtBefore: importedAtBefore), to: pendingFile)
    }

    /// Makes the change written ahead part of the journal, once the store holds it.
    func commit() throws {
        let data = try Data(contentsOf: pendingFile)
        let pending = try JSONDecoder().decode(Pending.self, from: data)
        try write(pending.manifest, to: manifestFile)
        try FileManager.default.removeItem(at: pendingFile)
    }

    /// Forgets the change written ahead when the store did not take it: `pending.json` and the
    /// copy the journal does not list.
    func discardPending() {
        if let data = try? Data(contentsOf: pendingFile), let pending = try? JSONDecoder().decode(Pending.self, from: data),
            let name = pending.manifest.files.last
        {
            try? FileManager.default.removeItem(at: file(name))
        }
        try? FileManager.default.removeItem(at: pendingFile)
        // A first change leaves no folder behind.
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true { remove() }
    }

    private func write(_ value: some Encodable, to destination: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let written = folder.appendingPathComponent(".\(destination.lastPathComponent).\(getpid())")
        try encoder.encode(value).write(to: written)
        try Self.rename(written, to: destination)
    }

    /// Forgets every change of the import (the extract was imported again, or removed).
    package func remove() { try? FileManager.default.removeItem(at: folder) }

    private static func rename(_ from: URL, to destination: URL) throws {
        guard Foundation.rename(from.path, destination.path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
    }
}
