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
    /// One line, naming the file.
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
