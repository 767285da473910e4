import PlaceCore
import Foundation

/// What a trace reader yields, in file order.
public enum TraceItem: Sendable, Equatable {
    /// A position that could be read.
    case fix(LocationFix)
    /// The recording was interrupted here: a new GPX `<trkseg>` (or `<trk>`), a new
    /// GeoJSON feature. Fixes on either side are not one continuous recording.
    case segmentBreak
    /// A point that could not be used, with where it is and why; the reader goes on after it.
    case skipped(TraceIssue)
}

/// A point a reader or a check passed over, said the way a user can find it.
public struct TraceIssue: Sendable, Equatable, CustomStringConvertible {
    /// Where in the input: "line 12", "feature 3", "fix 40".
    public var location: String
    /// What was wrong and, where it helps, what was done ("no time; skipped").
    public var problem: String

    public init(location: String, problem: String) {
        self.location = location
        self.problem = problem
    }

    public var description: String { "\(location): \(problem)" }
}

/// A trace that cannot be read at all: not a trace, truncated, unreadable.
public struct TraceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input as the user named it ("walk.gpx", "stdin").
    public var input: String
    /// Where, when known ("12:5" for line and column, "line 12", "feature 2").
    public var location: String?
    /// What is wrong, and what to do about it.
    public var problem: String
    /// Missing, unreadable or not a trace: lets a command pick its exit status (66 for `.notFound`).
    /// ``TraceError/Kind`` and the initializer that sets it are in `TraceError+Kind.swift`.
    public var kind: Kind = .malformed

    public init(input: String, location: String? = nil, problem: String) {
        self.input = input
        self.location = location
        self.problem = problem
    }

    public var description: String {
        location.map { "\(input):\($0): \(problem)" } ?? "\(input): \(problem)"
    }
}

/// A stream of trace items, pulled one at a time so that a trace of any length, or one that
/// never ends (gpsd on stdin), is read in bounded memory.
public protocol TraceSource {
    /// The next item, or nil at the end of the input.
    /// - Throws: ``TraceError`` when the input cannot be read on (not a trace, truncated).
    mutating func next() throws(TraceError) -> TraceItem?
}
