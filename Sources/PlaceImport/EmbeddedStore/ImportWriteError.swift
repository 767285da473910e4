public import PlaceCore

/// Why what an import keeps could not be written: a file it derives beside the store (the name
/// index, its list of segments, a copied walking graph), or the store underneath. The message names
/// the file; the front door words it for each edge.
public struct ImportWriteError: Error, Sendable, CustomStringConvertible {
    /// What kind of failure it is: each edge maps a kind to its exit code or status once.
    public enum Kind: Sendable, Equatable {
        /// A file or folder beside the store cannot be written (permissions, a full disk).
        case cannotWrite
        /// The store kept changing underneath; running it again may work.
        case busy
        /// A file beside the store cannot be read, and the store to build it from is gone.
        case badData
        /// What was just written cannot be read back: a bug in places.
        case bug
        /// The store itself failed (``store``).
        case store
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// One line, naming the file.
    public let message: String
    /// What to do about it, as a value each edge words.
    public let remedy: Remedy?
    /// The store's failure, for ``Kind/store``.
    public let store: StoreError?
    /// What became of the import the failure stopped, and where it stopped ("big.csv was not
    /// imported (…): the store is as it was"), when one did.
    public private(set) var outcome: String?

    /// A failure of `kind`, said in `message`, with what to do when there is something.
    public init(_ kind: Kind, _ message: String, remedy: Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.remedy = remedy
        self.store = nil
    }

    /// The store's failure, as it is.
    public init(_ error: StoreError) {
        kind = .store
        message = error.message
        remedy = error.remedy
        store = error
    }

    /// The message and the remedy in the library's neutral words.
    public var description: String { message + (outcome.map { "; \($0)" } ?? "") + (remedy.map { "; \($0)" } ?? "") }

    /// This failure, saying what became of the import it stopped.
    func stopping(_ outcome: String) -> ImportWriteError {
        var said = self
        said.outcome = outcome
        return said
    }

    /// Runs a store operation, its failure as this error.
    static func stored<T>(_ body: () throws(StoreError) -> T) throws(ImportWriteError) -> T {
        do { return try body() } catch { throw ImportWriteError(error) }
    }

    /// Runs a database operation, its failure as this error.
    static func stored<T>(_ body: () async throws(StoreError) -> T) async throws(ImportWriteError) -> T {
        do { return try await body() } catch { throw ImportWriteError(error) }
    }
}
