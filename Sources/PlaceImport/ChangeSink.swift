public import PlaceSearch

/// Where a change file applied to a shared database's import goes: the database keeps every
/// change applied to an import beside it (``KeptChanges``), and writes the import made again with
/// the new change in one transaction, so that a change is never lost nor applied twice. (The
/// embedded store keeps its changes in files beside it, with a journal.)
public protocol ChangeSink {
    /// Where the imports are, for messages (a URL with its password redacted).
    var location: String { get }
    /// A folder where an extract's addresses and places wait until they are written (nil: in memory).
    var spillDirectory: String? { get }
    /// The imports, with their extents.
    func imports() async throws -> [ImportRecord]
    /// How many of the places `ids` each import holds, by its key.
    func importsHolding(_ ids: [String]) async throws -> [String: Int]
    /// The changes applied to the import `source` so far; nil when none is.
    func keptChanges(of source: String) async throws -> KeptChanges?
    /// Replaces the import with the batch made again, keeping `change` with it, in one transaction;
    /// refused (`busy`) when the import's kept changes are no longer `change.replacing`.
    func write(_ batch: ImportBatch, keeping change: KeptChange, progress: @escaping ImportProgress) async throws -> ImportReport
}
