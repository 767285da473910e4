import PlaceBytes
import PlaceCore

/// Why an autocomplete index file could not be opened.
public struct IndexFileError: Error, Equatable, CustomStringConvertible, Sendable {
    public enum Problem: Equatable, Sendable {
        case cannotRead(String)
        case tooSmall(Int)
        case badMagic
        case unsupportedVersion(UInt32)
        case badChecksum
        case sizeMismatch(expected: UInt64, actual: Int)
        case badSection(String)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// Whether building the file again from its source would help: an index of another version, or
    /// one that was cut short or damaged. A file that cannot be read at all is not one of them.
    public var isStaleOrDamaged: Bool {
        if case .cannotRead = problem { return false }
        return true
    }

    public var description: String {
        switch problem {
        case .cannotRead(let reason): "\(path): cannot read the autocomplete index (\(reason))"
        case .tooSmall(let size): "\(path): \(size) bytes is too small for an autocomplete index"
        case .badMagic: "\(path): not an autocomplete index (no PLCSNAME header)"
        case .unsupportedVersion(let version):
            "\(path): autocomplete index version \(version) is not supported (this build reads \(IndexFormat.version)); rebuild it"
        case .badChecksum: "\(path): the autocomplete index header is corrupt (checksum mismatch)"
        case .sizeMismatch(let expected, let actual):
            "\(path): the autocomplete index is truncated or padded (header says \(expected) bytes, file has \(actual))"
        case .badSection(let name):
            "\(path): the autocomplete index section '\(name)' lies outside the file or has a wrong size"
        }
    }
}

extension IndexFileError.Problem: MappedFileProblem {}
