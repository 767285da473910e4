public import PlaceCore

/// Why a file cannot be imported: it is not there or cannot be read, or what it holds is not
/// what an import reads. The message names the file; the front door words it for each edge.
public struct ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure it is: each edge maps a kind to its exit code or status once.
    public enum Kind: Sendable, Equatable {
        /// No such file, a folder, or one that cannot be read.
        case notFound
        /// The file's contents cannot be imported: malformed, truncated, or of another kind.
        case badData
    }

    /// What kind of failure it is.
    public let kind: Kind
    /// One line, naming the file; with a ``parameter``, it reads after it.
    public let message: String
    /// The option of the import it is about, by its neutral name (`name-column`); each edge words it.
    public let parameter: String?
    /// What to do about it, as a value each edge words.
    public let remedy: Remedy?

    /// A failure of `kind`, said in `message`, about `parameter` when it names an option of the import.
    public init(_ kind: Kind, _ message: String, parameter: String? = nil, remedy: Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.parameter = parameter
        self.remedy = remedy
    }

    /// One line in neutral words: the parameter, the message and what to do.
    public var description: String { (parameter.map { "\($0) " } ?? "") + message + (remedy.map { "; \($0)" } ?? "") }
}
