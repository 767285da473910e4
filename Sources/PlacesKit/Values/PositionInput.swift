import Foundation
public import PlaceCore

/// A position as a person gives it: `LAT,LON`, or the name of a place to look up.
public enum PositionInput: Sendable, Equatable, CustomStringConvertible {
    case coordinate(Coordinate)
    case name(String)

    /// `LAT,LON` is a coordinate; text that only looks like a broken one (`52.37,`, `91,4`) is an
    /// error, not a name to look up; anything else is a name.
    /// - Throws: ``PlacesError`` (`usage`), with the coordinate's own words.
    public init(parsing text: String) throws(PlacesError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if Self.looksLikeCoordinate(trimmed) {
            do {
                self = .coordinate(try Coordinate(parsing: trimmed))
            } catch {
                throw PlacesError(.usage, error.description)
            }
            return
        }
        guard !trimmed.isEmpty else { throw PlacesError(.usage, "is empty; give LAT,LON or the name of a place") }
        guard !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw PlacesError(.usage, "has control characters; give LAT,LON or the name of a place")
        }
        guard trimmed.count <= Self.longestName else {
            throw PlacesError(.usage, "is \(trimmed.count) characters long; a place name has at most \(Self.longestName)")
        }
        self = .name(trimmed)
    }

    /// Longer than any place name people type (the longest official place names are about 170).
    public static let longestName = 200

    /// Only digits, signs, dots, commas and spaces, with a digit: what a coordinate is made of.
    static func looksLikeCoordinate(_ text: String) -> Bool {
        guard text.contains(where: \.isNumber) else { return false }
        return text.allSatisfy { $0.isNumber || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" || $0 == " " }
    }

    /// As given: `LAT,LON` or the name.
    public var description: String {
        switch self {
        case .coordinate(let coordinate): coordinate.description
        case .name(let name): name
        }
    }
}

/// A position a flow settled on, and how: given, looked up by name, or a default.
public struct ResolvedPosition: Sendable, Equatable {
    /// How the position was settled on.
    public enum Origin: Sendable, Equatable {
        /// Given as coordinates.
        case given
        /// Found for a name: by whom (`index`, `photon`), what it is, and the runner-up when the
        /// match was not clearly ahead.
        case named(query: String, source: String, kind: String?, area: String?, runnerUp: String?)
        /// The centre saved in the store.
        case savedCentre(store: String)
        /// `center` in the config file.
        case configuredCentre(file: String)
        /// Nothing given or saved: Amsterdam's centre.
        case defaultCentre
    }

    /// Where it is.
    public var coordinate: Coordinate
    /// The place's name when it was looked up.
    public var name: String?
    /// How it was settled on.
    public var origin: Origin

    /// A position at `coordinate`, named `name` when it was looked up.
    public init(coordinate: Coordinate, name: String? = nil, origin: Origin) {
        self.coordinate = coordinate
        self.name = name
        self.origin = origin
    }
}
