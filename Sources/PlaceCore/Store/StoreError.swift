/// Why the local store could not be used. Each case names the file and what to do.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What sort of failure it was.
    public enum Kind: String, Sendable, Equatable {
        /// The path is a directory.
        case isDirectory
        /// The file exists but is not an SQLite database (or is damaged beyond reading).
        case notADatabase
        /// A newer `places` wrote the store; this one does not know its schema.
        case newerSchema
        /// The folder cannot be created or the file cannot be opened or written (permissions, a full disk).
        case unavailable
        /// The store may be read but not written by this user (its file or its folder).
        case readOnly
        /// Another process held the store locked for longer than the busy timeout.
        case busy
        /// A stored record cannot be read back.
        case corruptRecord
        /// A database server cannot be reached (down, restarting, refusing connections): a retry may work.
        case unreachable
        /// What was read changed before it could be written (another process wrote it meanwhile):
        /// nothing was written, and doing it again works. The detail says what changed.
        case changedMeanwhile
    }

    /// What sort of failure it was.
    public let kind: Kind
    /// The store's path as the user gave it (or the default).
    public let path: String
    /// What went wrong, in words.
    public let detail: String
    /// What to do, when the failure says more than its kind (a database's certificate that is not
    /// trusted, rather than a database that is down).
    public let advice: String?

    /// Makes an error of `kind` for the store at `path`, with what went wrong and, when the failure says more, what to do.
    public init(_ kind: Kind, path: String, detail: String, advice: String? = nil) {
        self.kind = kind
        self.path = path
        self.detail = detail
        self.advice = advice
    }

    /// What happened, without advice (the edge words what to do: a flag, a setting).
    public var message: String {
        switch kind {
        case .isDirectory: "the store \(path) is a directory"
        case .notADatabase: "the store \(path) is not a places store (\(detail))"
        case .newerSchema: "the store \(path) was written by a newer places (\(detail))"
        case .unavailable: "the store \(path) cannot be used: \(detail)"
        case .readOnly: "the store \(path) cannot be changed: \(detail)"
        case .busy: "the store \(path) is busy (another places held it for too long)"
        case .corruptRecord: "the store \(path) has a record that cannot be read (\(detail))"
        case .changedMeanwhile: "the store \(path) changed meanwhile: \(detail)"
        case .unreachable:
            "the database \(path) cannot be reached (\(detail)); " + (advice ?? "check that PostgreSQL runs there and accepts connections")
        }
    }

    /// What to do, as a value each edge words (the CLI names --store; a server a problem document).
    public var remedy: Remedy? {
        switch kind {
        case .isDirectory: Remedy(.chooseStoreFile(example: path + "/places.sqlite"))
        case .notADatabase: Remedy(.chooseStore)
        case .newerSchema: Remedy(.updatePlaces)
        case .readOnly: Remedy(.useOwnStore)
        case .busy: .tryLater()
        case .unavailable, .corruptRecord, .unreachable, .changedMeanwhile: nil
        }
    }

    /// The message and the remedy in the library's neutral words (no flag): for logs and for
    /// apps that do not word remedies themselves.
    public var description: String { message + (remedy.map { "; \($0.description)" } ?? "") }
}
