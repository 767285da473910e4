import PlaceCore

extension TraceError {
    /// Why a trace could not be read, for the exit status: a missing file is the user's typo (66),
    /// a file that is not a trace is bad data (65).
    public enum Kind: Sendable, Equatable {
        /// The file does not exist.
        case notFound
        /// It exists but cannot be read: permissions, a directory, an I/O error.
        case unreadable
        /// It was read but is not a trace, or is truncated.
        case malformed
    }

    public init(input: String, location: String? = nil, problem: String, kind: Kind) {
        self.init(input: input, location: location, problem: problem)
        self.kind = kind
    }
}
