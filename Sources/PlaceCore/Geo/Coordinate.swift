import Foundation
import PlaceBytes

/// A point on the WGS 84 ellipsoid, in decimal degrees.
///
/// A `Coordinate` is always valid: latitude in −90…90, longitude in −180…180, both finite.
/// Build one with ``init(latitude:longitude:)`` (which throws) or parse user input with
/// ``init(parsing:)``.
public struct Coordinate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Degrees north of the equator, −90…90 (negative is south).
    public let latitude: Double
    /// Degrees east of Greenwich, −180…180 (negative is west).
    public let longitude: Double

    /// Creates a coordinate, checking that it lies on the globe.
    /// - Throws: ``CoordinateError`` when a value is not finite or out of range.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite, longitude.isFinite else {
            throw CoordinateError(input: "\(latitude),\(longitude)", problem: .notFinite)
        }
        guard (-90...90).contains(latitude) else {
            throw CoordinateError(input: "\(latitude),\(longitude)", problem: .latitudeOutOfRange(latitude))
        }
        guard (-180...180).contains(longitude) else {
            throw CoordinateError(input: "\(latitude),\(longitude)", problem: .longitudeOutOfRange(longitude))
        }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// For values known to be valid at compile time (constants, tests). Traps on invalid input,
    /// so never use it on data that comes from outside.
    public init(_ latitude: Double, _ longitude: Double) {
        precondition((-90...90).contains(latitude) && (-180...180).contains(longitude), "invalid coordinate literal")
        self.latitude = latitude
        self.longitude = longitude
    }

    /// `52.37,4.89` style, trimmed to 7 decimals (about 1 cm).
    public var description: String {
        "\(Self.format(latitude)),\(Self.format(longitude))"
    }

    package static func format(_ value: Double, decimals: Int = 7) -> String {
        NumberText.trimmed(value, decimals)
    }

    private enum CodingKeys: String, CodingKey { case latitude = "lat", longitude = "lon" }

    /// Decodes `{"lat": …, "lon": …}`, rejecting a point off the globe as corrupted data.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: error.description)
        }
    }

    /// Encodes as `{"lat": …, "lon": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
    }
}
