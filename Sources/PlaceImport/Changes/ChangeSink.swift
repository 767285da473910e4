public import PlaceCore

/// Where a change file applied to an import goes, and where the changes applied so far are kept,
/// so that a change is never lost nor applied twice: the embedded store keeps them in files beside
/// it with a journal (``EmbeddedChangeSink``); a shared database keeps them in rows beside its
/// import (``KeptChanges``) and writes the import made again with the new change in one
/// transaction. The one flow that applies a change reads and checks it against what the sink
/// keeps, then hands the sink the import made again.
public protocol ChangeSink {
    /// What the sink hands back beside the report (the embedded store: its name index after).
    associatedtype Outcome: Sendable

    /// Where the imports are, for messages (a store's path, a URL with its password redacted).
    var location: String { get }
    /// A folder where an extract's addresses and places wait until they are written (nil: in memory).
    var spillDirectory: String? { get }
    /// The imports, with their extents.
    func imports() async throws -> [ImportRecord]
    /// How many of the places `ids` each import holds, by its key.
    func importsHolding(_ ids: [String]) async throws -> [String: Int]
    /// The changes applied to the import `owner` so far; nil when none is.
    func keptChanges(of owner: ImportRecord) async throws -> KeptChanges?
    /// Replaces the import with the batch made again, keeping `change` with it; refused (`busy`)
    /// when the import's kept changes are no longer `change.replacing`.
    /// - Returns: the batch's report, and the sink's outcome.
    func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) async throws -> (
        report: ImportReport, outcome: Outcome
    )
}
