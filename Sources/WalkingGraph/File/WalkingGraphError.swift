import PlaceBytes
import PlaceCore

/// Why a walking graph could not be opened or built. A file that fails to open is only a cache of
/// the import: the caller can build it again from the OSM file, or tell the user to import again.
public struct WalkingGraphError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        /// The file is missing or unreadable (the system's reason).
        case cannotRead(String)
        /// Too small for the header.
        case tooSmall(Int)
        /// Not a walking graph at all.
        case badMagic
        /// A walking graph written by another version of this library.
        case unsupportedVersion(UInt32)
        /// The header was damaged.
        case badHeaderChecksum
        /// The body was damaged.
        case badBodyChecksum
        /// Truncated or padded.
        case sizeMismatch(expected: UInt64, actual: Int)
        /// A section lies outside the file, or its contents point outside the graph.
        case badSection(String)
        /// More nodes, chains or points than the format can number.
        case tooLarge(String)
    }

    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// True when building the graph again from the OSM data would fix it (any damage or an old
    /// version, not a missing file or a graph too large).
    public var isRebuildable: Bool {
        switch problem {
        case .cannotRead, .tooLarge: false
        default: true
        }
    }

    public var description: String {
        switch problem {
        case .cannotRead(let reason): "\(path): cannot read the walking graph (\(reason))"
        case .tooSmall(let size): "\(path): \(size) bytes is too small for a walking graph"
        case .badMagic: "\(path): not a walking graph (no PLCSWALK header)"
        case .unsupportedVersion(let version):
            "\(path): walking graph version \(version) is not supported (this build reads \(GraphFormat.version))"
        case .badHeaderChecksum: "\(path): the walking graph header is corrupt (checksum mismatch)"
        case .badBodyChecksum: "\(path): the walking graph is corrupt (checksum mismatch)"
        case .sizeMismatch(let expected, let actual):
            "\(path): the walking graph is truncated or padded (header says \(expected) bytes, file has \(actual))"
        case .badSection(let name): "\(path): the walking graph section '\(name)' is damaged"
        case .tooLarge(let what): "\(path): too many \(what) for a walking graph file"
        }
    }
}

extension WalkingGraphError.Problem: MappedFileProblem {
    /// The header's checksum: the graph's body has one of its own.
    static var badChecksum: Self { .badHeaderChecksum }
}
