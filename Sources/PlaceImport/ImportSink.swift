/// Where an import's files go once they are read (``ImportReading``): the embedded store, or the
/// database that `places serve` instances share. Every file is read before a sink is handed any,
/// so a file that cannot be read changes nothing.
public protocol ImportSink {
    /// What the sink hands back beside the reports (the embedded store: its name index after).
    associatedtype Outcome: Sendable

    /// A folder where an extract's addresses and places wait until they are written, read back
    /// through mappings (nil: in memory).
    var spillDirectory: String? { get }

    /// Writes the files read, in their order, each in place of what the same file wrote before
    /// (its places, names and walking graph), and one file in one transaction: a file that fails
    /// leaves what the sink held for it.
    /// - Returns: each file's report with what was written, and the sink's outcome.
    func write(_ batches: [ImportBatch], progress: @escaping ImportProgress) async throws -> (reports: [ImportReport], outcome: Outcome)
}
