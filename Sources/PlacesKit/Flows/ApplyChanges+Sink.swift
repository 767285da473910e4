import Foundation
import OSMFormat
public import PlaceImport
import PlaceCore

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

    /// Applies a change to the import it belongs to among `sink`'s: the embedded store's
    /// (``applyChanges(_:progress:)``) or a shared database's. The import is made again from its
    /// extract with every change the sink keeps for it and this one, and the sink writes it with
    /// the change. Everything is checked and read before the sink writes anything.
    /// - Returns: what the import made again wrote, and the sink's outcome.
    public static func apply<Sink: ChangeSink>(_ file: ChangeFile, to sink: Sink, progress: @escaping ImportProgress = { _, _, _, _ in })
        async throws(PlacesError) -> (report: ImportReport, outcome: Sink.Outcome)
    {
        do {
            return try await applying(file, to: sink, progress: progress)
        } catch {
            throw sinkFailure(error)
        }
    }

    private static func applying<Sink: ChangeSink>(_ file: ChangeFile, to sink: Sink, progress: @escaping ImportProgress) async throws
        -> (report: ImportReport, outcome: Sink.Outcome)
    {
        let started = ContinuousClock.now
        let change = file.change
        let imports = try await sink.imports().filter(takesChanges)
        let holding = change.locatedNodes.isEmpty && !imports.isEmpty ? try await sink.importsHolding(placeIDs(of: change)) : [:]
        let owner = try owner(of: change, file: file.path, among: imports, in: sink.location) { _ in holding }
        let kept = try await sink.keptChanges(of: owner)
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
