import Foundation
import OSMFormat
public import PlaceImport
import PlaceSearch

/// A change file read and found to hold edits, to apply to a shared database's import
/// (``PlacesService/apply(_:to:progress:)``).
public struct ChangeFile: Sendable {
    /// The file as given.
    public let path: String
    let change: OSMChange
    /// As read, to compare with the changes applied and to keep.
    let bytes: Data
}

extension PlacesService {
    /// Reads `file` as an OpenStreetMap change file, before any database is opened: a file that
    /// cannot be read or is no change fails here. Nil, said as a notice, for a change without edits.
    public static func readChangeFile(_ file: String, notices: NoticeSink) throws(PlacesError) -> ChangeFile? {
        try readEdits(file, notices: notices).map { ChangeFile(path: file, change: $0.change, bytes: $0.bytes) }
    }

    /// Applies a change to the import of a shared database it belongs to, as
    /// ``applyChanges(_:progress:)`` does for the embedded store: the import is made again from its
    /// extract with every change the database keeps for it and this one, and written with the
    /// change in one transaction. Everything is checked and read before the database is written.
    public static func apply(_ file: ChangeFile, to sink: some ChangeSink, progress: @escaping ImportProgress = { _, _, _, _ in }) async throws
        -> ImportReport
    {
        let started = ContinuousClock.now
        let change = file.change
        let imports = try await sink.imports().filter(takesChanges)
        let holding = change.locatedNodes.isEmpty && !imports.isEmpty ? try await sink.importsHolding(placeIDs(of: change)) : [:]
        let owner = try owner(of: change, file: file.path, among: imports, in: sink.location) { _ in holding }
        let kept = try await sink.keptChanges(of: owner.source.key)
        let held = try kept.map { kept throws(PlacesError) in
            HeldChanges(manifest: try Self.manifest(kept.manifest, of: owner.source.label)) { kept.files[$0] }
        }
        let prepared = try prepare(
            change, bytes: file.bytes, file: file.path, owner: owner, held: held, spillDirectory: sink.spillDirectory, started: started,
            progress: progress)
        let manifest: Data
        do { manifest = try prepared.manifest.encoded() } catch {
            throw PlacesError(.bug, "the changes of \(owner.source.label) cannot be written as JSON (\(error)); nothing was changed")
        }
        let keeping = KeptChange(name: prepared.name, bytes: file.bytes, manifest: manifest, replacing: kept?.manifest)
        return try await sink.write(prepared.batch, keeping: keeping, progress: progress)
    }

    private static func manifest(_ bytes: Data, of label: String) throws(PlacesError) -> ChangeManifest {
        do {
            return try JSONDecoder().decode(ChangeManifest.self, from: bytes)
        } catch {
            throw PlacesError(.badData, "the changes kept for \(label) cannot be read (\(error)); import \(label) again to start its changes afresh")
        }
    }
}
