public import PlaceSearch

/// Why a file cannot be imported: it is not there or cannot be read, or what it holds is not
/// what an import reads. The message names the file; the front door words it for each edge.
public struct ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// No such file, a folder, or one that cannot be read.
        case notFound
        /// The file's contents cannot be imported: malformed, truncated, or of another kind.
        case badData
    }

    public let kind: Kind
    /// One line, naming the file; with a ``parameter``, it reads after it.
    public let message: String
    /// The option of the import it is about, by its neutral name (`name-column`); each edge words it.
    public let parameter: String?
    /// What to do about it, as a value each edge words.
    public let remedy: Remedy?

    public init(_ kind: Kind, _ message: String, parameter: String? = nil, remedy: Remedy? = nil) {
        self.kind = kind
        self.message = message
        self.parameter = parameter
        self.remedy = remedy
    }

    public var description: String { (parameter.map { "\($0) " } ?? "") + message + (remedy.map { "; \($0)" } ?? "") }
}
